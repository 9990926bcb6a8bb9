package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Found by WikitextFuzzTest: NUL characters in page text collided with the renderer's block
 * sentinels ({@code \0N\0}) and named a block that did not exist (IndexOutOfBoundsException).
 */
class SectionRendererNulTest {

  @Test
  void nulCharactersInPageTextAreDroppedNotTakenForBlocks() {
    // the fuzzer's input: "{{", six NULs, "4{{", NUL, "E}}}["
    String input = "{{\u0000\u0000\u0000\u0000\u0000\u00004{{\u0000E}}}[";
    assertEquals(SectionRenderer.render("{{4{{E}}}["), SectionRenderer.render(input));
  }

  @Test
  void aLoneSentinelShapeIsPlainText() {
    assertEquals("a 7 b", SectionRenderer.render("a \u00007\u0000 b"));
  }
}
