package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real libzim 8.1.1, not its replay: for a subset of each archive's queries (the first {@link
 * #SUBSET} with results, in the parity set's order), our semantics-8.1 search against kiwix-serve's
 * answers, which libzim computes itself, snippets included. SearchParityTest takes weights,
 * percentages and snippets from the python3-xapian replay and a Python port of libzim's HTML
 * parser; this test is what ties those snippets to libzim's own. Same estimate, paths, order,
 * titles, word counts and snippets.
 */
class KiwixServeParityTest {
  static final int SUBSET = 20;

  static Stream<String> archives() {
    return Stream.concat(ParityCorpus.FULLTEXT.stream(), Stream.of(ParityCorpus.BIG));
  }

  @ParameterizedTest(name = "{0} against kiwix-serve (real libzim 8.1.1)")
  @MethodSource("archives")
  void sameResultsAndSnippetsAsKiwixServe(String archive) throws IOException {
    Path zim = ParityCorpus.archive(archive);
    List<String> queries = ParityCorpus.queries(archive, "fulltext");
    List<Object> libzim = ParityCorpus.oracle("search", zim, queries, "8.1", 0, 10);
    List<String> subset = new ArrayList<>();
    for (int i = 0; i < queries.size() && subset.size() < SUBSET; i++) {
      String q = queries.get(i);
      Map<String, Object> lz =
          SearchParityTest.map(
              SearchParityTest.map(libzim.get(i)).getOrDefault("libzim", Map.of()));
      // kiwix-serve refuses an empty pattern and cuts a query at a NUL (libkiwix takes C
      // strings), so empty queries and those with control characters are left to
      // SearchParityTest; a query without results has no snippet to check
      if (!q.isBlank()
          && q.chars().noneMatch(c -> c < 0x20)
          && UncomparedQuery.of(q).isEmpty()
          && !SearchParityTest.list(lz.getOrDefault("results", List.of())).isEmpty()) {
        subset.add(q);
      }
    }
    List<String> problems = new ArrayList<>();
    int hits = 0;
    int snippets = 0;
    try (Archive a = Zim.open(zim);
        KiwixServe kiwix = new KiwixServe(zim)) {
      Searcher s = Searcher.open(a, Semantics.LIBZIM_8_1);
      for (String q : subset) {
        KiwixServe.Page want = kiwix.search(q, 0, 10);
        SearchResults got = s.search(q, 0, 10);
        List<String> p = new ArrayList<>();
        if (want.totalResults() != got.estimatedMatches()) {
          p.add("estimate " + got.estimatedMatches() + " != " + want.totalResults());
        }
        if (want.hits().size() != got.hits().size()) {
          p.add("count " + got.hits().size() + " != " + want.hits().size());
        }
        for (int k = 0; k < Math.min(want.hits().size(), got.hits().size()); k++) {
          KiwixServe.Hit w = want.hits().get(k);
          SearchHit h = got.hits().get(k);
          if (!w.path().equals(h.path())) {
            p.add("#" + k + " path " + h.path() + " != " + w.path());
            break;
          }
          hits++;
          if (!w.title().equals(h.title())) {
            p.add("#" + k + " title " + h.title() + " != " + w.title());
          }
          if (w.wordCount() >= 0 && w.wordCount() != h.wordCount()) {
            p.add("#" + k + " wordcount " + h.wordCount() + " != " + w.wordCount());
          }
          if (w.snippet() != null) {
            snippets++;
            if (!w.snippet().equals(h.snippet())) {
              p.add(
                  "#" + k + " snippet differs " + SearchParityTest.diff(h.snippet(), w.snippet()));
            }
          }
        }
        if (!p.isEmpty()) {
          problems.add(ParityCorpus.jsonString(q) + ": " + String.join("; ", p));
        }
      }
    }
    assertEquals(
        List.of(),
        problems.subList(0, Math.min(problems.size(), 10)),
        problems.size() + " of " + subset.size() + " queries differ from kiwix-serve");
    assertTrue(
        subset.size() >= Math.min(SUBSET, 3), "only " + subset.size() + " queries with results");
    assertTrue(snippets > 0, "no snippet compared in " + hits + " hits");
  }
}
