package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.corpus.TestCorpus;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Titles named inside questions, on wikipedia_en_100_mini. Facts of the archive, read from its
 * entry list with zim_oracle.py (entries): "Hoover Dam" is an article and neither "Hoover" nor
 * "Dam" is a title; "Fab Four" is a redirect to The Beatles; "Beatles" is a redirect to it too;
 * "New Liverpool Stadium" redirects to Anfield.
 */
class NamedTitlesTest {

  private static Archive archive;

  @BeforeAll
  static void open() {
    archive = Zim.open(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED));
  }

  @AfterAll
  static void close() {
    archive.close();
  }

  private static List<String> named(String query) {
    List<String> out = new ArrayList<>();
    for (NamedTitles.Named n : NamedTitles.in(archive, query)) {
      out.add(n.entry().resolve().path() + " " + n.words());
    }
    return out;
  }

  @Test
  void aTitleAmongOtherWordsIsNamed() {
    assertEquals(List.of("A/Hoover_Dam 2"), named("when was the Hoover Dam built"));
  }

  @Test
  void aRedirectNamesItsTargetAndAPossessiveIsNotPartOfTheTitle() {
    assertEquals(List.of("A/The_Beatles 2"), named("who were the Fab Four's producers?"));
  }

  @Test
  void theLongestSpanWinsOverTheTitlesInsideIt() {
    // "Beatles" alone is a redirect too, but it lies inside the longer span
    assertEquals(List.of("A/The_Beatles 1"), named("songs by The Beatles in 1965"));
    assertEquals(List.of("A/Anfield 3"), named("capacity of the New Liverpool Stadium plans"));
  }

  @Test
  void stopwordsAloneNameNothingAndTheWholeQueryIsLeftToTheExactTitle() {
    assertEquals(List.of(), named("when was it"));
    assertEquals(List.of(), named("Hoover Dam"));
  }

  /**
   * A song title opening with a pronoun: in the Ray Charles mini wiki "I Believe to My Soul (song)"
   * is a redirect to Ray Charles (python3-libzim). A span had to open with a meaningful word, so
   * the question named nothing; a function word capitalised inside the query may open one, while
   * the query's first word (capitalised as any sentence's) may not.
   */
  @Test
  void aTitleOpeningWithACapitalisedFunctionWordIsNamed() {
    try (Archive mini = Zim.open(TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MINI))) {
      List<String> named = new ArrayList<>();
      for (NamedTitles.Named n :
          NamedTitles.in(mini, "Where can I read about I Believe to My Soul (song)?")) {
        named.add(n.entry().resolve().path() + " " + n.words());
      }
      assertEquals(List.of("A/Ray_Charles 3"), named);
    }
    assertEquals(List.of(), named("It was the Hoover"));
  }

  /** A long pasted passage is not looked up word by word to its end: lookups stay bounded. */
  @Test
  void onlyTheFirstWordsOfALongQueryAreLookedUp() {
    String filler = "word ".repeat(NamedTitles.MAX_SPANNED_WORDS - 2);
    assertEquals(List.of("A/Hoover_Dam 2"), named(filler + "Hoover Dam"));
    assertEquals(List.of(), named(filler + "more words Hoover Dam"));
  }

  @Test
  void wordsAreTakenWithoutSurroundingPunctuation() {
    assertEquals(
        List.of("Hoover", "Dam", "Liverpool", "Fab", "Four"),
        NamedTitles.words("\"Hoover Dam\" Liverpool's, Fab Four?"));
  }
}
