package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Later pages against the oracle: the parity tests compare the first page (0, 10); here the queries
 * whose first oracle answer estimates at least 7 matches are asked again for pages (3, 4) and (10,
 * 10), full text with current semantics, suggestions with both (8.1.1's title-listing fallback
 * ignores start and count, 9.4+ honours them). Same comparison as the first page: paths, order,
 * estimate, weights, percent, titles, word counts, snippets.
 */
class PagingParityTest {
  private static final int MIN_ESTIMATE = 7;
  private static final int[][] PAGES = {{3, 4}, {10, 10}};

  /** Queries with later pages each archive must have for the comparison to mean something. */
  private static final int MIN_DEEP_QUERIES = 3;

  /** zim-testing-suite's small.zim: too few entries for any query to have a second page. */
  private static final String TINY = "/small.zim";

  static Stream<Arguments> fulltext() {
    List<Arguments> a = new ArrayList<>();
    for (String z : ParityCorpus.FULLTEXT) {
      if (!z.endsWith(TINY)) {
        a.add(Arguments.of(z));
      }
    }
    a.add(Arguments.of(ParityCorpus.BIG));
    return a.stream();
  }

  static Stream<Arguments> suggest() {
    return ParityCorpus.withBigBySemantics(
        ParityCorpus.SUGGEST.stream().filter(z -> !z.endsWith(TINY)).toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fulltext")
  void laterSearchPagesAsLibzim(String archive) throws IOException {
    Path zim = ParityCorpus.archive(archive);
    List<String> deep =
        deepQueries("search", zim, ParityCorpus.queries(archive, "fulltext"), "9", 30);
    ParityTally tally = new ParityTally("search pages " + archive + " semantics 9");
    try (Archive a = Zim.open(zim)) {
      Searcher s = Searcher.open(a, Semantics.LIBZIM_9);
      for (int[] page : PAGES) {
        List<Object> expected = ParityCorpus.oracle("search", zim, deep, "9", page[0], page[1]);
        for (int i = 0; i < deep.size(); i++) {
          String q = deep.get(i);
          Map<String, Object> exp = SearchParityTest.map(expected.get(i));
          if (!tally.admit(q, exp)) {
            continue;
          }
          SearchParityTest.Compared c =
              SearchParityTest.compareCounting(
                  exp, s.search(q, page[0], page[1]), Semantics.LIBZIM_9, a);
          tally.record(
              page[0] + "+" + page[1] + " " + q,
              c.differences(),
              c.emptyOnBoth(),
              c.snippets(),
              c.snippetsDiffer());
        }
      }
    }
    // every deep query's page (3, 4) has results, by how the queries were chosen
    tally.assertAgreement(MIN_DEEP_QUERIES, 0);
  }

  @ParameterizedTest(name = "{0} against {2}")
  @MethodSource("suggest")
  void laterSuggestionPagesAsLibzim(String archive, String semantics) throws IOException {
    Path zim = ParityCorpus.archive(archive);
    List<String> deep =
        deepQueries("suggest", zim, ParityCorpus.queries(archive, "suggest"), semantics, 20);
    Semantics sem = semantics.equals("9") ? Semantics.LIBZIM_9 : Semantics.LIBZIM_8_1;
    ParityTally tally = new ParityTally("suggest pages " + archive + " semantics " + semantics);
    try (Archive a = Zim.open(zim)) {
      SuggestionSearcher s = SuggestionSearcher.open(a, sem);
      for (int[] page : PAGES) {
        List<Object> expected =
            ParityCorpus.oracle("suggest", zim, deep, semantics, page[0], page[1]);
        for (int i = 0; i < deep.size(); i++) {
          String q = deep.get(i);
          Map<String, Object> exp = SearchParityTest.map(expected.get(i));
          if (!tally.admit(q, exp)) {
            continue;
          }
          Suggestions got = s.suggest(q, page[0], page[1]);
          List<Object> truth =
              SearchParityTest.list(
                  SearchParityTest.map(
                          exp.get(sem == Semantics.LIBZIM_9 ? "replay_libzim9" : "libzim"))
                      .getOrDefault("results", List.of()));
          tally.record(
              page[0] + "+" + page[1] + " " + q,
              SuggestParityTest.compare(exp, got, sem),
              truth.isEmpty() && got.suggestions().isEmpty(),
              0,
              0);
        }
      }
    }
    tally.assertAgreement(MIN_DEEP_QUERIES, 0);
  }

  /**
   * Up to {@code max} queries whose first-page oracle answer (the parity tests' cached one)
   * estimates at least MIN_ESTIMATE matches, so that later pages are not all empty.
   */
  private static List<String> deepQueries(
      String cmd, Path zim, List<String> queries, String semantics, int max) throws IOException {
    List<Object> first = ParityCorpus.oracle(cmd, zim, queries, semantics, 0, 10);
    List<String> deep = new ArrayList<>();
    for (int i = 0; i < queries.size() && deep.size() < max; i++) {
      Map<String, Object> e = SearchParityTest.map(first.get(i));
      Object answer = semantics.equals("9") ? e.get("replay_libzim9") : e.get("libzim");
      if (answer instanceof Map<?, ?> m
          && m.get("estimated") instanceof Long est
          && est >= MIN_ESTIMATE) {
        deep.add(queries.get(i));
      }
    }
    assertTrue(
        deep.size() >= MIN_DEEP_QUERIES,
        "too few queries with " + MIN_ESTIMATE + "+ matches on " + zim + ": " + deep.size());
    return deep;
  }
}
