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

  @Test
  void wordsAreTakenWithoutSurroundingPunctuation() {
    assertEquals(
        List.of("Hoover", "Dam", "Liverpool", "Fab", "Four"),
        NamedTitles.words("\"Hoover Dam\" Liverpool's, Fab Four?"));
  }
}
