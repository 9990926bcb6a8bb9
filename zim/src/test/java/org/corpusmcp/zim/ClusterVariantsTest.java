package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;
import tools.jackson.databind.JsonNode;

/**
 * Cluster encodings the samples lack (extended 64-bit offsets, xz in a new-scheme archive, legacy
 * code 0), made by re-encoding the clusters of libzim's nons/small.zim into a temporary archive.
 * libzim reads each rewritten archive, and its answers are the expected values.
 *
 * <p>Rewriting: the original bytes up to the checksum are kept (old clusters become unused bytes),
 * the re-encoded clusters and a new cluster pointer list are appended, the header's clusterPtrPos
 * and checksumPos are moved, and a fresh MD5 ends the file.
 */
class ClusterVariantsTest {

  @TempDir Path tmp;

  @ParameterizedTest(name = "plain as {0}, zstd as {1}")
  @CsvSource({
    "0x11, 0x15", // both extended (64-bit offsets), zstd stays zstd
    "0x01, 0x04", // compressed cluster as xz (LZMA2 in an xz container)
    "0x00, 0x01", // legacy "none" code 0, and the compressed cluster stored plain
    "0x04, 0x14", // uncompressed cluster compressed with xz, extended xz
    "0x15, 0x11"
  })
  void libzimAndWeReadEveryEncodingAlike(String plainAs, String zstdAs) throws Exception {
    Path original = Oracle.samples().resolve("zim-testing-suite/nons/small.zim");
    byte[] rewritten =
        rewrite(Files.readAllBytes(original), Integer.decode(plainAs), Integer.decode(zstdAs));
    Path zim = tmp.resolve("variant.zim");
    Files.write(zim, rewritten);
    JsonNode libzim = Oracle.entries(zim);
    JsonNode info = Oracle.info(zim).get("libzim");
    assertTrue(info.get("check").asBoolean(), "libzim accepts the rewritten checksum");
    try (Archive a = Zim.open(zim)) {
      assertTrue(OracleComparison.assertSameEntries(a, libzim, "variant") > 0);
      assertEquals(info.get("has_title_index").asBoolean(), a.titleIndex() != null);
      a.validate();
      a.verifyChecksum(ChecksumProgress.NONE);
    }
  }

  /**
   * A payload of several concatenated frames decodes to their concatenation, as the zstd and xz
   * formats define it (the zstd and xz tools decode it so). The compressed cluster is re-encoded as
   * {@code frames} frames (zstd) or streams (xz) of equal input share, so the offset table and the
   * blobs lie in different frames. libzim 8.1.1 cannot be the oracle of the rewritten file: a read
   * past the first frame never returns (checked by hand with a timeout). The rewrite keeps every
   * blob byte for byte, so the expected entries are libzim's reading of the original.
   */
  @ParameterizedTest(name = "compressed cluster as {0} in {1} frames")
  @CsvSource({"0x05, 2", "0x05, 3", "0x15, 4", "0x04, 3"})
  void everyFrameOfAMultiFrameClusterIsDecoded(String zstdAs, int frames) throws Exception {
    Path original = Oracle.samples().resolve("zim-testing-suite/nons/small.zim");
    byte[] rewritten = rewrite(Files.readAllBytes(original), 0x01, Integer.decode(zstdAs), frames);
    Path zim = tmp.resolve("multiframe.zim");
    Files.write(zim, rewritten);
    JsonNode libzim = Oracle.entries(original);
    try (Archive a = Zim.open(zim)) {
      assertTrue(OracleComparison.assertSameEntries(a, libzim, "multi-frame") > 0);
      a.validate();
      a.verifyChecksum(ChecksumProgress.NONE);
    }
  }

  private static byte[] rewrite(byte[] zim, int plainAs, int zstdAs) throws IOException {
    return rewrite(zim, plainAs, zstdAs, 1);
  }

  /** Also the bases ClusterCodecFuzzTest damages. */
  static byte[] rewrite(byte[] zim, int plainAs, int zstdAs, int frames) throws IOException {
    ByteBuffer h = ByteBuffer.wrap(zim).order(ByteOrder.LITTLE_ENDIAN);
    int clusterCount = h.getInt(28);
    long clusterPtrPos = h.getLong(48);
    int checksumPos = (int) h.getLong(72);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(zim, 0, checksumPos);
    long[] pointers = new long[clusterCount];
    for (int c = 0; c < clusterCount; c++) {
      int offset = (int) h.getLong((int) clusterPtrPos + 8 * c);
      int info = zim[offset] & 0xFF;
      byte[] blobs = blobs(zim, offset, info);
      int target = (info & 0x0F) == 5 ? zstdAs : plainAs;
      pointers[c] = out.size();
      out.write(target);
      out.write((info & 0x0F) == 5 ? encodeInFrames(blobs, target, frames) : encode(blobs, target));
    }
    long newPtrPos = out.size();
    ByteBuffer list = ByteBuffer.allocate(8 * clusterCount).order(ByteOrder.LITTLE_ENDIAN);
    for (long p : pointers) {
      list.putLong(p);
    }
    out.write(list.array());
    byte[] body = out.toByteArray();
    ByteBuffer b = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(48, newPtrPos);
    b.putLong(72, body.length);
    try {
      byte[] md5 = MessageDigest.getInstance("MD5").digest(body);
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      all.write(body);
      all.write(md5);
      return all.toByteArray();
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /** The cluster's (uncompressed, 32-bit) offset table plus blobs, decoded without our reader. */
  private static byte[] blobs(byte[] zim, int offset, int info) throws IOException {
    InputStream in = new ByteArrayInputStream(zim, offset + 1, zim.length - offset - 1);
    if ((info & 0x0F) == 5) {
      in = new ZstdInputStreamNoFinalizer(in);
    }
    byte[] first = in.readNBytes(4);
    int n = ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN).getInt() / 4;
    byte[] rest = in.readNBytes(4 * n - 4);
    ByteBuffer table =
        ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN).put(first).put(rest);
    int end = table.getInt(4 * (n - 1));
    byte[] data = in.readNBytes(end - 4 * n);
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    all.write(table.array());
    all.write(data);
    return all.toByteArray();
  }

  /** {@link #encode} of each of {@code frames} equal shares of the payload, concatenated. */
  private static byte[] encodeInFrames(byte[] blobs, int target, int frames) throws IOException {
    if (frames == 1) {
      return encode(blobs, target);
    }
    byte[] payload = encode(blobs, (target & 0x10) | 0x01); // widened, not compressed
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int f = 0; f < frames; f++) {
      int from = payload.length * f / frames;
      int to = payload.length * (f + 1) / frames;
      out.write(encode(java.util.Arrays.copyOfRange(payload, from, to), target & 0x0F));
    }
    return out.toByteArray();
  }

  /**
   * The payload for info byte {@code target}: widened to u64 offsets if extended, then compressed.
   */
  private static byte[] encode(byte[] blobs, int target) throws IOException {
    byte[] payload = blobs;
    if ((target & 0x10) != 0) {
      ByteBuffer in = ByteBuffer.wrap(blobs).order(ByteOrder.LITTLE_ENDIAN);
      int n = in.getInt(0) / 4;
      int dataStart = 4 * n;
      ByteBuffer wide =
          ByteBuffer.allocate(8 * n + blobs.length - dataStart).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < n; i++) {
        wide.putLong(in.getInt(4 * i) + 4L * n);
      }
      wide.put(blobs, dataStart, blobs.length - dataStart);
      payload = wide.array();
    }
    switch (target & 0x0F) {
      case 0, 1 -> {
        return payload;
      }
      case 5 -> {
        return Zstd.compress(payload, 3);
      }
      case 4 -> {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (XZOutputStream xz = new XZOutputStream(out, new LZMA2Options(6))) {
          xz.write(payload);
        }
        return out.toByteArray();
      }
      default -> throw new AssertionError(target);
    }
  }
}
