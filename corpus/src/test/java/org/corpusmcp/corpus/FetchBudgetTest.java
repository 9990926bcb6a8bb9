package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a section may be cut, and the token estimate, on hand-checked strings. */
class FetchBudgetTest {

  @Test
  void linesAreCutPointsButNothingInsideAFence() {
    // "a" | blank | ```, x, blank, y, ``` | "b": after the closing fence, never inside it
    assertEquals(List.of(0, 2, 16), FetchBudget.blockBoundaries("a\n\n```\nx\n\ny\n```\nb"));
    assertEquals(List.of(0, 2, 4), FetchBudget.blockBoundaries("p\nq\nr"));
  }

  @Test
  void wordsAreCutPointsButNothingInsideALink() {
    // s e e _ [ a _ b ] ( x _ y ) _ c _ d: spaces at 3, 14 and 16; 6 and 11 are inside the link
    assertEquals(List.of(0, 3, 14, 16), FetchBudget.wordBoundaries("see [a b](x y) c d", 0, 18));
  }

  @Test
  void theTokenEstimateCountsLettersByFourAndEverythingElseWhole() {
    assertEquals(2, TokenEstimate.of("abcdefgh")); // 8 letters: two quarters of four
    assertEquals(2, TokenEstimate.of("abcde")); // 5 letters round up
    assertEquals(6, TokenEstimate.of("{\"a\": 1}")); // a, space, 1: one; { " " : }: five
    assertEquals(2, TokenEstimate.of("\u0439")); // Cyrillic: two UTF-8 bytes
    assertEquals(3, TokenEstimate.of("\u65e5")); // CJK: three
    assertEquals(4, TokenEstimate.of("\ud83d\ude00")); // an emoji, a surrogate pair: four
    assertTrue(TokenEstimate.of("") == 0);
  }
}
