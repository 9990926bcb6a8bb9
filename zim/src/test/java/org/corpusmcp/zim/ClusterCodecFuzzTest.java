package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.corpusmcp.zim.io.ByteArraySource;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the compressed cluster decoders: libzim's {@code nons/small.zim} with its compressed
 * cluster re-encoded (as {@link ClusterVariantsTest} does) as zstd in one frame or three, zstd with
 * 64-bit offsets, xz in one stream or three, and xz with 64-bit offsets; the fuzzer patches bytes
 * inside that cluster only, so every input reaches the zstd block decoder or the xz decoder, and
 * every entry is read. Any exception other than {@link ZimFormatException} is a bug. For zstd the
 * reference decoder (libzstd, through zstd-jni) is the judge: when it decodes the damaged stream to
 * the original payload, every blob our decoder returns must be the original blob.
 */
@Tag("fuzz")
class ClusterCodecFuzzTest {

  /** (plain cluster, compressed cluster, frames): the re-encodings fuzzed. */
  private static final int[][] VARIANTS = {
    {0x01, 0x05, 1},
    {0x01, 0x05, 3},
    {0x01, 0x15, 1},
    {0x01, 0x04, 1},
    {0x01, 0x04, 3},
    {0x01, 0x14, 1},
  };

  private static final Base[] BASES = load();

  /** A re-encoded archive, where its compressed cluster lies, and its entries' contents. */
  @SuppressWarnings("ArrayRecordComponent") // fixed test data, never compared
  private record Base(
      byte[] zim, int clusterStart, int clusterEnd, byte[] payload, Map<String, byte[]> contents) {}

  private static Base[] load() {
    try {
      byte[] original =
          Files.readAllBytes(Oracle.samples().resolve("zim-testing-suite/nons/small.zim"));
      Base[] bases = new Base[VARIANTS.length];
      for (int v = 0; v < VARIANTS.length; v++) {
        byte[] zim =
            ClusterVariantsTest.rewrite(original, VARIANTS[v][0], VARIANTS[v][1], VARIANTS[v][2]);
        int[] region = compressedCluster(zim);
        byte[] payload =
            (VARIANTS[v][1] & 0x0F) == 5
                ? zstd(Arrays.copyOfRange(zim, region[0] + 1, region[1]))
                : new byte[0];
        bases[v] = new Base(zim, region[0], region[1], payload, contents(zim));
      }
      return bases;
    } catch (IOException e) {
      throw new UncheckedIOException("the fuzz test re-encodes the shared nons/small.zim", e);
    }
  }

  /** [start, end) of the one compressed cluster, info byte first. */
  static int[] compressedCluster(byte[] zim) {
    ByteBuffer h = ByteBuffer.wrap(zim).order(ByteOrder.LITTLE_ENDIAN);
    int count = h.getInt(28);
    int ptrPos = (int) h.getLong(48);
    long[] pointers = new long[count];
    int start = -1;
    for (int c = 0; c < count; c++) {
      pointers[c] = h.getLong(ptrPos + 8 * c);
      int info = zim[(int) pointers[c]] & 0x0F;
      if (info == 4 || info == 5) {
        start = (int) pointers[c];
      }
    }
    long end = ptrPos;
    for (long p : pointers) {
      if (p > start && p < end) {
        end = p;
      }
    }
    return new int[] {start, (int) end};
  }

  private static Map<String, byte[]> contents(byte[] zim) {
    Map<String, byte[]> out = new HashMap<>();
    try (Archive a = Zim.open(new ByteArraySource(zim), "base", ZimOptions.builder().build())) {
      for (int i = 0; i < a.allEntryCount(); i++) {
        Entry e = a.entryAt(i);
        if (e.isItem()) {
          out.put(e.fullPath(), e.content().bytes());
        }
      }
    }
    return out;
  }

  /** libzstd's decoding of a payload, or null when it refuses it. */
  private static byte @Nullable [] zstd(byte[] frames) {
    try (InputStream in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(frames))) {
      return in.readAllBytes();
    } catch (IOException | RuntimeException refused) {
      return null;
    }
  }

  @FuzzTest(maxDuration = "60s")
  void damagedClustersFailOnlyWithZimFormatException(FuzzedDataProvider data) {
    Base base = BASES[data.consumeInt(0, BASES.length - 1)];
    byte[] bytes = base.zim().clone();
    int patches = data.consumeInt(1, 8);
    for (int p = 0; p < patches; p++) {
      int at = data.consumeInt(base.clusterStart() + 1, base.clusterEnd() - 1);
      byte[] patch = data.consumeBytes(Math.min(8, base.clusterEnd() - at));
      System.arraycopy(patch, 0, bytes, at, patch.length);
    }
    boolean zstd = (bytes[base.clusterStart()] & 0x0F) == 5;
    byte[] reference =
        zstd ? zstd(Arrays.copyOfRange(bytes, base.clusterStart() + 1, base.clusterEnd())) : null;
    boolean sameAsOriginal = reference != null && Arrays.equals(reference, base.payload());
    try (Archive a =
        Zim.open(
            new ByteArraySource(bytes),
            "fuzzed",
            ZimOptions.builder().cacheBytes(data.consumeBoolean() ? 0 : 1 << 20).build())) {
      for (int i = 0; i < a.allEntryCount(); i++) {
        try {
          Entry e = a.entryAt(i);
          if (!e.isItem()) {
            continue;
          }
          e.size();
          byte[] content = e.content().bytes();
          if (sameAsOriginal) {
            assertArrayEquals(base.contents().get(e.fullPath()), content, e.fullPath());
          }
        } catch (ZimFormatException expected) {
          // the only allowed failure
        }
      }
    } catch (ZimFormatException expected) {
      // the only allowed failure
    }
  }
}
