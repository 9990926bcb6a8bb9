package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 * Full-text search against the oracle: zim_oracle.py search (libzim 8.1.1 and its python3-xapian
 * replay) and search --semantics 9 (current libzim), for every sample archive with an index and a
 * 5,000-article archive written by libzim. Same paths in the same order, same estimate, weights
 * within 1e-9, same percentages, titles, word counts and snippets.
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

  @ParameterizedTest(name = "{0} semantics {1}")
  @MethodSource("cases")
  void sameResultsAsLibzim(String archive, String semantics) throws IOException {
    Path zim = ParityCorpus.archive(archive);
    List<String> queries = ParityCorpus.queries(archive, "fulltext");
    int start = 0;
    int count = 10;
    List<Object> expected = ParityCorpus.oracle("search", zim, queries, semantics, start, count);
    Semantics sem = semantics.equals("9") ? Semantics.LIBZIM_9 : Semantics.LIBZIM_8_1;
    List<String> problems = new ArrayList<>();
    int compared = 0;
    int agreed = 0;
    int snippetsCompared = 0;
    int snippetsDiffer = 0;
    try (Archive a = Zim.open(zim)) {
      Searcher s = Searcher.open(a, sem);
      for (int i = 0; i < queries.size(); i++) {
        String q = queries.get(i);
        Map<String, Object> exp = map(expected.get(i));
        SearchResults got;
        try {
          got = s.search(q, start, count);
        } catch (SearchException e) {
          if (e.reason() == SearchException.Reason.QUERY_TOO_LONG) {
            continue;
          }
          throw e;
        }
        if (ParityCorpus.oracleCannotAnswer(exp)) {
          continue; // the oracle cannot take this string (lone surrogate): we only must not crash
        }
        compared++;
        List<String> p = compare(exp, got, sem);
        for (Object r : list(rep(exp, sem).getOrDefault("results", List.of()))) {
          if (map(r).get("snippet") instanceof String) {
            snippetsCompared++;
          }
        }
        snippetsDiffer += (int) p.stream().filter(x -> x.contains("snippet differs")).count();
        if (p.isEmpty()) {
          agreed++;
        }
        if (!p.isEmpty()) {
          problems.add(ParityCorpus.jsonString(q) + ": " + String.join("; ", p));
        }
      }
    }
    String line = String.format("search %-70s sem %-3s queries %4d fully-agree %4d snippets %d/%d%n",
        archive, semantics, compared, agreed, snippetsCompared - snippetsDiffer,
        snippetsCompared);
    Files.writeString(Oracle.work().resolve("parity-report.txt"), line, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    // paths, order, estimate, weights, percent, titles, word counts and snippets: exact on every query
    assertEquals(List.of(), problems.subList(0, Math.min(problems.size(), 15)),
        problems.size() + " of " + compared + " queries differ");
  }

  /** Where two strings part: a short excerpt of each around the first difference. */
  static String diff(String ours, String theirs) {
    int i = 0;
    while (i < ours.length() && i < theirs.length() && ours.charAt(i) == theirs.charAt(i)) {
      i++;
    }
    int from = Math.max(0, i - 40);
    return "at " + i + ": ours " + ParityCorpus.jsonString(ours.substring(from, Math.min(ours.length(), i + 60)))
        + " oracle " + ParityCorpus.jsonString(theirs.substring(from, Math.min(theirs.length(), i + 60)));
  }

  static Map<String, Object> rep(Map<String, Object> exp, Semantics sem) {
    Object r = sem == Semantics.LIBZIM_9 ? exp.get("replay_libzim9") : exp.get("replay");
    return r == null ? Map.of() : map(r);
  }

  static List<String> compare(Map<String, Object> exp, SearchResults got, Semantics sem) {
    List<String> p = new ArrayList<>();
    Map<String, Object> replay = rep(exp, sem);
    long estimate;
    List<Object> results;
    if (sem == Semantics.LIBZIM_9) {
      if (replay.isEmpty()) {
        p.add("oracle has no answer: " + exp.get("replay_libzim9_error"));
        return p;
      }
      estimate = (Long) replay.get("estimated");
      results = list(replay.get("results"));
    } else {
      Object lzo = exp.get("libzim");
      if (lzo == null) {
        // libzim refused the query (e.g. an empty string on some versions): it has no results
        estimate = 0;
        results = List.of();
      } else {
        Map<String, Object> lz = map(lzo);
        estimate = (Long) lz.get("estimated");
        results = list(lz.get("results"));
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
      if (k < rr.size()) {
        Map<String, Object> r = map(rr.get(k));
        if (r.get("path").equals(h.path())) {
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
          if (r.get("snippet") instanceof String sn && !sn.equals(h.snippet())) {
            p.add("#" + k + " snippet differs " + SearchParityTest.diff(h.snippet(), sn));
          }
        }
      }
    }
    return p;
  }
}
