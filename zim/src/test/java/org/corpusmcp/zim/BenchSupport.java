package org.corpusmcp.zim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the benchmarks share to measure the way ../shared/tools/libzim_bench.py does. */
public final class BenchSupport {

  private BenchSupport() {}

  /** Drops {@code file} from the OS page cache (posix_fadvise DONTNEED); false if it could not. */
  public static boolean evict(Path file) {
    try {
      Process p = new ProcessBuilder("/usr/bin/python3", "-c",
          "import os,sys\nfd=os.open(sys.argv[1],os.O_RDONLY)\nos.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)",
          file.toAbsolutePath().toString()).inheritIO().start();
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
}
