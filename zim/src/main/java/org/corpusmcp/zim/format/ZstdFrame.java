package org.corpusmcp.zim.format;

import java.io.InputStream;
import java.nio.ByteBuffer;
import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdDecompressor;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;

/**
 * Decodes the one zstd frame of a compressed cluster, in pure Java (aircompressor's decoder).
 *
 * <pre>
 * Frame  --&gt; Magic 28B52FFD, FrameHeaderDescriptor u8, [WindowDescriptor u8], [DictId], [ContentSize],
 *            Block^k, [Checksum u32 when descriptor bit 2]
 * Block  --&gt; Header u24 (bit 0 last, bits 1-2 type: 0 raw, 1 RLE, 2 compressed; bits 3-23 size),
 *            raw: size bytes | RLE: 1 byte, repeated size times | compressed: size bytes
 * </pre>
 *
 * <p>Why the frame is first walked block by block: the decoder must not read past the frame (the
 * next cluster follows it directly, and aircompressor would take it for a second frame), and the
 * decompressed size is not stored. The walk finds the exact end of the frame and an upper bound
 * of its output (raw and RLE blocks say their size, a compressed block regenerates at most 128 KiB).
 *
 * <p>Why the window descriptor is rewritten: libzim's writer declares a 128 MiB window (window
 * log 27) although a cluster is a few MiB, and aircompressor refuses windows over 8 MiB. The
 * frame is decoded whole into one array, where every back-reference resolves inside the output
 * and the declared window plays no part, so the private copy of the header declares 8 MiB.
 *
 * <p>Stateless; thread-safe.
 */
final class ZstdFrame {

  private static final int MAGIC = 0xFD2FB528;
  /** The largest window aircompressor decodes: 8 MiB. */
  private static final long MAX_WINDOW = 8L << 20;
  private static final int MAX_BLOCK_OUTPUT = 128 * 1024;

  private ZstdFrame() {}

  /** Where a frame ends, and at most how many bytes it regenerates. */
  private record Walk(long end, long outputBound, boolean singleSegment) {}

  /**
   * The frame starting at archive offset {@code start} (it must end by {@code end}) as a stream
   * of its decompressed bytes. The frame is decoded whole first: on libzim's 2 MiB level-19
   * clusters aircompressor's one-call decoder measured 2-5 times faster than its stream decoder
   * decoding the same frame, so even a read of the first blob is cheaper this way.
   *
   * @param clusterOffset the cluster's archive offset, for messages
   * @param maxOutput the largest decompressed size accepted (CLUSTER_TOO_LARGE beyond)
   */
  static InputStream stream(ArchiveBytes in, long clusterOffset, long start, long end, long maxOutput) {
    return new ByteSourceStream(decode(in, clusterOffset, start, end, maxOutput));
  }

  /**
   * The frame starting at archive offset {@code start}, decoded whole into one array.
   *
   * @return the decompressed bytes, exactly as many as the frame holds
   */
  static ByteSource decode(ArchiveBytes in, long clusterOffset, long start, long end, long maxOutput) {
    Walk walk = walk(in, clusterOffset, start, end);
    byte[] frame = in.bytes(start, (int) (walk.end() - start), "zstd frame");
    if (!walk.singleSegment() && (frame[5] & 0xFF) > windowDescriptorFor(MAX_WINDOW)) {
      frame[5] = (byte) windowDescriptorFor(MAX_WINDOW);
    }
    long bound = walk.outputBound();
    long capacity = Math.min(bound, Math.min(maxOutput, Integer.MAX_VALUE - 16));
    byte[] out = new byte[(int) capacity];
    try {
      int n = new ZstdDecompressor().decompress(frame, 0, frame.length, out, 0, out.length);
      // No trimming copy: the bound exceeds the output only by the unused part of the last block.
      return new ByteArraySource(out).slice(0, n);
    } catch (MalformedInputException e) {
      if (bound > capacity) {
        throw in.fault(ZimFault.CLUSTER_TOO_LARGE, clusterOffset, "<= " + capacity + " bytes",
            "up to " + bound + " bytes");
      }
      throw new ZimFormatException(ZimFault.DECOMPRESSION, in.name(), clusterOffset,
          "a valid zstd frame", e.getMessage(), e);
    }
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

  private static Walk walk(ArchiveBytes in, long clusterOffset, long start, long end) {
    if (end - start < 6 || (int) in.u32(start, "zstd frame") != MAGIC) {
      throw in.fault(ZimFault.DECOMPRESSION, clusterOffset, "zstd frame magic 28b52ffd",
          end - start < 4 ? "end of archive" : Long.toHexString(in.u32(start, "zstd frame")));
    }
    int descriptor = in.u8(start + 4, "zstd frame header");
    boolean singleSegment = (descriptor & 0x20) != 0;
    int dictionaryIdBytes = new int[] {0, 1, 2, 4}[descriptor & 3];
    int contentSizeFlag = descriptor >>> 6;
    int contentSizeBytes = contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
    boolean checksum = (descriptor & 4) != 0;
    long pos = start + 5 + (singleSegment ? 0 : 1) + dictionaryIdBytes + contentSizeBytes;
    long bound = 0;
    boolean last = false;
    while (!last) {
      if (pos + 3 > end) {
        throw in.fault(ZimFault.DECOMPRESSION, clusterOffset, "a zstd block header before " + end,
            "end of cluster at " + pos);
      }
      long header = in.u8(pos, "zstd block") | in.u8(pos + 1, "zstd block") << 8
          | (long) in.u8(pos + 2, "zstd block") << 16;
      last = (header & 1) != 0;
      int type = (int) (header >>> 1) & 3;
      long size = header >>> 3;
      switch (type) {
        case 0:
          bound += size;
          pos += 3 + size;
          break;
        case 1:
          bound += size;
          pos += 3 + 1;
          break;
        case 2:
          bound += MAX_BLOCK_OUTPUT;
          pos += 3 + size;
          break;
        default:
          throw in.fault(ZimFault.DECOMPRESSION, clusterOffset, "zstd block type 0, 1 or 2",
              "reserved type 3 at " + pos);
      }
    }
    long frameEnd = pos + (checksum ? 4 : 0);
    if (frameEnd > end || frameEnd - start > Integer.MAX_VALUE - 16) {
      throw in.fault(ZimFault.DECOMPRESSION, clusterOffset, "a zstd frame ending by " + end,
          "ends at " + frameEnd);
    }
    return new Walk(frameEnd, bound, singleSegment);
  }

  /** A decoded frame as a stream. */
  private static final class ByteSourceStream extends InputStream {
    private final ByteSource bytes;
    private long position;

    ByteSourceStream(ByteSource bytes) {
      this.bytes = bytes;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (position >= bytes.size()) {
        return -1;
      }
      int k = (int) Math.min(len, bytes.size() - position);
      bytes.read(position, ByteBuffer.wrap(b, off, k));
      position += k;
      return k;
    }
  }
}
