package org.corpusmcp.zim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** What the benchmarks share to measure the way ../shared/tools/libzim_bench.py does. */
public final class BenchSupport {

  private BenchSupport() {}

  /** Drops {@code file} from the OS page cache (posix_fadvise DONTNEED); false if it could not. */
  public static boolean evict(Path file) {
    try {
      Process p =
          new ProcessBuilder(
                  "/usr/bin/python3",
                  "-c",
                  "import os,sys\nfd=os.open(sys.argv[1],os.O_RDONLY)\nos.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)",
                  file.toAbsolutePath().toString())
              .inheritIO()
              .start();
      return p.waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Nearest-rank percentile {@code q} of sorted values; 0 when there are none. */
  public static double pct(long[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    int k = Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1));
    return sorted[k];
  }

  /** Two decimals. */
  public static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  /**
   * libzim_bench.py's stats_ns: nearest-rank percentiles in µs, ops/s over the loop's wall time
   * ({@code totalNs}, or the sum of latencies when null), MB/s when {@code bytes >= 0}.
   */
  public static Map<String, Object> stats(long[] latNs, Long totalNs, long bytes) {
    long[] s = latNs.clone();
    Arrays.sort(s);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", s.length);
    if (s.length == 0) {
      return out;
    }
    long sum = 0;
    for (long v : s) {
      sum += v;
    }
    long tot = totalNs != null ? totalNs : sum;
    out.put("p50_us", round(pct(s, 0.50) / 1e3));
    out.put("p95_us", round(pct(s, 0.95) / 1e3));
    out.put("p99_us", round(pct(s, 0.99) / 1e3));
    out.put("mean_us", round((double) sum / s.length / 1e3));
    out.put("min_us", round(s[0] / 1e3));
    out.put("max_us", round(s[s.length - 1] / 1e3));
    out.put("total_s", Math.round(tot / 1e5) / 1e4);
    out.put("ops_per_s", tot > 0 ? Math.round(s.length / (tot / 1e9) * 10) / 10.0 : null);
    if (bytes >= 0) {
      out.put("bytes", bytes);
      out.put("mb_per_s", tot > 0 ? round(bytes / 1e6 / (tot / 1e9)) : null);
    }
    return out;
  }

  /**
   * Writes a benchmark's results as the JSON document {@code libzim_bench.py compare} reads: tool,
   * environment, the archive's facts, the wall time since {@code startNanos}, the measurements.
   */
  public static void writeReport(
      Path json, String tool, Path archive, long startNanos, List<Map<String, Object>> measurements)
      throws IOException {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("tool", tool);
    doc.put("environment", environment());
    Map<String, Object> info = new LinkedHashMap<>();
    try (Archive a = Zim.open(archive)) {
      info.put("name", archive.getFileName().toString());
      info.put("size_bytes", a.size());
      info.put("all_entry_count", a.allEntryCount());
      info.put("entry_count", a.entryCount());
      info.put("has_fulltext_index", a.fulltextIndex() != null);
      info.put("has_title_index", a.titleIndex() != null);
    }
    doc.put("archive", info);
    doc.put("wall_seconds", Math.round((System.nanoTime() - startNanos) / 1e8) / 10.0);
    doc.put("measurements", measurements);
    Files.createDirectories(json.toAbsolutePath().getParent());
    Files.writeString(
        json,
        JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(doc));
    System.err.println("JSON: " + json);
  }

  private static Map<String, Object> environment() {
    Map<String, Object> env = new LinkedHashMap<>();
    env.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    env.put("cpus", Runtime.getRuntime().availableProcessors());
    env.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    env.put("time_utc", Instant.now().toString());
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          env.put("cpu", line.substring(line.indexOf(':') + 1).strip());
          break;
        }
      }
    } catch (IOException e) {
      env.put("cpu", System.getProperty("os.arch"));
    }
    env.put("libzim_version", "n/a (pure Java)");
    env.put("xapian", "n/a (pure Java glass reader)");
    return env;
  }
}
