package org.corpusmcp.zim.format;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdBlockDecoder;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.SourceInputStream;

/**
 * Finds and decodes the zstd frames of a compressed cluster, in pure Java (aircompressor).
 *
 * <pre>
 * Payload --&gt; Frame^k                        (k ≥ 1, concatenated; libzim decodes them all)
 * Frame   --&gt; Magic 28B52FFD, FrameHeaderDescriptor u8, [WindowDescriptor u8], [DictId], [ContentSize],
 *             Block^m, [Checksum u32 when descriptor bit 2]
 * Block   --&gt; Header u24 (bit 0 last, bits 1-2 type: 0 raw, 1 RLE, 2 compressed; bits 3-23 size),
 *             raw: size bytes | RLE: 1 byte, repeated size times | compressed: size bytes
 * </pre>
 *
 * <p>Why the frames are first walked block by block: the decoder must not read past the last frame
 * (the next cluster follows it directly), and the decompressed size is not stored. The walk finds
 * the exact end of each frame and an upper bound of its output (raw and RLE blocks say their size,
 * a compressed block regenerates at most 128 KiB). A further frame follows while the bytes after
 * one frame are the zstd magic; the next cluster starts with its info byte, never with it.
 *
 * <p>Two ways to decode, chosen by the caller from that bound: {@link #decodeBlock}, one block at a
 * time into one array of the bound, going on from where the last call stopped, so a read pays only
 * for the blocks up to its blob; or {@link #stream}, whose memory is the window, not the cluster.
 * Why blocks and not aircompressor's stream decoder: it hands out no byte of a frame until the
 * bytes after it exceed the declared window, and libzim declares a window (128 MiB, rewritten to 8
 * MiB) larger than its clusters, so streamed it decodes the whole frame before the first blob is
 * returned.
 *
 * <p>Why the window descriptor is rewritten: libzim's writer declares a 128 MiB window (window log
 * 27) although a cluster is a few MiB, and aircompressor refuses windows over 8 MiB. Decoded whole,
 * every back-reference resolves inside the output array and the declared window plays no part.
 * Streamed, the decoder keeps the last 8 MiB; a frame that really refers further back (only a frame
 * regenerating more than 8 MiB can) fails with aircompressor's "Input is corrupted", which becomes
 * a {@link ZimFault#DECOMPRESSION}, never wrong bytes.
 *
 * <p>Stateless; thread-safe.
 */
final class ZstdFrame {

  private static final int MAGIC = 0xFD2FB528;

  /** The largest window aircompressor decodes: 8 MiB. */
  private static final long MAX_WINDOW = 8L << 20;

  private static final int MAX_BLOCK_OUTPUT = 128 * 1024;

  /**
   * The largest compressed frame whose input buffer a thread keeps for its next cluster. A 2 MiB
   * libzim cluster compresses to well under 1 MiB; reusing the buffer spares that allocation per
   * decoded cluster, and the cap bounds what each thread holds.
   */
  private static final int KEPT_INPUT_BYTES = 4 << 20;

  private static final ThreadLocal<byte[]> INPUT =
      ThreadLocal.withInitial(() -> new byte[64 * 1024]);

  private ZstdFrame() {}

  /**
   * One frame: where it lies in the archive, at most how many bytes it regenerates, the archive
   * offset of a window descriptor to rewrite (-1 when none needs it), and its blocks: where the
   * first block header lies and where each block ends. {@code usesDictionary}: the frame names a
   * dictionary, so it cannot be re-framed without it.
   */
  @SuppressWarnings("ArrayRecordComponent") // per-block tables of a scan; never compared
  record Extent(
      long start,
      long end,
      long outputBound,
      long windowDescriptorAt,
      long blocksStart,
      long[] blockEnds,
      boolean usesDictionary) {

    int blockCount() {
      return blockEnds.length;
    }

    /** The archive offset of block {@code i}'s 3-byte header. */
    long blockHeaderAt(int i) {
      return i == 0 ? blocksStart : blockEnds[i - 1];
    }

    /** Whether a content checksum follows the last block. */
    boolean hasChecksum() {
      return end > blockEnds[blockEnds.length - 1];
    }
  }

  /** The frames of one cluster, in order. */
  record Frames(List<Extent> list) {
    long start() {
      return list.get(0).start();
    }

    long end() {
      return list.get(list.size() - 1).end();
    }

    /** An upper bound of the cluster's decompressed size, exact when no block is compressed. */
    long outputBound() {
      long sum = 0;
      for (Extent e : list) {
        sum += e.outputBound();
      }
      return sum;
    }
  }

  /** The frames from archive offset {@code start}: one at least, all ending by {@code end}. */
  static Frames walk(ArchiveBytes in, long clusterOffset, long start, long end) {
    List<Extent> frames = new ArrayList<>(1);
    frames.add(walkOne(in, clusterOffset, start, end));
    long next = frames.get(0).end();
    while (next + 4 <= end && (int) in.u32(next, "zstd frame") == MAGIC) {
      Extent e = walkOne(in, clusterOffset, next, end);
      frames.add(e);
      next = e.end();
    }
    return new Frames(List.copyOf(frames));
  }

  /**
   * Decodes block {@code block} of frame {@code e} into {@code out} at {@code at}, going on from
   * the state {@code decoder} kept from the frame's earlier blocks ({@link ZstdBlockDecoder}). Only
   * that block's bytes are read from the archive. Why stopping after a block yields a prefix of the
   * full output: a zstd block's output depends only on the blocks before it in its frame (their
   * output, repeated offsets and entropy tables), never on the blocks after it.
   *
   * @param frameStart where the frame's output begins in {@code out}
   * @return the number of bytes the block regenerated
   */
  static int decodeBlock(
      ArchiveBytes in,
      long clusterOffset,
      Extent e,
      int block,
      ZstdBlockDecoder decoder,
      byte[] out,
      int at,
      int frameStart) {
    if (e.usesDictionary()) {
      throw in.fault(
          ZimFault.DECOMPRESSION,
          clusterOffset,
          "a zstd frame without dictionary",
          "a dictionary id");
    }
    long from = e.blockHeaderAt(block);
    int length = (int) (e.blockEnds()[block] - from);
    byte[] input = inputBuffer(length);
    in.source().read(from, ByteBuffer.wrap(input, 0, length));
    try {
      return decoder.decodeBlock(input, 0, out, at, frameStart, (int) MAX_WINDOW);
    } catch (MalformedInputException | IndexOutOfBoundsException damaged) {
      // aircompressor checks most damage (MalformedInputException), but a damaged Huffman table
      // description runs an index past its table first.
      throw new ZimFormatException(
          ZimFault.DECOMPRESSION,
          in.name(),
          clusterOffset,
          "a valid zstd block",
          damaged.getMessage(),
          damaged);
    }
  }

  /**
   * Checks a whole frame's output against its content checksum, when it has one (the frame's last
   * four bytes: the low 32 bits of the output's XXH64).
   */
  static void verifyChecksum(
      ArchiveBytes in, long clusterOffset, Extent e, byte[] out, int frameStart, int length) {
    if (!e.hasChecksum()) {
      return;
    }
    int stored = (int) in.u32(e.end() - 4, "zstd content checksum");
    int actual = ZstdBlockDecoder.contentChecksum(out, frameStart, length);
    if (stored != actual) {
      throw in.fault(
          ZimFault.DECOMPRESSION,
          clusterOffset,
          "zstd content checksum " + Integer.toHexString(stored),
          Integer.toHexString(actual));
    }
  }

  private static byte[] inputBuffer(int length) {
    byte[] kept = INPUT.get();
    if (length <= kept.length) {
      return kept;
    }
    byte[] fresh = new byte[length];
    if (length <= KEPT_INPUT_BYTES) {
      INPUT.set(fresh);
    }
    return fresh;
  }

  /**
   * All frames as one stream of their decompressed bytes, decoded as read. Its memory is
   * aircompressor's window buffer (at most the 8 MiB window and one block) and input buffer. Reads
   * throw aircompressor's unchecked {@link MalformedInputException} on a damaged frame.
   */
  static InputStream stream(ArchiveBytes in, Frames frames) {
    return new ZstdInputStream(new PatchedFrames(in, frames));
  }

  /** The smallest window descriptor (exponent, mantissa) whose window holds {@code bytes}. */
  static int windowDescriptorFor(long bytes) {
    for (int exponent = 0; exponent < 22; exponent++) {
      long base = 1L << (10 + exponent);
      for (int mantissa = 0; mantissa < 8; mantissa++) {
        if (base + base / 8 * mantissa >= bytes) {
          return exponent << 3 | mantissa;
        }
      }
    }
    throw new IllegalArgumentException("window of " + bytes + " bytes");
  }

  private static Extent walkOne(ArchiveBytes in, long clusterOffset, long start, long end) {
    if (end - start < 6 || (int) in.u32(start, "zstd frame") != MAGIC) {
      throw in.fault(
          ZimFault.DECOMPRESSION,
          clusterOffset,
          "zstd frame magic 28b52ffd",
          end - start < 4 ? "end of archive" : Long.toHexString(in.u32(start, "zstd frame")));
    }
    int descriptor = in.u8(start + 4, "zstd frame header");
    boolean singleSegment = (descriptor & 0x20) != 0;
    int dictionaryIdBytes = new int[] {0, 1, 2, 4}[descriptor & 3];
    int contentSizeFlag = descriptor >>> 6;
    int contentSizeBytes = contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
    boolean checksum = (descriptor & 4) != 0;
    long windowAt = -1;
    if (!singleSegment && in.u8(start + 5, "zstd frame header") > windowDescriptorFor(MAX_WINDOW)) {
      windowAt = start + 5;
    }
    long pos = start + 5 + (singleSegment ? 0 : 1) + dictionaryIdBytes + contentSizeBytes;
    long blocksStart = pos;
    long[] ends = new long[16];
    int blocks = 0;
    long bound = 0;
    boolean last = false;
    while (!last) {
      if (pos + 3 > end) {
        throw in.fault(
            ZimFault.DECOMPRESSION,
            clusterOffset,
            "a zstd block header before " + end,
            "end of cluster at " + pos);
      }
      long header =
          in.u8(pos, "zstd block")
              | in.u8(pos + 1, "zstd block") << 8
              | (long) in.u8(pos + 2, "zstd block") << 16;
      last = (header & 1) != 0;
      int type = (int) (header >>> 1) & 3;
      long size = header >>> 3;
      int output;
      switch (type) {
        case 0 -> {
          output = (int) size;
          pos += 3 + size;
        }
        case 1 -> {
          output = (int) size;
          pos += 3 + 1;
        }
        case 2 -> {
          output = -1;
          pos += 3 + size;
        }
        default ->
            throw in.fault(
                ZimFault.DECOMPRESSION,
                clusterOffset,
                "zstd block type 0, 1 or 2",
                "reserved type 3 at " + pos);
      }
      bound += output >= 0 ? output : MAX_BLOCK_OUTPUT;
      if (blocks == ends.length) {
        ends = java.util.Arrays.copyOf(ends, blocks * 2);
      }
      ends[blocks] = pos;
      blocks++;
    }
    long frameEnd = pos + (checksum ? 4 : 0);
    if (frameEnd > end || frameEnd - start > Integer.MAX_VALUE - 16) {
      throw in.fault(
          ZimFault.DECOMPRESSION,
          clusterOffset,
          "a zstd frame ending by " + end,
          "ends at " + frameEnd);
    }
    return new Extent(
        start,
        frameEnd,
        bound,
        windowAt,
        blocksStart,
        java.util.Arrays.copyOf(ends, blocks),
        dictionaryIdBytes > 0);
  }

  /** The frames' archive bytes as a stream, with the window descriptors rewritten. */
  private static final class PatchedFrames extends InputStream {
    private final Frames frames;
    private final SourceInputStream bytes;
    private long position;

    PatchedFrames(ArchiveBytes in, Frames frames) {
      this.frames = frames;
      this.bytes = new SourceInputStream(in.source(), frames.start(), frames.end());
      this.position = frames.start();
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      int k = bytes.read(b, off, len);
      if (k <= 0) {
        return k;
      }
      for (Extent e : frames.list()) {
        long at = e.windowDescriptorAt();
        if (at >= position && at < position + k) {
          b[off + (int) (at - position)] = (byte) windowDescriptorFor(MAX_WINDOW);
        }
      }
      position += k;
      return k;
    }
  }
}
