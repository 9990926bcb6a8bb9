package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusServiceTest;
import org.corpusmcp.corpus.Refs;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.Stopwords;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question's frame ("who was …", "what is … known for") need not be held by the page that answers
 * it. The expected page is a fact of the archive, read from its structure: in the Ray Charles maxi
 * wiki the link text "Hardhearted Hannah" (in "Dedicated to You (Ray Charles album)" and "Ray
 * Charles discography") points to "Hard Hearted Hannah (The Vamp of Savannah)", whose page never
 * says "hardhearted" (checked with python3-libzim); strict matching of every word found only the
 * two linking pages, which then outranked it.
 */
class QuestionFrameTest {

  @TempDir static Path dir;
  private static CorpusService maxi;

  @BeforeAll
  static void open() {
    maxi = TestCorpus.service(dir.resolve("maxi"), Map.of("RayMaxi", TestCorpus.RAY_MAXI));
  }

  @AfterAll
  static void close() {
    maxi.close();
  }

  @Test
  void aQuestionsPagesAreWeighedInOneTierSoAPageLackingOneWordCanComeFirst() {
    List<String> refs =
        CorpusServiceTest.results(maxi.search("Who was Hardhearted Hannah?", 10)).stream()
            .map(SearchResult.RankedResult::ref)
            .toList();
    assertEquals(
        "corpus://RayMaxi/Hard_Hearted_Hannah_(The_Vamp_of_Savannah)",
        refs.get(0),
        refs.toString());
  }

  /**
   * One word among stopwords, in a library of another language: libzim finds nothing for "What is
   * Суфіксы?" in the Belarusian Wikibooks (no document holds "what"), and its first hit for
   * "Суфіксы" is Эспэранта_Суфіксы.html (python3-libzim); the any-word search skipped a query of
   * one meaningful word, so the answer was empty.
   */
  @Test
  void aOneWordQuestionIsAskedForItsWordWhenNoDocumentHoldsItsStopwords() {
    try (CorpusService be =
        TestCorpus.service(
            dir.resolve("be"),
            Map.of("Be", "mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim"))) {
      List<String> refs =
          CorpusServiceTest.results(be.search("What is Суфіксы?", 10)).stream()
              .map(SearchResult.RankedResult::ref)
              .toList();
      assertFalse(refs.isEmpty());
      assertEquals(Refs.encode("Be", "Эспэранта_Суфіксы.html"), refs.get(0), refs.toString());
    }
  }

  @Test
  void onlyAQueryPutAsAQuestionReadsAsOne() {
    assertTrue(Query.of("Who was Hardhearted Hannah?").readsAsQuestion());
    assertTrue(Query.of("what is the largest living cat species").readsAsQuestion());
    assertTrue(Query.of("Tell me about Bye Bye Love").readsAsQuestion());
    assertTrue(
        Query.of("Quelle est la capitale de la France", Stopwords.forLanguage("fra"))
            .readsAsQuestion());
    assertTrue(Query.of("the tallest land animal?").readsAsQuestion());
    // a heading or a title holds function words too, and every word of it is part of the name
    assertFalse(Query.of("Release and promotion").readsAsQuestion());
    assertFalse(Query.of("The Night Time (Is the Right Time)").readsAsQuestion());
    // keywords are no question, a question mark or not; nor is one meaningful word
    assertFalse(Query.of("largest living cat species?").readsAsQuestion());
    assertFalse(Query.of("what is Ray?").readsAsQuestion());
  }
}
