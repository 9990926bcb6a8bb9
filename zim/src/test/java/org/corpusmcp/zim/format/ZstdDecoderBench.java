package org.corpusmcp.zim.format;

import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.corpusmcp.zim.io.FileSource;

/**
 * The zstd decoders side by side on one archive's clusters: the product's pure-Java {@link
 * ZstdFrame} (aircompressor) and the JNI decoder it replaced (zstd-jni, test scope only). Each
 * round decodes every zstd cluster in full from its compressed bytes (copied out of the archive by
 * both, as the reader does); the best of the rounds is printed. A third row decodes only the first
 * half of each cluster's blocks, as {@link ZstdPayload} does for a blob in mid-cluster.
 *
 * <pre>
 * java -cp … org.corpusmcp.zim.format.ZstdDecoderBench ARCHIVE [ROUNDS]   (scripts/bench-zim.sh)
 * </pre>
 */
public final class ZstdDecoderBench {

  private ZstdDecoderBench() {}

  public static void main(String[] args) throws IOException {
    Path zim = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    try (FileSource source = FileSource.open(zim)) {
      ArchiveBytes in = new ArchiveBytes(source, zim.getFileName().toString());
      ArchiveLayout layout = ArchiveLayout.open(in, Long.MAX_VALUE);
      ClusterReader clusters = layout.clusters();
      ZimHeader h = layout.header();
      long dataEnd = h.dataEnd(in.size());
      List<long[]> frames = new ArrayList<>();
      List<Long> starts = new ArrayList<>();
      for (int c = 0; c < h.clusterCount(); c++) {
        starts.add(clusters.clusterOffset(c));
      }
      List<Long> sorted = new ArrayList<>(starts);
      sorted.add(dataEnd);
      sorted.sort(null);
      long compressed = 0;
      for (long start : starts) {
        if ((in.u8(start, "info") & 0x0F) == 5) {
          long end = sorted.get(sorted.indexOf(start) + 1);
          frames.add(new long[] {start, end});
          compressed += end - start - 1;
        }
      }
      long output = 0;
      for (long[] f : frames) {
        output += decode(in, f);
      }
      System.out.printf(
          Locale.ROOT,
          "# %s: %d zstd clusters, %.1f MB compressed, %.1f MB decoded%n",
          zim.getFileName(),
          frames.size(),
          compressed / 1e6,
          output / 1e6);
      long halfOutput = 0;
      for (long[] f : frames) {
        halfOutput += decodeHalf(in, f);
      }
      double java = Double.MAX_VALUE;
      double jni = Double.MAX_VALUE;
      double half = Double.MAX_VALUE;
      for (int r = 0; r < rounds; r++) {
        long t0 = System.nanoTime();
        long n = 0;
        for (long[] f : frames) {
          n += decode(in, f);
        }
        long t1 = System.nanoTime();
        long m = 0;
        for (long[] f : frames) {
          byte[] frame = in.bytes(f[0] + 1, (int) (f[1] - f[0] - 1), "frame");
          try (InputStream z = new ZstdInputStream(new ByteArrayInputStream(frame))) {
            m += z.readAllBytes().length;
          }
        }
        long t2 = System.nanoTime();
        long halves = 0;
        for (long[] f : frames) {
          halves += decodeHalf(in, f);
        }
        long t3 = System.nanoTime();
        if (n != output || m != output || halves != halfOutput) {
          throw new AssertionError("decoders disagree: " + n + " / " + m + " / " + output);
        }
        java = Math.min(java, (t1 - t0) / 1e9);
        jni = Math.min(jni, (t2 - t1) / 1e9);
        half = Math.min(half, (t3 - t2) / 1e9);
      }
      System.out.printf(
          Locale.ROOT,
          "decoder                     best of %d   decoded MB/s   ms/cluster%n",
          rounds);
      System.out.printf(
          Locale.ROOT,
          "aircompressor (pure Java)   %8.3f s   %12.1f   %10.3f%n",
          java,
          output / 1e6 / java,
          java * 1e3 / frames.size());
      System.out.printf(
          Locale.ROOT,
          "zstd-jni (JNI, native)      %8.3f s   %12.1f   %10.3f%n",
          jni,
          output / 1e6 / jni,
          jni * 1e3 / frames.size());
      System.out.printf(Locale.ROOT, "ratio pure Java / JNI time  %8.2fx%n", java / jni);
      // What a cache-missing random read pays on average: the blocks up to a blob in mid-cluster.
      System.out.printf(
          Locale.ROOT,
          "aircompressor, first half   %8.3f s   %12.1f   %10.3f   (%.1f MB: the first half of each cluster's blocks)%n",
          half,
          halfOutput / 1e6 / half,
          half * 1e3 / frames.size(),
          halfOutput / 1e6);
      System.out.printf(Locale.ROOT, "ratio first half / JNI whole %7.2fx%n", half / jni);
    }
  }

  private static long decode(ArchiveBytes in, long[] cluster) {
    ZstdFrame.Frames frames = ZstdFrame.walk(in, cluster[0], cluster[0] + 1, cluster[1]);
    return new ZstdPayload(in, cluster[0], frames, (int) frames.outputBound())
        .decodeBlocks(Integer.MAX_VALUE)
        .size();
  }

  /** The first half (rounded up) of a cluster's blocks, decoded as a prefix. */
  private static long decodeHalf(ArchiveBytes in, long[] cluster) {
    ZstdFrame.Frames frames = ZstdFrame.walk(in, cluster[0], cluster[0] + 1, cluster[1]);
    int blocks = frames.list().stream().mapToInt(ZstdFrame.Extent::blockCount).sum();
    return new ZstdPayload(in, cluster[0], frames, (int) frames.outputBound())
        .decodeBlocks((blocks + 1) / 2)
        .size();
  }
}
