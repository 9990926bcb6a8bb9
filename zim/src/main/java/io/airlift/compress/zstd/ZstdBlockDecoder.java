package io.airlift.compress.zstd;

import io.airlift.compress.MalformedInputException;

/**
 * aircompressor's zstd decoder driven one block at a time, so that decoding can stop after any
 * block and later go on from the next one with the same state (repeated offsets, Huffman and FSE
 * tables), as a native stream decoder does. The decoding itself is aircompressor's, unchanged.
 *
 * <p>Why this class sits in aircompressor's package: the library's public decoders cannot stop at a
 * block and resume. Its one-call decoder decodes whole frames; its stream decoder hands out no byte
 * of a frame until the bytes after it exceed the declared window, which for a ZIM cluster is its
 * whole length. The block decoder both are built on is package-private, and this class reaches it
 * from the same package, which holds only while both share one runtime package: one class loader,
 * the class path, an unsealed package. docs/architecture.md ("What would break ZstdBlockDecoder")
 * lists the changes that break it and the test that fails for each.
 *
 * <p>Not thread-safe: one instance belongs to one frame being decoded.
 */
public final class ZstdBlockDecoder {

  /** What an instance holds: the literal buffer (one block) and the entropy tables. */
  public static final int RETAINED_BYTES = 160 * 1024;

  private static final long BYTE_ARRAY_BASE = UnsafeUtil.UNSAFE.arrayBaseOffset(byte[].class);

  private static final int RAW_BLOCK = 0;
  private static final int RLE_BLOCK = 1;
  private static final int COMPRESSED_BLOCK = 2;

  private final ZstdFrameDecompressor blocks = new ZstdFrameDecompressor();

  /** Forgets the previous frame's offsets and tables; call before a frame's first block. */
  public void startFrame() {
    blocks.reset();
  }

  /**
   * Decodes the block whose 3-byte header is at {@code input[headerAt]} and whose body follows it
   * in the same array, into {@code output} from {@code outputAt}.
   *
   * @param frameStart where this frame's output begins in {@code output}: no back-reference may
   *     reach before it
   * @param windowSize the frame's window; aircompressor decodes windows up to 8 MiB
   * @return the number of bytes the block regenerated
   * @throws MalformedInputException when the block is damaged, reaches past its input or needs more
   *     room than {@code output} has
   */
  public int decodeBlock(
      byte[] input, int headerAt, byte[] output, int outputAt, int frameStart, int windowSize) {
    if (headerAt < 0 || headerAt + 3 > input.length) {
      throw new MalformedInputException(headerAt, "zstd block header past the input");
    }
    int header =
        (input[headerAt] & 0xFF)
            | (input[headerAt + 1] & 0xFF) << 8
            | (input[headerAt + 2] & 0xFF) << 16;
    int type = (header >>> 1) & 3;
    int size = header >>> 3;
    int body = headerAt + 3;
    int consumed = type == RLE_BLOCK ? 1 : size;
    if (body + (long) consumed > input.length) {
      throw new MalformedInputException(
          body, "zstd block of " + consumed + " bytes past the input");
    }
    if (outputAt < frameStart || outputAt > output.length) {
      throw new IllegalArgumentException("output position " + outputAt + " of " + output.length);
    }
    long in = BYTE_ARRAY_BASE + body;
    long out = BYTE_ARRAY_BASE + outputAt;
    long outLimit = BYTE_ARRAY_BASE + output.length;
    return switch (type) {
      case RAW_BLOCK ->
          ZstdFrameDecompressor.decodeRawBlock(input, in, size, output, out, outLimit);
      case RLE_BLOCK ->
          ZstdFrameDecompressor.decodeRleBlock(size, input, in, output, out, outLimit);
      case COMPRESSED_BLOCK ->
          blocks.decodeCompressedBlock(
              input, in, size, output, out, outLimit, windowSize, BYTE_ARRAY_BASE + frameStart);
      default -> throw new MalformedInputException(headerAt, "reserved zstd block type 3");
    };
  }

  /** The low 32 bits of the XXH64 (seed 0) of {@code length} bytes: a frame's content checksum. */
  public static int contentChecksum(byte[] bytes, int from, int length) {
    if (from < 0 || length < 0 || from + (long) length > bytes.length) {
      throw new IllegalArgumentException("[" + from + ", +" + length + ") of " + bytes.length);
    }
    return (int) XxHash64.hash(0, bytes, BYTE_ARRAY_BASE + from, length);
  }
}
