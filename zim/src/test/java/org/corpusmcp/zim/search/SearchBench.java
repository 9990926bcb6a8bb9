package org.corpusmcp.zim.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.BenchSupport;
import org.corpusmcp.zim.Zim;

/**
 * Benchmark harness for search and suggestions, run beside {@code shared/tools/libzim_bench.py run
 * --only searcher,search,suggest} on the same archive and query files (scripts/bench-search.sh).
 * Writes libzim_bench.py's JSON schema so {@code libzim_bench.py compare} prints both side by side.
 * Not a unit test: a main.
 *
 * <pre>
 * java -cp … org.corpusmcp.zim.search.SearchBench ARCHIVE --json OUT.json --queries Q.txt
 *      --suggest-queries S.txt [--passes 3] [--top 10] [--reps 30] [--semantics 8.1|9]
 * </pre>
 *
 * Like libzim_bench.py: {@code searcher_init/cold|warm} = open the index + a first search for a
 * term that matches nothing; {@code fulltext_search/pass1-cold} (page cache evicted), {@code warm}
 * (passes 2..N): search + estimate + the top results with their paths (as libzim_bench.py; {@code
 * warm+titles} adds each title); {@code suggestion/...}: suggest + estimate + path, title and
 * snippet of each result. Also {@code open_to_first_result}: open the archive, open the index,
 * first search with results, in a warm JVM with the page cache evicted. Default semantics 8.1 =
 * what the installed libzim runs.
 */
public final class SearchBench {
  private static final String INIT_QUERY = "zzqqxxnonexistentterm";

  private final Path archive;
  private final List<Map<String, Object>> measurements = new ArrayList<>();
  private final Semantics semantics;
  private final int top;

  private SearchBench(Path archive, Semantics semantics, int top) {
    this.archive = archive;
    this.semantics = semantics;
    this.top = top;
  }

  public static void main(String[] args) throws Exception {
    Path archive = null;
    Path json = null;
    Path queries = null;
    Path suggestQueries = null;
    int passes = 3;
    int top = 10;
    int reps = 30;
    Semantics sem = Semantics.LIBZIM_8_1;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--json" -> json = Path.of(args[++i]);
        case "--queries" -> queries = Path.of(args[++i]);
        case "--suggest-queries" -> suggestQueries = Path.of(args[++i]);
        case "--passes" -> passes = Integer.parseInt(args[++i]);
        case "--top" -> top = Integer.parseInt(args[++i]);
        case "--reps" -> reps = Integer.parseInt(args[++i]);
        case "--semantics" ->
            sem = args[++i].equals("9") ? Semantics.LIBZIM_9 : Semantics.LIBZIM_8_1;
        default -> archive = Path.of(args[i]);
      }
    }
    if (archive == null || json == null) {
      System.err.println(
          "usage: SearchBench ARCHIVE --json OUT.json --queries Q.txt --suggest-queries S.txt");
      System.exit(2);
    }
    SearchBench b = new SearchBench(archive, sem, top);
    long t0 = System.nanoTime();
    List<String> fq = queries == null ? List.of() : lines(queries);
    List<String> sq = suggestQueries == null ? List.of() : lines(suggestQueries);
    b.warmUp(fq, sq);
    b.openToFirstResult(fq, reps);
    b.searcherInit(reps);
    if (!fq.isEmpty()) {
      b.passes("fulltext_search", fq, passes);
    }
    if (!sq.isEmpty()) {
      b.passes("suggestion", sq, passes);
    }
    BenchSupport.writeReport(json, "SearchBench", archive, t0, b.measurements);
  }

  private static List<String> lines(Path p) throws IOException {
    return Files.readAllLines(p, StandardCharsets.UTF_8).stream()
        .filter(s -> !s.isBlank())
        .toList();
  }

  /** JIT warm-up on the same archive (the JVM is long-running in production). */
  private void warmUp(List<String> fq, List<String> sq) {
    try (Archive a = Zim.open(archive)) {
      Searcher s = a.fulltextIndex() == null ? null : Searcher.open(a, semantics);
      SuggestionSearcher g = SuggestionSearcher.open(a, semantics);
      long end = System.nanoTime() + 10_000_000_000L;
      int i = 0;
      while (System.nanoTime() < end && i < 5000) {
        // searcher_init measures opening in a warm JVM: up to 20,000 opens (C2 compiles after some
        // 10,000 calls), interleaved with the queries so that neither shapes the JIT's profile
        // alone
        for (int k = 0; k < 4 && s != null; k++) {
          Searcher.open(a, semantics).searchPaths(INIT_QUERY, 0, top);
        }
        if (s != null && !fq.isEmpty()) {
          s.searchPaths(fq.get(i % fq.size()), 0, top);
        }
        if (!sq.isEmpty()) {
          g.suggest(sq.get(i % sq.size()), 0, top);
        }
        i++;
      }
    }
  }

  private void openToFirstResult(List<String> fq, int reps) {
    if (fq.isEmpty()) {
      return;
    }
    long[] lat = new long[Math.max(1, reps / 3)];
    boolean evicted = true;
    for (int i = 0; i < lat.length; i++) {
      evicted &= evict();
      long t = System.nanoTime();
      try (Archive a = Zim.open(archive)) {
        if (a.fulltextIndex() == null) {
          return;
        }
        Searcher s = Searcher.open(a, semantics);
        s.searchPaths(fq.get(0), 0, top);
      }
      lat[i] = System.nanoTime() - t;
    }
    add(
        "open_to_first_result",
        "cold-inproc",
        BenchSupport.stats(lat, null, -1),
        Map.of(
            "evicted",
            evicted,
            "query",
            fq.get(0),
            "note",
            "Zim.open + Searcher.open + first search (warm JVM, page cache evicted)"));
  }

  private void searcherInit(int reps) {
    try (Archive a = Zim.open(archive)) {
      if (a.fulltextIndex() == null) {
        return;
      }
      long[] cold = new long[Math.max(1, reps / 6)];
      boolean evicted = true;
      for (int i = 0; i < cold.length; i++) {
        evicted &= evict();
        long t = System.nanoTime();
        Searcher s = Searcher.open(a, semantics);
        s.searchPaths(INIT_QUERY, 0, top);
        cold[i] = System.nanoTime() - t;
      }
      add(
          "searcher_init",
          "cold",
          BenchSupport.stats(cold, null, -1),
          Map.of(
              "query",
              INIT_QUERY,
              "evicted",
              evicted,
              "note",
              "in-process (warm JVM), archive open, page cache evicted"));
      long[] warm = new long[reps];
      for (int i = 0; i < reps; i++) {
        long t = System.nanoTime();
        Searcher s = Searcher.open(a, semantics);
        s.searchPaths(INIT_QUERY, 0, top);
        warm[i] = System.nanoTime() - t;
      }
      add(
          "searcher_init",
          "warm",
          BenchSupport.stats(warm, null, -1),
          Map.of(
              "query",
              INIT_QUERY,
              "note",
              "new Searcher (opens the glass db) + first search, archive already open"));
    }
  }

  private void passes(String kind, List<String> queries, int passes) {
    passes(kind, queries, passes, false);
    if (kind.equals("fulltext_search")) {
      passes(kind, queries, 2, true); // one cold-ish pass discarded, one warm pass with titles
    }
  }

  private void passes(String kind, List<String> queries, int passes, boolean titles) {
    boolean ev = evict();
    try (Archive a = Zim.open(archive)) {
      Searcher s =
          kind.equals("fulltext_search")
              ? (a.fulltextIndex() == null ? null : Searcher.open(a, semantics))
              : null;
      SuggestionSearcher g =
          kind.equals("suggestion") ? SuggestionSearcher.open(a, semantics) : null;
      if (kind.equals("fulltext_search") && s == null) {
        return;
      }
      List<Long> warm = new ArrayList<>();
      long warmTotal = 0;
      for (int p = 0; p < passes; p++) {
        long[] lat = new long[queries.size()];
        long start = System.nanoTime();
        for (int i = 0; i < queries.size(); i++) {
          String q = queries.get(i);
          long t = System.nanoTime();
          try {
            if (s != null) {
              SearchResults r = titles ? s.search(q, 0, top, false) : s.searchPaths(q, 0, top);
              for (SearchHit h : r.hits()) {
                h.path();
              }
            } else {
              Suggestions r = g.suggest(q, 0, top);
              for (Suggestion x : r.suggestions()) {
                x.snippet();
              }
            }
          } catch (SearchException e) {
            // too long a query: counted like libzim's errors
          }
          lat[i] = System.nanoTime() - t;
        }
        long total = System.nanoTime() - start;
        if (titles) {
          if (p == passes - 1) {
            add(
                kind,
                "warm+titles",
                BenchSupport.stats(lat, total, -1),
                Map.of(
                    "top",
                    top,
                    "note",
                    "as warm, plus each result's title (entry lookup by path)"));
          }
          continue;
        }
        if (p == 0) {
          add(
              kind,
              ev ? "pass1-cold" : "pass1",
              BenchSupport.stats(lat, total, -1),
              Map.of("top", top, "evicted", ev));
        } else {
          for (long v : lat) {
            warm.add(v);
          }
          warmTotal += total;
          add(kind, "pass" + (p + 1), BenchSupport.stats(lat, total, -1), Map.of("top", top));
        }
      }
      if (!warm.isEmpty() && !titles) {
        add(
            kind,
            "warm",
            BenchSupport.stats(warm.stream().mapToLong(Long::longValue).toArray(), warmTotal, -1),
            Map.of("top", top, "passes", "2.." + passes));
      }
    }
  }

  private boolean evict() {
    return org.corpusmcp.zim.BenchSupport.evict(archive);
  }

  private void add(
      String measurement, String variant, Map<String, Object> stats, Map<String, Object> extra) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("measurement", measurement);
    m.put("variant", variant);
    m.put("impl", "corpus-mcp-zim");
    m.put("impl_version", "0.1.0-SNAPSHOT");
    m.put("archive", archive.getFileName().toString());
    m.put("semantics", semantics == Semantics.LIBZIM_9 ? "9" : "8.1");
    m.putAll(stats);
    m.putAll(extra);
    measurements.add(m);
    System.err.printf(
        "  %-20s %-14s count=%s p50_us=%s p99_us=%s mean_us=%s%n",
        measurement, variant, m.get("count"), m.get("p50_us"), m.get("p99_us"), m.get("mean_us"));
  }
}
