package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one parity run compared, and the assertions on it: every query is either compared or
 * uncompared for a reason named in {@link UncomparedQuery}; any other oracle failure is a
 * difference; pages empty on both sides are counted apart from pages with results, and a run needs
 * enough of the latter (and, where the oracle gives snippets, compared snippets) to mean something.
 * Without these counts an oracle that raised on every query passed with 0 compared.
 */
final class ParityTally {
  private final String label;
  private final Map<UncomparedQuery, Integer> uncompared = new EnumMap<>(UncomparedQuery.class);
  private final List<String> problems = new ArrayList<>();
  private int queries;
  private int compared;
  private int emptyOnBoth;
  private int agreed;
  private int snippets;
  private int snippetsDiffer;

  ParityTally(String label) {
    this.label = label;
  }

  /**
   * Decides whether query {@code q} is compared. Not when it has a named reason and the oracle
   * indeed could not answer it; a failure of the oracle on any other query is recorded as a
   * difference (and the query is not compared further).
   */
  boolean admit(String q, Map<String, Object> expected) {
    queries++;
    Optional<UncomparedQuery> reason = UncomparedQuery.of(q);
    String error = oracleError(expected);
    if (reason.isPresent()
        && (error != null || reason.get() == UncomparedQuery.OVER_OUR_LENGTH_LIMIT)) {
      uncompared.merge(reason.get(), 1, Integer::sum);
      return false;
    }
    compared++;
    if (error != null) {
      problems.add(ParityCorpus.jsonString(q) + ": the oracle failed: " + error);
      return false;
    }
    return true;
  }

  /**
   * The oracle's failure to give the answer compared against, or null when it answered: an
   * exception, libzim 8.1.1 refusing the query, or the libzim 9 emulation failing. (The 8.1
   * replay's own failure matters only where libzim has hits; the comparisons report that.)
   */
  static String oracleError(Map<String, Object> expected) {
    for (String key : List.of("oracle_exception", "libzim_error", "replay_libzim9_error")) {
      if (expected.get(key) != null) {
        return key + ": " + expected.get(key);
      }
    }
    return null;
  }

  /** One compared query's outcome. */
  void record(
      String q,
      List<String> differences,
      boolean emptyOnBothSides,
      int snippetsHere,
      int snippetsDifferHere) {
    if (emptyOnBothSides && differences.isEmpty()) {
      emptyOnBoth++;
    }
    snippets += snippetsHere;
    snippetsDiffer += snippetsDifferHere;
    if (differences.isEmpty()) {
      agreed++;
    } else {
      problems.add(ParityCorpus.jsonString(q) + ": " + String.join("; ", differences));
    }
  }

  int compared() {
    return compared;
  }

  int withResults() {
    return compared - emptyOnBoth;
  }

  String reportLine() {
    return String.format(
        "%-80s queries %4d compared %4d agreed %4d empty-on-both %4d with-results %4d"
            + " snippets %d/%d uncompared %s%n",
        label,
        queries,
        compared,
        agreed,
        emptyOnBoth,
        withResults(),
        snippets - snippetsDiffer,
        snippets,
        uncompared);
  }

  /** Appends the counts to target/search-oracle/parity-report.txt. */
  void report() throws IOException {
    Files.writeString(
        Oracle.work().resolve("parity-report.txt"),
        reportLine(),
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /**
   * Asserts no difference, every query accounted for, at least {@code minWithResults} compared
   * queries with results, and at least {@code minSnippets} compared snippets.
   */
  void assertAgreement(int minWithResults, int minSnippets) throws IOException {
    report();
    int named = uncompared.values().stream().mapToInt(Integer::intValue).sum();
    assertEquals(
        queries, compared + named, label + ": queries neither compared nor named " + reportLine());
    assertEquals(
        List.of(),
        problems.subList(0, Math.min(problems.size(), 15)),
        label + ": " + problems.size() + " of " + compared + " queries differ; " + reportLine());
    assertTrue(
        withResults() >= minWithResults,
        label
            + ": only "
            + withResults()
            + " compared queries have"
            + " results, at least "
            + minWithResults
            + " needed to mean something; "
            + reportLine());
    assertTrue(
        snippets >= minSnippets,
        label
            + ": only "
            + snippets
            + " snippets compared, at least "
            + minSnippets
            + " needed; "
            + reportLine());
  }
}
