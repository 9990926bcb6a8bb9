package org.corpusmcp.zim.format;

import java.util.concurrent.atomic.LongAdder;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;

/**
 * The payload of a zstd cluster, decoded only as far as the reads so far need, as libzim's stream
 * decoder stops at the blob asked for: a cache-missing random read pays for the cluster's blocks up
 * to its blob (half the cluster on average), not for the whole 2 MiB.
 *
 * <p>Why a prefix is decoded again from the start rather than continued: aircompressor's one-call
 * decoder keeps no state between calls, and its stream decoder, which does, holds back all output
 * until the frame ends whenever the declared window exceeds the cluster (libzim declares 128 MiB),
 * so it cannot stop at a blob. Decoding a prefix again costs little because of the policy:
 *
 * <ol>
 *   <li>the first two decodes (the offset table, then the first blob read) decode a planned prefix:
 *       the fewest blocks whose estimated output covers the bytes asked for, plus an eighth;
 *   <li>any later read past the decoded prefix decodes the whole cluster.
 * </ol>
 *
 * So a cluster is decoded at most three times (table, first blob, rest), and a scan in cluster
 * order pays one whole decode plus its first blocks. The estimate is needed because a compressed
 * block's output (at most 128 KiB; zstd's block splitter makes many smaller) is known only once it
 * is decoded: it is the mean output per compressed block over this archive's decodes so far ({@link
 * BlockYield}). A prefix that comes up short is simply followed by the whole decode.
 *
 * <p>Its {@linkplain #residentBytes() weight} is the cluster's output bound from the start, so the
 * cluster cache's accounting holds however far the prefix grows later.
 *
 * <p>Thread-safe: a decoded prefix is immutable and published through a volatile field; decodes are
 * serialized per cluster.
 */
final class ZstdPayload implements ClusterPayload {

  /** A decoded prefix: its bytes and how many blocks (across frames) produced them. */
  private record Prefix(ByteSource bytes, int blocks) {}

  private final ArchiveBytes in;
  private final long clusterOffset;
  private final ZstdFrame.Frames frames;
  private final BlockYield yield;
  private final int bound;
  private final int totalBlocks;
  private volatile Prefix decoded = new Prefix(new ByteArraySource(new byte[0]), 0);

  /** Guarded by this. */
  private int decodes;

  /**
   * @param bound the frames' output bound (at most the configured buffer limit)
   * @param yield this archive's shared record of compressed-block output
   */
  ZstdPayload(
      ArchiveBytes in, long clusterOffset, ZstdFrame.Frames frames, int bound, BlockYield yield) {
    this.in = in;
    this.clusterOffset = clusterOffset;
    this.frames = frames;
    this.bound = bound;
    this.yield = yield;
    int blocks = 0;
    for (ZstdFrame.Extent e : frames.list()) {
      blocks += e.blockCount();
    }
    this.totalBlocks = blocks;
  }

  @Override
  public ByteSource range(long from, long to) {
    Prefix p = decoded;
    if (to > p.bytes().size()) {
      p = extend(to);
    }
    return p.bytes().slice(from, to - from);
  }

  /** Whether the whole cluster is decoded, so its size is exact ({@link #decodedSize()}). */
  boolean isWhole() {
    return decoded.blocks() == totalBlocks;
  }

  /** How many payload bytes are decoded so far. */
  long decodedSize() {
    return decoded.bytes().size();
  }

  private synchronized Prefix extend(long to) {
    Prefix p = decoded;
    while (to > p.bytes().size()) {
      if (p.blocks() == totalBlocks) {
        throw in.fault(
            ZimFault.DECOMPRESSION,
            clusterOffset,
            to + " decompressed bytes",
            p.bytes().size() + " bytes, then end of stream");
      }
      int blocks = decodes < 2 ? plannedBlocks(to) : totalBlocks;
      decodes++;
      ByteSource bytes =
          blocks == totalBlocks
              ? ZstdFrame.decodeWhole(in, clusterOffset, frames, bound)
              : ZstdFrame.decodePrefix(in, clusterOffset, frames, blocks, boundOf(blocks));
      record(blocks, bytes.size());
      p = new Prefix(bytes, blocks);
      decoded = p;
    }
    return p;
  }

  /** The fewest blocks whose estimated output reaches {@code to} and an eighth more. */
  private int plannedBlocks(long to) {
    long wanted = to + to / 8;
    long perCompressedBlock = yield.estimate();
    long sum = 0;
    int blocks = 0;
    for (ZstdFrame.Extent e : frames.list()) {
      for (int i = 0; i < e.blockCount(); i++) {
        int exact = e.blockOutputs()[i];
        sum += exact >= 0 ? exact : perCompressedBlock;
        blocks++;
        if (sum >= wanted) {
          return blocks;
        }
      }
    }
    return totalBlocks;
  }

  /** The output bound of the first {@code blocks} blocks. */
  private int boundOf(int blocks) {
    long sum = 0;
    int left = blocks;
    for (ZstdFrame.Extent e : frames.list()) {
      for (int i = 0; i < e.blockCount() && left > 0; i++, left--) {
        sum += e.blockBound(i);
      }
    }
    return (int) Math.min(sum, bound);
  }

  /**
   * Adds the compressed blocks of the first {@code blocks} blocks and their output to the yield.
   */
  private void record(int blocks, long output) {
    long exact = 0;
    int compressed = 0;
    int left = blocks;
    for (ZstdFrame.Extent e : frames.list()) {
      for (int i = 0; i < e.blockCount() && left > 0; i++, left--) {
        if (e.blockOutputs()[i] >= 0) {
          exact += e.blockOutputs()[i];
        } else {
          compressed++;
        }
      }
    }
    yield.add(compressed, output - exact);
  }

  @Override
  public long residentBytes() {
    return bound;
  }

  /**
   * The mean output of a compressed block over an archive's decodes so far; before the first, 96
   * KiB (a full block is 128 KiB; zstd's block splitter at libzim's level 19 cuts many short).
   * Thread-safe.
   */
  static final class BlockYield {
    private static final long BEFORE_ANY = 96 * 1024;
    private final LongAdder blocks = new LongAdder();
    private final LongAdder bytes = new LongAdder();

    void add(int compressedBlocks, long output) {
      if (compressedBlocks > 0) {
        blocks.add(compressedBlocks);
        bytes.add(output);
      }
    }

    long estimate() {
      long b = blocks.sum();
      return b == 0 ? BEFORE_ANY : Math.max(1, bytes.sum() / b);
    }
  }
}
