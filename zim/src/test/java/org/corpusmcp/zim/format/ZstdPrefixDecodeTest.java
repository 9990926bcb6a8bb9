package org.corpusmcp.zim.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Decoding a zstd cluster only up to the bytes asked for, block by block ({@link
 * ZstdFrame#decodeBlock}, {@link ZstdPayload}), must give exactly the bytes of the full decode. The
 * payloads are made here and compressed by the reference zstd library (zstd-jni), so the expected
 * bytes are the input itself, never the reader's output. Each layout has several blocks, so ranges
 * end inside, at and across block boundaries and in the last block; back-references reach from the
 * last block to the first.
 */
class ZstdPrefixDecodeTest {

  /** The encodings a writer may produce. */
  enum Layout {
    /** libzim's: a stream, level 19, no content size, no checksum, variable-size blocks. */
    STREAM_LEVEL_19,
    /** One-shot: content size in the header (a single-segment frame). */
    ONE_SHOT_WITH_CONTENT_SIZE,
    /** A content checksum after the last block. */
    STREAM_WITH_CHECKSUM,
    /** Incompressible stretches between text, so raw blocks sit between compressed ones. */
    RAW_AND_COMPRESSED_BLOCKS,
    /** Three concatenated frames (the first with a checksum), so ranges cross frames. */
    THREE_FRAMES
  }

  private static final int PAYLOAD_BYTES = 700_000;

  /** Level-19 compression takes a second or so per payload: each layout is made once. */
  private static final java.util.Map<Layout, byte[]> PAYLOADS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final java.util.Map<Layout, byte[]> COMPRESSED =
      new java.util.concurrent.ConcurrentHashMap<>();

  @ParameterizedTest
  @EnumSource(Layout.class)
  void everyPrefixIsThePrefixOfTheWholeOutput(Layout layout) {
    byte[] payload = payload(layout);
    Fixture f = new Fixture(compress(payload, layout));
    int blocks = f.totalBlocks();
    assertTrue(blocks >= 5, "the layout has several blocks: " + blocks);
    long previous = 0;
    for (int k = 1; k <= blocks; k++) {
      byte[] prefix = bytes(f.payload().decodeBlocks(k));
      assertTrue(
          prefix.length > previous || prefix.length == payload.length,
          "block " + k + " adds output: " + prefix.length + " after " + previous);
      assertArrayEquals(Arrays.copyOf(payload, prefix.length), prefix, "first " + k + " blocks");
      previous = prefix.length;
    }
    assertEquals(payload.length, previous, "all blocks give the whole payload");
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void rangesAcrossBlockBoundariesReadTheOriginalBytesOnAFreshPayload(Layout layout) {
    byte[] payload = payload(layout);
    Fixture f = new Fixture(compress(payload, layout));
    List<long[]> ranges = new ArrayList<>();
    for (long boundary : f.blockBoundaries()) {
      ranges.add(new long[] {Math.max(0, boundary - 10), Math.min(payload.length, boundary + 10)});
      ranges.add(new long[] {Math.max(0, boundary - 1000), boundary});
      ranges.add(new long[] {boundary, Math.min(payload.length, boundary + 1)});
    }
    ranges.add(new long[] {payload.length - 1, payload.length});
    ranges.add(new long[] {0, payload.length});
    for (long[] r : ranges) {
      ZstdPayload fresh = f.payload();
      assertArrayEquals(
          Arrays.copyOfRange(payload, (int) r[0], (int) r[1]),
          bytes(fresh.range(r[0], r[1])),
          "[" + r[0] + ", " + r[1] + ")");
    }
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void manyReadsOnOnePayloadExtendItAndStayExact(Layout layout) {
    byte[] payload = payload(layout);
    Fixture f = new Fixture(compress(payload, layout));
    Random random = new Random(13);
    for (int round = 0; round < 3; round++) {
      ZstdPayload p = f.payload();
      for (int i = 0; i < 40; i++) {
        int from = random.nextInt(payload.length);
        int to = Math.min(payload.length, from + random.nextInt(20_000));
        assertArrayEquals(
            Arrays.copyOfRange(payload, from, to),
            bytes(p.range(from, to)),
            "[" + from + ", " + to + ")");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Layout.class,
      names = {"STREAM_LEVEL_19", "THREE_FRAMES"})
  void aReadNearTheStartDecodesLessThanTheCluster(Layout layout) {
    byte[] payload = payload(layout);
    Fixture f = new Fixture(compress(payload, layout));
    ZstdPayload p = f.payload();
    assertArrayEquals(Arrays.copyOfRange(payload, 100, 5000), bytes(p.range(100, 5000)));
    assertTrue(
        p.decodedSize() < payload.length / 2,
        "decoded " + p.decodedSize() + " of " + payload.length);
  }

  @ParameterizedTest
  @EnumSource(
      value = Layout.class,
      names = {"STREAM_WITH_CHECKSUM", "THREE_FRAMES"})
  void aDamagedChecksumIsFoundByTheWholeDecode(Layout layout) {
    byte[] payload = payload(layout);
    byte[] compressed = compress(payload, layout);
    int lastFrameWithChecksum =
        layout == Layout.THREE_FRAMES ? firstFrameEnd(compressed) : compressed.length;
    compressed[lastFrameWithChecksum - 1] ^= 0x5A;
    Fixture f = new Fixture(compressed);
    ZstdPayload p = f.payload();
    ZimFormatException e = assertThrows(ZimFormatException.class, () -> p.range(0, payload.length));
    assertEquals(ZimFault.DECOMPRESSION, e.fault());
  }

  @ParameterizedTest
  @EnumSource(
      value = Layout.class,
      names = {"STREAM_LEVEL_19"})
  void aRangePastTheRealEndIsATypedError(Layout layout) {
    byte[] payload = payload(layout);
    Fixture f = new Fixture(compress(payload, layout));
    ZstdPayload p = f.payload();
    ZimFormatException e =
        assertThrows(ZimFormatException.class, () -> p.range(0, payload.length + 1L));
    assertEquals(ZimFault.DECOMPRESSION, e.fault());
  }

  @ParameterizedTest
  @EnumSource(Layout.class)
  void readsFurtherIntoOnePayloadReadEachBlockFromTheArchiveOnce(Layout layout) {
    byte[] payload = payload(layout);
    Fixture f = new Fixture(compress(payload, layout));
    ZstdPayload p = f.payload();
    f.bytesRead.set(0);
    for (int tenth = 1; tenth <= 10; tenth++) {
      int to = (int) ((long) payload.length * tenth / 10);
      int from = Math.max(0, to - 500);
      assertArrayEquals(
          Arrays.copyOfRange(payload, from, to), bytes(p.range(from, to)), "tenth " + tenth);
    }
    long blocksAndChecksums = 0;
    for (ZstdFrame.Extent e : f.frames.list()) {
      blocksAndChecksums += e.end() - e.blocksStart();
    }
    assertEquals(
        blocksAndChecksums,
        f.bytesRead.get(),
        "every block (and checksum) read once over ten reads, each further than the last");
    assertTrue(p.isWhole());
  }

  // --- fixtures -----------------------------------------------------------------------------

  /** A compressed payload followed by bytes that are not a frame (the next cluster's info byte). */
  private static final class Fixture {
    final ArchiveBytes in;
    final ZstdFrame.Frames frames;

    /** Bytes read from the archive so far (the walk's included; reset it to count decodes). */
    final java.util.concurrent.atomic.AtomicLong bytesRead =
        new java.util.concurrent.atomic.AtomicLong();

    Fixture(byte[] compressed) {
      byte[] archive = Arrays.copyOf(compressed, compressed.length + 8);
      archive[compressed.length] = 0x05;
      this.in =
          new ArchiveBytes(
              new CountingSource(new ByteArraySource(archive), bytesRead), "prefix-test");
      this.frames = ZstdFrame.walk(in, 0, 0, archive.length);
    }

    ZstdPayload payload() {
      return new ZstdPayload(in, 0, frames, (int) frames.outputBound());
    }

    int totalBlocks() {
      return frames.list().stream().mapToInt(ZstdFrame.Extent::blockCount).sum();
    }

    /** Output offsets where a block ends (found by decoding prefixes; used only to aim ranges). */
    List<Long> blockBoundaries() {
      List<Long> ends = new ArrayList<>();
      for (int k = 1; k <= totalBlocks(); k++) {
        ends.add(payload().decodeBlocks(k).size());
      }
      return ends;
    }
  }

  /** A byte source that counts the bytes read through it. */
  private record CountingSource(
      org.corpusmcp.zim.io.ByteSource inner, java.util.concurrent.atomic.AtomicLong read)
      implements org.corpusmcp.zim.io.ByteSource {
    @Override
    public long size() {
      return inner.size();
    }

    @Override
    public void read(long position, ByteBuffer destination) {
      read.addAndGet(destination.remaining());
      inner.read(position, destination);
    }

    @Override
    public org.corpusmcp.zim.io.ByteSource slice(long offset, long length) {
      return new CountingSource(inner.slice(offset, length), read);
    }
  }

  private static byte[] bytes(org.corpusmcp.zim.io.ByteSource s) {
    byte[] b = new byte[(int) s.size()];
    s.read(0, ByteBuffer.wrap(b));
    return b;
  }

  /**
   * Word salad (compressible, with a block splitter's varying block sizes) that repeats its first
   * 30 KB at its end, so the last block refers back to the first.
   */
  private static byte[] payload(Layout layout) {
    return PAYLOADS.computeIfAbsent(layout, ZstdPrefixDecodeTest::makePayload).clone();
  }

  // The ordinal only seeds the generator, so each layout gets its own fixed payload.
  @SuppressWarnings("EnumOrdinal")
  private static byte[] makePayload(Layout layout) {
    String[] words = {
      "zim",
      "cluster",
      "libzim",
      "the",
      "of",
      "archive",
      "entry",
      "redirect",
      "wiki",
      "blob",
      "offset",
      "zstd",
      "block",
      "frame",
      "window",
      "Aymara",
      "Wikibooks",
      "<p>",
      "</p>",
      "<a href=\"",
      "\">",
      "</a>",
      "1987",
      "2026",
      "kiwix",
      "mwoffliner",
      "title",
      "path"
    };
    Random random = new Random(layout.ordinal() * 31L + 7);
    ByteArrayOutputStream out = new ByteArrayOutputStream(PAYLOAD_BYTES);
    while (out.size() < PAYLOAD_BYTES - 30_000) {
      if (layout == Layout.RAW_AND_COMPRESSED_BLOCKS && random.nextInt(60) == 0) {
        byte[] noise = new byte[150_000];
        random.nextBytes(noise);
        out.writeBytes(noise);
      }
      String w =
          words[random.nextInt(words.length)]
              + (random.nextInt(9) == 0 ? random.nextInt(100000) : "");
      out.writeBytes(
          (w + (random.nextInt(12) == 0 ? "\n" : " "))
              .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    byte[] body = out.toByteArray();
    byte[] all = Arrays.copyOf(body, body.length + 30_000);
    System.arraycopy(body, 0, all, body.length, 30_000);
    return all;
  }

  private static byte[] compress(byte[] payload, Layout layout) {
    return COMPRESSED
        .computeIfAbsent(
            layout,
            l -> {
              try {
                return makeCompressed(payload, l);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            })
        .clone();
  }

  private static byte[] makeCompressed(byte[] payload, Layout layout) throws IOException {
    switch (layout) {
      case ONE_SHOT_WITH_CONTENT_SIZE -> {
        return Zstd.compress(payload, 19);
      }
      case STREAM_WITH_CHECKSUM -> {
        return stream(payload, 19, true);
      }
      case THREE_FRAMES -> {
        int a = payload.length / 3;
        int b = 2 * payload.length / 3;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(stream(Arrays.copyOfRange(payload, 0, a), 19, true));
        out.writeBytes(Zstd.compress(Arrays.copyOfRange(payload, a, b), 3));
        out.writeBytes(stream(Arrays.copyOfRange(payload, b, payload.length), 19, false));
        return out.toByteArray();
      }
      default -> {
        return stream(payload, 19, false);
      }
    }
  }

  /** As libzim's writer: a compression stream, no content size. */
  private static byte[] stream(byte[] payload, int level, boolean checksum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out)) {
      z.setLevel(level);
      z.setChecksum(checksum);
      for (int at = 0; at < payload.length; at += 64 * 1024) {
        z.write(payload, at, Math.min(64 * 1024, payload.length - at));
      }
    }
    return out.toByteArray();
  }

  private static int firstFrameEnd(byte[] compressed) {
    ArchiveBytes in = new ArchiveBytes(new ByteArraySource(compressed), "frames");
    return (int) ZstdFrame.walk(in, 0, 0, compressed.length).list().get(0).end();
  }
}
