package org.corpusmcp.zim.search;

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
 * Title suggestions against zim_oracle.py suggest (libzim 8.1.1, weights and snippets from its
 * python3-xapian replay) and suggest --semantics 9 (the replay's EMULATION of libzim 9, which is
 * not installed): same paths in the same order, same estimate, same titles and snippets, weights
 * within 1e-9 of the replay's; archives without a title index exercise the title-listing fallback.
 */
class SuggestParityTest {

  static Stream<Arguments> cases() {
    return ParityCorpus.withBigBySemantics(ParityCorpus.SUGGEST);
  }

  @ParameterizedTest(name = "{0} against {2}")
  @MethodSource("cases")
  void sameSuggestionsAsLibzim(String archive, String semantics) throws IOException {
    Path zim = ParityCorpus.archive(archive);
    List<String> queries = ParityCorpus.queries(archive, "suggest");
    int start = 0;
    int count = 10;
    List<Object> expected = ParityCorpus.oracle("suggest", zim, queries, semantics, start, count);
    Semantics sem = semantics.equals("9") ? Semantics.LIBZIM_9 : Semantics.LIBZIM_8_1;
    ParityTally tally = new ParityTally("suggest " + archive + " semantics " + semantics);
    try (Archive a = Zim.open(zim)) {
      SuggestionSearcher s = SuggestionSearcher.open(a, sem);
      for (int i = 0; i < queries.size(); i++) {
        String q = queries.get(i);
        Map<String, Object> exp = SearchParityTest.map(expected.get(i));
        Suggestions got = s.suggest(q, start, count);
        if (!tally.admit(q, exp)) {
          continue;
        }
        List<String> p = compare(exp, got, sem);
        List<Object> truth =
            SearchParityTest.list(
                SearchParityTest.map(
                        exp.get(sem == Semantics.LIBZIM_9 ? "replay_libzim9" : "libzim"))
                    .getOrDefault("results", List.of()));
        tally.record(q, p, truth.isEmpty() && got.suggestions().isEmpty(), 0, 0);
      }
    }
    // paths, order, titles, estimate, weights and snippets: exact on every query; and enough
    // queries with suggestions to mean something
    tally.assertAgreement(SearchParityTest.MIN_WITH_RESULTS, 0);
  }

  static List<String> compare(Map<String, Object> exp, Suggestions got, Semantics sem) {
    List<String> p = new ArrayList<>();
    Map<String, Object> truth;
    List<Object> replay = List.of();
    // the python3-xapian replay gives weights and snippets wherever there is a title index
    boolean replayExpected = sem == Semantics.LIBZIM_8_1 && exp.get("note") == null;
    if (sem == Semantics.LIBZIM_9) {
      if (exp.get("replay_libzim9") == null) {
        p.add("oracle has no answer: " + exp.get("replay_libzim9_error"));
        return p;
      }
      truth = SearchParityTest.map(exp.get("replay_libzim9"));
      replay = SearchParityTest.list(truth.getOrDefault("results", List.of()));
    } else {
      truth = SearchParityTest.map(exp.get("libzim"));
      if (exp.get("replay") != null) {
        replay =
            SearchParityTest.list(
                SearchParityTest.map(exp.get("replay")).getOrDefault("results", List.of()));
      }
    }
    long est = (Long) truth.get("estimated");
    if (est != got.estimatedMatches()) {
      p.add("estimate " + got.estimatedMatches() + " != " + est);
    }
    List<Object> results = SearchParityTest.list(truth.get("results"));
    if (results.size() != got.suggestions().size()) {
      p.add("count " + got.suggestions().size() + " != " + results.size());
    }
    for (int k = 0; k < Math.min(results.size(), got.suggestions().size()); k++) {
      Map<String, Object> e = SearchParityTest.map(results.get(k));
      Suggestion h = got.suggestions().get(k);
      if (!e.get("path").equals(h.path())) {
        p.add("#" + k + " path " + h.path() + " != " + e.get("path"));
        break;
      }
      if (e.get("title") instanceof String t && !t.equals(h.title())) {
        p.add("#" + k + " title " + h.title() + " != " + t);
      }
      if (replayExpected
          && (k >= replay.size()
              || !SearchParityTest.map(replay.get(k)).get("path").equals(h.path()))) {
        p.add(
            "#"
                + k
                + " the replay has no "
                + h.path()
                + " here: weight and snippet not comparable");
      } else if (k < replay.size()) {
        Map<String, Object> r = SearchParityTest.map(replay.get(k));
        if (r.get("path").equals(h.path())
            && r.get("snippet") instanceof String sn
            && !sn.equals(h.snippet())) {
          p.add("#" + k + " snippet differs " + SearchParityTest.diff(h.snippet(), sn));
        }
        if (r.get("path").equals(h.path())
            && r.get("weight") instanceof Number w
            && Math.abs(w.doubleValue() - h.weight()) > 1e-9) {
          p.add("#" + k + " weight " + h.weight() + " != " + w);
        }
      }
    }
    return p;
  }
}
