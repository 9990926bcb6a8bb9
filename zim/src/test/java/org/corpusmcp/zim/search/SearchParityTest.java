package org.corpusmcp.zim.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Full-text search against the oracle, for every sample archive with an index and a 5,000-article
 * archive written by libzim. Semantics 8.1: paths, order, estimate and titles from the installed
 * libzim 8.1.1 itself; weights, percentages, word counts and snippets from zim_oracle.py's
 * python3-xapian replay of it (snippets: Xapian's MSet.snippet over a Python port of libzim's HTML
 * parser; KiwixServeParityTest checks those against libzim's own). Semantics 9: everything from the
 * replay's EMULATION of libzim 9, which is not installed. Exact on every compared query, weights
 * within 1e-9; {@link ParityTally} says what must be compared.
 */
class SearchParityTest {

  static Stream<Arguments> cases() {
    return ParityCorpus.withBigBySemantics(ParityCorpus.FULLTEXT);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    return (List<Object>) o;
  }

  @ParameterizedTest(name = "{0} against {2}")
  @MethodSource("cases")
  void sameResultsAsLibzim(String archive, String semantics) throws IOException {
    Path zim = ParityCorpus.archive(archive);
    List<String> queries = ParityCorpus.queries(archive, "fulltext");
    int start = 0;
    int count = 10;
    List<Object> expected = ParityCorpus.oracle("search", zim, queries, semantics, start, count);
    Semantics sem = semantics.equals("9") ? Semantics.LIBZIM_9 : Semantics.LIBZIM_8_1;
    ParityTally tally = new ParityTally("search " + archive + " semantics " + semantics);
    try (Archive a = Zim.open(zim)) {
      Searcher s = Searcher.open(a, sem);
      for (int i = 0; i < queries.size(); i++) {
        String q = queries.get(i);
        Map<String, Object> exp = map(expected.get(i));
        if (!tally.admit(q, exp)) {
          if (UncomparedQuery.of(q).isPresent()) {
            searchMustNotCrash(s, q, start, count);
          }
          continue;
        }
        Compared c = compareCounting(exp, s.search(q, start, count), sem, a);
        tally.record(q, c.differences(), c.emptyOnBoth(), c.snippets(), c.snippetsDiffer());
      }
    }
    // paths, order, estimate, weights, percent, titles, word counts and snippets: exact on every
    // query; enough queries with results, and snippets on every archive (all of them have some)
    tally.assertAgreement(MIN_WITH_RESULTS, MIN_SNIPPETS);
  }

  /**
   * Compared queries with results each archive's set must have; the smallest archive has 3
   * documents.
   */
  static final int MIN_WITH_RESULTS = 10;

  /** Compared snippets each archive must have. */
  static final int MIN_SNIPPETS = 10;

  /** A query the oracle cannot answer: the only requirement is a typed refusal or an answer. */
  static void searchMustNotCrash(Searcher s, String q, int start, int count) {
    try {
      s.search(q, start, count);
    } catch (SearchException e) {
      if (e.reason() != SearchException.Reason.QUERY_TOO_LONG) {
        throw e;
      }
    }
  }

  static boolean isRedirect(Archive a, String path) {
    Entry e = a.findByPath(path);
    return e != null && e.isRedirect();
  }

  /** Where two strings part: a short excerpt of each around the first difference. */
  static String diff(String ours, String theirs) {
    int i = 0;
    while (i < ours.length() && i < theirs.length() && ours.charAt(i) == theirs.charAt(i)) {
      i++;
    }
    int from = Math.max(0, i - 40);
    return "at "
        + i
        + ": ours "
        + ParityCorpus.jsonString(ours.substring(from, Math.min(ours.length(), i + 60)))
        + " oracle "
        + ParityCorpus.jsonString(theirs.substring(from, Math.min(theirs.length(), i + 60)));
  }

  static Map<String, Object> rep(Map<String, Object> exp, Semantics sem) {
    Object r = sem == Semantics.LIBZIM_9 ? exp.get("replay_libzim9") : exp.get("replay");
    return r == null ? Map.of() : map(r);
  }

  /** One query's comparison: the differences, and what was compared. */
  record Compared(
      List<String> differences, boolean emptyOnBoth, int snippets, int snippetsDiffer) {}

  static List<String> compare(Map<String, Object> exp, SearchResults got, Semantics sem) {
    return compareCounting(exp, got, sem, null).differences();
  }

  /**
   * @param archive the archive searched, to tell redirect hits apart (semantics 8.1), or null
   */
  static Compared compareCounting(
      Map<String, Object> exp, SearchResults got, Semantics sem, Archive archive) {
    List<String> p = new ArrayList<>();
    int snippets = 0;
    int snippetsDiffer = 0;
    Map<String, Object> replay = rep(exp, sem);
    long estimate;
    List<Object> results;
    if (sem == Semantics.LIBZIM_9) {
      if (replay.isEmpty()) {
        p.add("oracle has no answer: " + exp.get("replay_libzim9_error"));
        return new Compared(p, false, 0, 0);
      }
      estimate = (Long) replay.get("estimated");
      results = list(replay.get("results"));
    } else {
      if (exp.get("libzim") == null) {
        p.add("oracle has no answer: " + ParityTally.oracleError(exp));
        return new Compared(p, false, 0, 0);
      }
      Map<String, Object> lz = map(exp.get("libzim"));
      estimate = (Long) lz.get("estimated");
      results = list(lz.get("results"));
      // libzim 8.1.1 answers a query its parser rejects ("music AND") with nothing, where the
      // replay raises: with no hits there is nothing the replay would have to supply
      if (replay.isEmpty() && !results.isEmpty()) {
        p.add(
            "the replay failed ("
                + exp.get("replay_error")
                + "): weights, percent and snippets not comparable");
      }
    }
    if (estimate != got.estimatedMatches()) {
      p.add("estimate " + got.estimatedMatches() + " != " + estimate);
    }
    List<Object> rr = list(replay.getOrDefault("results", List.of()));
    if (results.size() != got.hits().size()) {
      p.add("count " + got.hits().size() + " != " + results.size());
    }
    for (int k = 0; k < Math.min(results.size(), got.hits().size()); k++) {
      Map<String, Object> e = map(results.get(k));
      SearchHit h = got.hits().get(k);
      if (!e.get("path").equals(h.path())) {
        p.add("#" + k + " path " + h.path() + " != " + e.get("path"));
        break;
      }
      if (e.get("title") instanceof String t && !t.equals(h.title())) {
        p.add("#" + k + " title " + h.title() + " != " + t);
      }
      // weights, percent, word counts and snippets come from the python3-xapian replay; where it
      // does not stand at this hit, nothing could be compared, which is a difference too
      if (k >= rr.size() || !map(rr.get(k)).get("path").equals(h.path())) {
        p.add(
            "#"
                + k
                + " the replay has no "
                + h.path()
                + " here: weight, percent and snippet not comparable");
      } else {
        Map<String, Object> r = map(rr.get(k));
        double w = ((Number) r.get("weight")).doubleValue();
        if (Math.abs(w - h.weight()) > 1e-9) {
          p.add("#" + k + " weight " + h.weight() + " != " + w);
        }
        if (((Long) r.get("percent")).intValue() != h.percent()) {
          p.add("#" + k + " percent " + h.percent() + " != " + r.get("percent"));
        }
        if (r.get("wordcount") instanceof String wc && Long.parseLong(wc) != h.wordCount()) {
          p.add("#" + k + " wordcount " + h.wordCount() + " != " + wc);
        }
        if (sem == Semantics.LIBZIM_8_1 && archive != null && isRedirect(archive, h.path())) {
          // the replay follows a redirect hit to its target's text; libzim 8.1.1 itself gives no
          // snippet there (KiwixServeParityTest sees it through kiwix-serve), so neither do we
          if (!h.snippet().isEmpty()) {
            p.add(
                "#"
                    + k
                    + " "
                    + h.path()
                    + " is a redirect: libzim 8.1.1 has no snippet for it, ours is "
                    + ParityCorpus.jsonString(h.snippet()));
          }
        } else if (!(r.get("snippet") instanceof String sn)) {
          p.add("#" + k + " the oracle made no snippet for " + h.path());
        } else {
          snippets++;
          if (!sn.equals(h.snippet())) {
            snippetsDiffer++;
            p.add("#" + k + " snippet differs " + SearchParityTest.diff(h.snippet(), sn));
          }
        }
      }
    }
    return new Compared(p, results.isEmpty() && got.hits().isEmpty(), snippets, snippetsDiffer);
  }
}
