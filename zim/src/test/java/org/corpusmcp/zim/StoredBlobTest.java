package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * {@link Entry#storedBlob()} against libzim and libzstd: for every item of every valid sample, the
 * stored cluster bytes, decoded by zstd-jni (libzstd itself) rather than our decoder, hold at the
 * stored blob number the bytes libzim reads for that entry (by SHA-256), and the cluster and blob
 * numbers are the ones libzim's dirent gives. The bytes are compared with the file's from the
 * cluster pointer on, and decoding exactly them checks their end: a slice cut short fails inside a
 * frame, one that runs on fails on bytes that are no frame. xz clusters give none.
 */
class StoredBlobTest {

  static Stream<Named<Path>> archives() {
    return Oracle.validArchives().stream().map(p -> Named.of(Oracle.label(p), p));
  }

  @ParameterizedTest
  @MethodSource("archives")
  void storedBytesDecodeToTheContentLibzimReads(Path zim) throws IOException {
    JsonNode expected = Oracle.entries(zim);
    byte[] file = wholeFile(zim);
    ByteBuffer header = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    long clusterPointers = header.getLong(48);
    Map<Integer, byte[][]> decoded = new HashMap<>();
    int compared = 0;
    int xz = 0;
    try (Archive a = Zim.open(zim)) {
      for (JsonNode r : expected.get("entries")) {
        if (!"item".equals(r.get("kind").asString()) || !r.has("sha256")) {
          continue;
        }
        Entry e = a.entryAt(r.get("index").asInt());
        String where = Oracle.label(zim) + " " + r.get("namespace").asString() + "/" + e.path();
        int cluster = r.get("cluster").asInt();
        int offset =
            Math.toIntExact(header.getLong(Math.toIntExact(clusterPointers + 8L * cluster)));
        int compression = file[offset] & 0x0F;
        StoredBlob stored = e.storedBlob();
        if (compression == 4) {
          assertNull(stored, where + ": an xz cluster's stored end is not known undecoded");
          xz++;
          continue;
        }
        assertNotNull(stored, where + " (compression " + compression + ")");
        assertEquals(cluster, stored.cluster(), where + " cluster");
        assertEquals(r.get("blob").asInt(), stored.blob(), where + " blob");
        byte[] bytes = read(stored);
        assertArrayEquals(
            Arrays.copyOfRange(file, offset, offset + bytes.length),
            bytes,
            where + ": the stored bytes start at the cluster pointer");
        byte[][] blobs = decoded.computeIfAbsent(cluster, c -> blobsOf(bytes, where));
        assertEquals(
            r.get("sha256").asString(),
            OracleComparison.sha256(blobs[stored.blob()]),
            where + " content");
        compared++;
      }
    }
    assertTrue(compared + xz > 0, Oracle.label(zim) + ": no item compared");
  }

  /** The archive's bytes; a split archive's parts ({@code .zimaa}, {@code .zimab}, …) joined. */
  private static byte[] wholeFile(Path zim) throws IOException {
    String name = zim.getFileName().toString();
    if (!name.endsWith(".zimaa")) {
      return Files.readAllBytes(zim);
    }
    String stem = name.substring(0, name.length() - 2);
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (char c = 'a'; ; c++) {
      Path part = zim.resolveSibling(stem + 'a' + c);
      if (!Files.exists(part)) {
        return all.toByteArray();
      }
      all.write(Files.readAllBytes(part));
    }
  }

  private static byte[] read(StoredBlob stored) {
    long size = stored.clusterBytes().size();
    return stored.clusterBytes().readBytes(0, Math.toIntExact(size));
  }

  /** The blobs of one stored cluster, decoded by libzstd (or as they are when uncompressed). */
  private static byte[][] blobsOf(byte[] cluster, String where) {
    int info = cluster[0] & 0xFF;
    int width = (info & 0x10) != 0 ? 8 : 4;
    try (InputStream raw = new ByteArrayInputStream(cluster, 1, cluster.length - 1);
        InputStream in = (info & 0x0F) == 5 ? new ZstdInputStreamNoFinalizer(raw) : raw) {
      byte[] payload = in.readAllBytes();
      ByteBuffer b = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
      long first = width == 8 ? b.getLong(0) : b.getInt(0) & 0xFFFF_FFFFL;
      int n = (int) (first / width);
      long[] offsets = new long[n];
      for (int i = 0; i < n; i++) {
        offsets[i] = width == 8 ? b.getLong(i * width) : b.getInt(i * width) & 0xFFFF_FFFFL;
      }
      if ((info & 0x0F) == 5) {
        assertTrue(offsets[n - 1] <= payload.length, where + ": the frames hold every blob");
      } else {
        assertEquals(offsets[n - 1], payload.length, where + ": the slice ends at the last blob");
      }
      byte[][] blobs = new byte[n - 1][];
      for (int i = 0; i < n - 1; i++) {
        blobs[i] = Arrays.copyOfRange(payload, (int) offsets[i], (int) offsets[i + 1]);
      }
      return blobs;
    } catch (IOException e) {
      throw new AssertionError(where + ": libzstd cannot decode the stored bytes: " + e, e);
    }
  }
}
