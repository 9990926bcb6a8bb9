package org.corpusmcp.zim.format;

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
 * <p>Why the frame is first walked block by block: a cluster's frame is not followed by anything
 * the decoder may read (the next cluster follows it directly), and its decompressed size is not
 * stored; the walk finds the exact end of the frame and an upper bound of its output (raw and RLE
 * blocks say their size, a compressed block regenerates at most 128 KiB), so the whole frame
 * decodes in one call into one array, with no stream state and no second copy.
 *
 * <p>Why the window descriptor may be rewritten: libzim's writer declares a 128 MiB window
 * (window log 27) although a cluster is a few MiB; aircompressor refuses windows over 8 MiB. A
 * decoder holding the whole output in one array resolves every back-reference inside that array,
 * so the declared window never matters here; it is lowered to 8 MiB in the private copy of the
 * frame, which is all aircompressor checks.
 *
 * <p>Stateless; thread-safe.
 */
final class ZstdFrame {

  private static final int MAGIC = 0xFD2FB528;
  /** The largest window aircompressor decodes: 8 MiB (exponent 13, mantissa 0). */
  private static final int SUPPORTED_WINDOW_DESCRIPTOR = (23 - 10) << 3;
  private static final int MAX_BLOCK_OUTPUT = 128 * 1024;

  private ZstdFrame() {}

  /**
   * Decodes the frame starting at archive offset {@code start}, which must end before {@code end}.
   *
   * @param clusterOffset the cluster's archive offset, for messages
   * @param maxOutput the largest decompressed size accepted (CLUSTER_TOO_LARGE beyond)
   * @return the decompressed bytes, exactly as many as the frame holds
   */
  static ByteSource decode(ArchiveBytes in, long clusterOffset, long start, long end, long maxOutput) {
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
    byte[] frame = in.bytes(start, (int) (frameEnd - start), "zstd frame");
    if (!singleSegment && (frame[5] & 0xFF) > SUPPORTED_WINDOW_DESCRIPTOR) {
      frame[5] = (byte) SUPPORTED_WINDOW_DESCRIPTOR;
    }
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
}
