package org.corpusmcp.zim;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.corpusmcp.zim.format.DirentKind;

/**
 * Benchmark harness for the ZIM reader, run beside {@code shared/tools/libzim_bench.py} on the same
 * archives and the same sampled paths (scripts/bench-zim.sh does both and prints them side by
 * side). Writes the same JSON schema as libzim_bench.py so its {@code compare} command can read it.
 * Not a unit test: run it as a main.
 *
 * <pre>
 * java -cp … org.corpusmcp.zim.ZimReaderBench ARCHIVE --json OUT.json [--paths random_paths.txt]
 *      [--random-reads 5000] [--warm-open-reps 30] [--open-reps 5] [--max-seconds 120] [--threads 2]
 * </pre>
 *
 * Measurements (names as in libzim_bench.py): {@code open/cold-inproc} (page cache evicted with
 * posix_fadvise through python, JVM warm), {@code open/first-in-process} (first open in a fresh
 * JVM: includes class loading), {@code open/warm-reopen}; {@code random_read/cold|warm} over
 * libzim's own sampled paths ({@code findByPath(p).content().bytes()}, redirects followed, fresh
 * archive per variant), {@code random_read/warm-Nthreads}; all after a JIT warm-up on a throwaway
 * archive; {@code scan/cluster-order[-cold]|path-order} over every content entry ({@code
 * entryAt(i)}, items' bytes).
 */
public final class ZimReaderBench {

  private final Path archive;
  private final List<Map<String, Object>> measurements = new ArrayList<>();
  private final double maxSeconds;
  private final PrintStream log = System.err;

  private ZimReaderBench(Path archive, double maxSeconds) {
    this.archive = archive;
    this.maxSeconds = maxSeconds;
  }

  public static void main(String[] args) throws Exception {
    Path archive = null;
    Path json = null;
    Path paths = null;
    int randomReads = 5000;
    int warmOpenReps = 30;
    int openReps = 5;
    int threads = 2;
    double maxSeconds = 120;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--json" -> json = Path.of(args[++i]);
        case "--paths" -> paths = Path.of(args[++i]);
        case "--random-reads" -> randomReads = Integer.parseInt(args[++i]);
        case "--warm-open-reps" -> warmOpenReps = Integer.parseInt(args[++i]);
        case "--open-reps" -> openReps = Integer.parseInt(args[++i]);
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        case "--max-seconds" -> maxSeconds = Double.parseDouble(args[++i]);
        default -> archive = Path.of(args[i]);
      }
    }
    if (archive == null || json == null) {
      System.err.println("usage: ZimReaderBench ARCHIVE --json OUT.json [--paths FILE] [...]");
      System.exit(2);
    }
    ZimReaderBench b = new ZimReaderBench(archive, maxSeconds);
    long t0 = System.nanoTime();
    b.firstOpen();
    List<String> sample =
        paths != null && Files.exists(paths)
            ? Files.readAllLines(paths, StandardCharsets.UTF_8).stream()
                .filter(s -> !s.isEmpty())
                .toList()
            : b.samplePaths(randomReads);
    b.warmUp(sample);
    b.open(openReps, warmOpenReps);
    b.random(sample, threads);
    b.lookups(sample);
    b.scan();
    BenchSupport.writeReport(json, "ZimReaderBench", archive, t0, b.measurements);
  }

  // ------------------------------------------------------------------ measurements

  private void firstOpen() {
    long t = System.nanoTime();
    long first;
    try (Archive a = Zim.open(archive)) {
      first = System.nanoTime() - t;
      touch(a);
    }
    add(
        "open",
        "first-in-process",
        BenchSupport.stats(new long[] {first}, null, -1),
        Map.of("note", "first Zim.open in a fresh JVM (class loading included)"));
  }

  private void open(int openReps, int warmOpenReps) {
    long[] cold = new long[openReps];
    boolean evicted = true;
    for (int i = 0; i < openReps; i++) {
      evicted &= evict();
      long s = System.nanoTime();
      Archive opened = Zim.open(archive);
      cold[i] = System.nanoTime() - s;
      opened.close();
    }
    add("open", "cold-inproc", BenchSupport.stats(cold, null, -1), Map.of("evicted", evicted));
    long[] warm = new long[warmOpenReps];
    long[] firstAccess = new long[warmOpenReps];
    for (int i = 0; i < warmOpenReps; i++) {
      long s = System.nanoTime();
      try (Archive a = Zim.open(archive)) {
        warm[i] = System.nanoTime() - s;
        touch(a);
        firstAccess[i] = System.nanoTime() - s;
      }
    }
    Arrays.sort(firstAccess);
    add(
        "open",
        "warm-reopen",
        BenchSupport.stats(warm, null, -1),
        Map.of(
            "first_access_p50_us", BenchSupport.round(BenchSupport.pct(firstAccess, 0.5) / 1e3)));
  }

  /** What libzim_bench's first access does: the main entry's content and metadata Title. */
  private static void touch(Archive a) {
    Entry main = a.mainEntry();
    if (main != null) {
      main.content().bytes();
    }
    a.metadata("Title");
  }

  private List<String> samplePaths(int n) {
    List<String> all = new ArrayList<>();
    try (Archive a = Zim.open(archive)) {
      for (Entry e : contentEntries(a)) {
        all.add(e.path());
      }
    }
    java.util.Random r = new java.util.Random(42);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(all.get(r.nextInt(all.size())));
    }
    return out;
  }

  /**
   * Small positional reads, the cost FileSource's pread pays instead of a mapped file: a path
   * lookup without content (a binary search over the path pointer list, each step one 8-byte
   * pointer read and one dirent read), on a fresh archive so no dirent is cached; libzim's row is
   * {@code scripts/libzim_lookup_bench.py} on the same paths. Then the raw read itself: 16 bytes at
   * random offsets through the archive's byte source (Java only).
   */
  private void lookups(List<String> paths) {
    try (Archive a = Zim.open(archive)) {
      long[] lat = new long[paths.size()];
      int n = 0;
      long start = System.nanoTime();
      for (String p : paths) {
        long s = System.nanoTime();
        a.expectByPath(p);
        lat[n++] = System.nanoTime() - s;
      }
      add(
          "path_lookup",
          "warm",
          BenchSupport.stats(Arrays.copyOf(lat, n), System.nanoTime() - start, -1),
          Map.of("sample_size", paths.size(), "note", "fresh Archive, no content read"));
    }
    try (org.corpusmcp.zim.io.FileSource source = org.corpusmcp.zim.io.FileSource.open(archive)) {
      java.util.Random r = new java.util.Random(42);
      int reads = 100_000;
      long[] lat = new long[reads];
      java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16);
      long start = System.nanoTime();
      for (int i = 0; i < reads; i++) {
        long at = (long) (r.nextDouble() * (source.size() - 16));
        long s = System.nanoTime();
        source.read(at, b.clear());
        lat[i] = System.nanoTime() - s;
      }
      add(
          "pread",
          "16-bytes-random",
          BenchSupport.stats(lat, System.nanoTime() - start, 16L * reads),
          Map.of("note", "FileSource positional read, page cache warm"));
    }
  }

  private void random(List<String> paths, int threads) throws Exception {
    for (String variant : new String[] {"cold", "warm"}) {
      boolean evicted = variant.equals("cold") && evict();
      try (Archive a = Zim.open(archive)) {
        long[] lat = new long[paths.size()];
        long bytes = 0;
        int n = 0;
        long deadline = System.nanoTime() + (long) (maxSeconds * 1e9);
        long start = System.nanoTime();
        for (String p : paths) {
          long s = System.nanoTime();
          bytes += a.expectByPath(p).content().bytes().length;
          lat[n++] = System.nanoTime() - s;
          if (System.nanoTime() > deadline) {
            break;
          }
        }
        long total = System.nanoTime() - start;
        add(
            "random_read",
            variant,
            BenchSupport.stats(Arrays.copyOf(lat, n), total, bytes),
            Map.of("sample_size", paths.size(), "evicted", evicted));
      }
    }
    // Several threads on one archive: what libzim's single-threaded binding cannot show.
    try (Archive a = Zim.open(archive)) {
      for (String p : paths) {
        a.expectByPath(p).content();
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        long start = System.nanoTime();
        List<Future<long[]>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int from = t;
          parts.add(
              pool.submit(
                  () -> {
                    long[] lat = new long[(paths.size() + threads - 1) / threads + 1];
                    long bytes = 0;
                    int n = 0;
                    for (int i = from; i < paths.size(); i += threads) {
                      long s = System.nanoTime();
                      bytes += a.expectByPath(paths.get(i)).content().bytes().length;
                      lat[n++] = System.nanoTime() - s;
                    }
                    long[] out = Arrays.copyOf(lat, n + 1);
                    out[n] = bytes;
                    return out;
                  }));
        }
        List<Long> all = new ArrayList<>();
        long bytes = 0;
        for (Future<long[]> f : parts) {
          long[] r = f.get();
          for (int i = 0; i < r.length - 1; i++) {
            all.add(r[i]);
          }
          bytes += r[r.length - 1];
        }
        long total = System.nanoTime() - start;
        add(
            "random_read",
            "warm-" + threads + "threads",
            BenchSupport.stats(all.stream().mapToLong(Long::longValue).toArray(), total, bytes),
            Map.of("threads", threads, "note", "same paths, one shared Archive"));
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /**
   * Lets the JIT compile the read path before anything is timed, on a throwaway Archive (its
   * cluster cache is discarded; every timed variant opens a fresh one). A server runs warm; the
   * one-off cost of a cold JVM shows in {@code open/first-in-process}.
   */
  private void warmUp(List<String> paths) {
    long deadline = System.nanoTime() + 20_000_000_000L;
    for (int round = 0; round < 10 && System.nanoTime() < deadline; round++) {
      for (int i = 0; i < 200; i++) {
        try (Archive a = Zim.open(archive)) {
          touch(a);
        }
      }
      try (Archive a = Zim.open(archive, ZimOptions.builder().cacheBytes(8L << 20).build())) {
        // Every loop checks the deadline: on a large archive one pass in path order decodes a
        // cluster per entry, minutes of work on a loaded machine.
        for (String p : paths) {
          if (System.nanoTime() > deadline) {
            break;
          }
          a.expectByPath(p).content().bytes();
        }
        int n = 0;
        for (Entry e : a.allEntries()) {
          if (n >= 50_000 || System.nanoTime() > deadline) {
            break;
          }
          if (e.isItem()) {
            n++;
            e.content().bytes();
          }
        }
      }
    }
  }

  /** libzim_bench's content entries: namespace C (new scheme) or A, I, J, - (old). */
  private static List<Entry> contentEntries(Archive a) {
    List<Entry> out = new ArrayList<>();
    String ns = a.hasNewNamespaceScheme() ? "C" : "AIJ-";
    for (Entry e : a.allEntries()) {
      if (ns.indexOf(e.namespace()) >= 0) {
        out.add(e);
      }
    }
    return out;
  }

  private void scan() {
    List<Entry> entries;
    try (Archive a = Zim.open(archive)) {
      entries = contentEntries(a);
    }
    List<Entry> byCluster = new ArrayList<>();
    List<Entry> redirects = new ArrayList<>();
    for (Entry e : entries) {
      (e.dirent().kind() == DirentKind.ITEM ? byCluster : redirects).add(e);
    }
    byCluster.sort(
        Comparator.<Entry>comparingInt(e -> e.dirent().cluster())
            .thenComparingInt(e -> e.dirent().blob())
            .thenComparingInt(Entry::index));
    byCluster.addAll(redirects);
    int[] clusterOrder = byCluster.stream().mapToInt(Entry::index).toArray();
    int[] pathOrder = entries.stream().mapToInt(Entry::index).toArray();
    scan("cluster-order-cold", clusterOrder, true);
    scan("cluster-order", clusterOrder, false);
    scan("path-order", pathOrder, false);
  }

  private void scan(String variant, int[] order, boolean cold) {
    boolean evicted = cold && evict();
    try (Archive a = Zim.open(archive)) {
      long[] lat = new long[order.length];
      long bytes = 0;
      int items = 0;
      int redirects = 0;
      int n = 0;
      long deadline = System.nanoTime() + (long) (maxSeconds * 1e9);
      long start = System.nanoTime();
      for (int index : order) {
        long s = System.nanoTime();
        Entry e = a.entryAt(index);
        if (e.isRedirect()) {
          redirects++;
        } else {
          bytes += e.content().bytes().length;
          items++;
        }
        lat[n++] = System.nanoTime() - s;
        if ((n & 255) == 0 && System.nanoTime() > deadline) {
          break;
        }
      }
      long total = System.nanoTime() - start;
      Map<String, Object> extra = new LinkedHashMap<>();
      extra.put("items", items);
      extra.put("redirects", redirects);
      extra.put("entries_total", order.length);
      extra.put("complete", n == order.length);
      extra.put("evicted", evicted);
      add("scan", variant, BenchSupport.stats(Arrays.copyOf(lat, n), total, bytes), extra);
    }
  }

  // ------------------------------------------------------------------ helpers

  /** Drops the archive from the page cache, as libzim_bench.py does. */
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
    m.putAll(stats);
    m.putAll(extra);
    measurements.add(m);
    log.printf(
        "  %-16s %-20s count=%s p50_us=%s mean_us=%s ops/s=%s MB/s=%s%n",
        measurement,
        variant,
        m.get("count"),
        m.get("p50_us"),
        m.get("mean_us"),
        m.get("ops_per_s"),
        m.get("mb_per_s"));
  }
}
