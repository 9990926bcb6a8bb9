package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.search.CollectionStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One large topical library cannot take the first places for a question about another topic. The
 * archive facts were read with python3-libzim and the distribution built before this rule: in
 * Wikipedia-100 with both Ray Charles wikis, "who was the first president of the united states"
 * listed the song "Georgia on My Mind" (whose long page holds every word) third, between pages
 * about the United States.
 */
class LibraryAffinityTest {

  @TempDir Path dir;

  private static CollectionStats stats(long docs, Map<String, Long> df) {
    return new CollectionStats(docs, docs * 100, 10, df);
  }

  @Test
  void aLibraryWhereTheQuerysWordsAreRarerThanInTheAverageMemberWeighsLess() {
    // one term: 50 of 100 documents in A, 10 of 100 in B; the mean density is 0.3 of the idf, so
    // A (0.5) keeps its weights and B (0.1) has a third of the mean: its weights times sqrt(1/3)
    CollectionStats a = stats(100, Map.of("t", 50L));
    CollectionStats b = stats(100, Map.of("t", 10L));
    double[] factors = LibraryAffinity.factors(List.of(a, b), CollectionStats.merge(List.of(a, b)));
    assertArrayEquals(new double[] {1.0, Math.sqrt(1.0 / 3)}, factors, 1e-9);
  }

  @Test
  void eachMemberIsOneVoteWhateverItsSize() {
    // a library ten times larger with the same density as the small one: both at the mean
    CollectionStats big = stats(1000, Map.of("t", 100L));
    CollectionStats small = stats(100, Map.of("t", 10L));
    double[] factors =
        LibraryAffinity.factors(List.of(big, small), CollectionStats.merge(List.of(big, small)));
    assertArrayEquals(new double[] {1.0, 1.0}, factors, 1e-9);
  }

  @Test
  void aQueryNoMemberHoldsChangesNothing() {
    CollectionStats a = stats(100, Map.of());
    CollectionStats b = stats(0, Map.of());
    assertArrayEquals(
        new double[] {1.0, 1.0},
        LibraryAffinity.factors(List.of(a, b), CollectionStats.merge(List.of(a, b))),
        1e-9);
  }

  @Test
  void aQuestionAboutTheUnitedStatesIsAnsweredFromTheEncyclopediaNotTheMusicWiki() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Wiki", TestCorpus.HUNDRED);
    libraries.put("RayMini", TestCorpus.RAY_MINI);
    libraries.put("RayMaxi", TestCorpus.RAY_MAXI);
    try (CorpusService mixed = TestCorpus.service(dir.resolve("mixed"), libraries)) {
      List<String> refs =
          CorpusServiceTest.results(
                  mixed.search("who was the first president of the united states", 10))
              .stream()
              .map(SearchResult.SearchHit::ref)
              .toList();
      assertEquals("corpus://Wiki/President_of_the_United_States", refs.get(0), refs.toString());
      assertTrue(
          refs.subList(0, 5).stream().allMatch(r -> r.startsWith("corpus://Wiki/")),
          refs.toString());
    }
  }
}
