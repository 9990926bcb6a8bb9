package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusServiceTest;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ranking across libraries of one language: Wikipedia beside two Ray Charles wikis. Expected values
 * are facts of the archives, checked with python3-libzim's own search: Perth is the one article of
 * wikipedia_en_100_mini matching "capital western australia" and none of the Ray Charles archives
 * matches it; "hoover" occurs in two Wikipedia articles (Hoover Dam, Martin Luther King Jr.) and in
 * no Ray Charles article, while "built" occurs in all three archives.
 */
class MixedLibraryRankingTest {

  @TempDir static Path dir;
  private static CorpusService mixed;

  private static CorpusService service(String name, Map<String, String> libraries) {
    return TestCorpus.service(dir.resolve(name), libraries);
  }

  @BeforeAll
  static void open() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Wiki", TestCorpus.HUNDRED);
    libraries.put("RayMini", TestCorpus.RAY_MINI);
    libraries.put("RayMaxi", TestCorpus.RAY_MAXI);
    mixed = service("mixed-ranking", libraries);
  }

  @AfterAll
  static void close() {
    mixed.close();
  }

  private static List<String> refs(String query, int limit) {
    return CorpusServiceTest.results(mixed.search(query, limit)).stream()
        .map(SearchResult.RankedResult::ref)
        .toList();
  }

  @Test
  void aStrongMatchInOneLibraryOutranksTheBestWeakMatchOfAnother() {
    // rank fusion alone put a Ray Charles album with "Western" in its title first
    assertEquals(
        "corpus://Wiki/Perth", refs("what is the capital of Western Australia", 10).get(0));
  }

  @Test
  void aLibraryWithOnlyWeakMatchesTakesNoPlaceAboveStrongOnes() {
    List<String> refs = refs("when was the Hoover Dam built", 10);
    assertEquals("corpus://Wiki/Hoover_Dam", refs.get(0), refs.toString());
    int king = refs.indexOf("corpus://Wiki/Martin_Luther_King_Jr.");
    assertTrue(king > 0, refs.toString());
    for (int i = 0; i < king; i++) {
      assertFalse(
          refs.get(i).startsWith("corpus://Ray"),
          "a 'built'-only match above a 'hoover' one: " + refs);
    }
  }

  @Test
  void anAnswerFromTheAnyWordFallbackOnlySaysSo() {
    SearchResult body = CorpusServiceTest.body(mixed.search("Hoover zzqqxxnotaword", 5));
    assertEquals("corpus://Wiki/Hoover_Dam", body.results().get(0).ref());
    // the word nothing holds is named, in the notice and as missing, and each result says it
    // lacks it
    assertEquals(List.of("zzqqxxnotaword"), body.missingWords());
    assertTrue(
        String.valueOf(body.notice()).startsWith("No library contains 'zzqqxxnotaword'"),
        body.toString());
    assertEquals(List.of("zzqqxxnotaword"), body.results().get(0).unmatchedWords());
    // words that all exist but never meet: the any-word fallback says so, and what each lacks
    SearchResult some = CorpusServiceTest.body(mixed.search("Hoover Beatles", 5));
    assertTrue(String.valueOf(some.notice()).contains("any-word"), some.toString());
    assertEquals(List.of(), some.missingWords());
    assertFalse(some.results().get(0).unmatchedWords().isEmpty(), some.toString());
    SearchResult strict = CorpusServiceTest.body(mixed.search("Hoover Dam", 5));
    assertNull(strict.notice(), strict.toString());
  }

  @Test
  void diversityInterleavesLibrariesOnlyAmongComparablyRelevantResults() {
    Library wiki = mixed.corpus().library("Wiki");
    Library ray = mixed.corpus().library("RayMini");
    Candidate a1 = candidate(wiki, "Perth", 1.0, false);
    Candidate a2 = candidate(wiki, "Australia", 0.9, false);
    Candidate a3 = candidate(wiki, "India", 0.85, false);
    Candidate b1 = candidate(ray, "Ray_Charles", 0.8, false);
    Candidate b2 = candidate(ray, "Ray_(film)", 0.3, true);
    FederatedSearch rule = new FederatedSearch(List.of(wiki, ray), l -> null, null, 1);
    // after a1: b1 (0.8) is at least 0.75 of a2 (0.9), so it comes up; after a2: b2 is weak
    // (below the floor) and 0.3 < 0.75 * 0.85, so a3 stays before it although a2 was Wiki too
    assertEquals(List.of(a1, b1, a2, a3, b2), rule.diversify(List.of(a1, a2, a3, b1, b2)));
  }

  private static Candidate candidate(Library library, String path, double strength, boolean weak) {
    return Candidate.in(library, 0, library.entry(path)).strength(strength).weak(weak).build();
  }

  @Test
  void theSameDocumentInTwoLibrariesIsListedOnceFromTheFirst() {
    Map<String, String> twins = new LinkedHashMap<>();
    twins.put("RayA", TestCorpus.RAY_MINI);
    twins.put(
        "RayB", TestCorpus.RAY_MINI); // one archive twice: every document has an identical copy
    try (CorpusService s = service("twins", twins)) {
      List<SearchResult.RankedResult> results =
          CorpusServiceTest.results(s.search("Ray Charles", 6));
      assertEquals(6, results.size());
      for (SearchResult.RankedResult r : results) {
        assertEquals("RayA", r.library(), results.toString());
      }
      // a copy ranked within the results asked for is named where the document is kept
      assertEquals(
          List.of(new SearchResult.Copy("RayB", "corpus://RayB/Ray_Charles")),
          results.get(0).alsoIn(),
          results.toString());
    }
  }
}
