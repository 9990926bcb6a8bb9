package org.corpusmcp.zim.search;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;

/**
 * Where a search's time goes on a large archive, and what top-k matching saves: each query is run
 * through {@link Searcher#searchScored} (every match weighed) and {@link Searcher#searchBest}
 * (pruned), alternating which goes first, and the two answers are compared (they must be equal).
 * Also counts the documents each path weighs. Not a unit test: a main, for archives CI does not
 * have (docs/benchmarks/scale.md).
 *
 * <pre>
 * java -cp … org.corpusmcp.zim.search.BestHitsBench ARCHIVE --depth 30 --warmup 20
 *      [--strict QUESTIONS.txt] [--relaxed OR-QUERIES.txt] ...
 * </pre>
 *
 * {@code --strict} files are searched with libzim 9 semantics (every word), {@code --relaxed} ones
 * with 8.1 semantics (for {@code a OR b OR c}), as corpus's FullTextSearcher asks them.
 */
public final class BestHitsBench {

  public static void main(String[] args) throws Exception {
    Path archive = Path.of(args[0]);
    int depth = 30;
    int warmup = 20;
    List<String[]> sets = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      switch (args[i]) {
        case "--depth" -> depth = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--strict", "--relaxed" -> sets.add(new String[] {args[i], args[++i]});
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    try (Archive a = Zim.open(archive)) {
      Searcher strict = Searcher.open(a, Semantics.LIBZIM_9);
      Searcher relaxed = strict.withSemantics(Semantics.LIBZIM_8_1);
      for (String[] set : sets) {
        Searcher s = set[0].equals("--strict") ? strict : relaxed;
        List<String> queries =
            Files.readAllLines(Path.of(set[1]), StandardCharsets.UTF_8).stream()
                .filter(q -> !q.isBlank())
                .toList();
        for (String q : queries.subList(0, Math.min(warmup, queries.size()))) {
          PreparedQuery p = s.prepare(q);
          s.searchScored(p, 0, depth, null);
          s.searchBest(p, depth, null);
        }
        measure(
            set[0] + " " + set[1],
            s,
            queries.subList(Math.min(warmup, queries.size()), queries.size()),
            depth);
      }
    }
  }

  private static void measure(String label, Searcher s, List<String> queries, int depth) {
    int n = queries.size();
    double[] all = new double[n];
    double[] best = new double[n];
    long[] matched = new long[n];
    long[] weighed = new long[n];
    int differing = 0;
    for (int i = 0; i < n; i++) {
      PreparedQuery p = s.prepare(queries.get(i));
      ScoredResults x = null;
      ScoredResults y = null;
      for (int turn = 0; turn < 2; turn++) {
        boolean exhaustive = (turn == 0) == (i % 2 == 0);
        long t = System.nanoTime();
        if (exhaustive) {
          x = s.searchScored(p, 0, depth, null);
          all[i] = (System.nanoTime() - t) / 1e6;
        } else {
          y = s.searchBest(p, depth, null);
          best[i] = (System.nanoTime() - t) / 1e6;
        }
      }
      if (!x.equals(y)) {
        differing++;
        System.out.println("DIFFERENT: " + queries.get(i));
      }
      QueryNode parsed = p.parsed();
      if (parsed != null) {
        matched[i] = new Matcher(s.database(), Bm25.FULLTEXT).run(parsed, 0, depth, null).matched();
        weighed[i] = new Matcher(s.database(), Bm25.FULLTEXT).best(parsed, depth).matched();
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%s: %d queries, depth %d, %d differing%n"
            + "  every match weighed: p50 %.1f ms, p99 %.1f ms, mean %.1f ms; documents weighed"
            + " median %d, mean %.0f, max %d%n"
            + "  best %d only:        p50 %.1f ms, p99 %.1f ms, mean %.1f ms; documents weighed"
            + " median %d, mean %.0f, max %d%n",
        label,
        n,
        depth,
        differing,
        pct(all, 50),
        pct(all, 99),
        Arrays.stream(all).average().orElse(0),
        median(matched),
        Arrays.stream(matched).average().orElse(0),
        Arrays.stream(matched).max().orElse(0),
        depth,
        pct(best, 50),
        pct(best, 99),
        Arrays.stream(best).average().orElse(0),
        median(weighed),
        Arrays.stream(weighed).average().orElse(0),
        Arrays.stream(weighed).max().orElse(0));
  }

  /** Nearest rank, as scripts/mcpbench.py's pct. */
  private static double pct(double[] xs, int p) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    int k = (int) Math.round(p / 100.0 * (s.length - 1));
    return s[Math.max(0, Math.min(s.length - 1, k))];
  }

  private static long median(long[] xs) {
    if (xs.length == 0) {
      return 0;
    }
    long[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
