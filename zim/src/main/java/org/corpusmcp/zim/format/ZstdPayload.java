package org.corpusmcp.zim.format;

import io.airlift.compress.zstd.ZstdBlockDecoder;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * The payload of a zstd cluster, decoded only as far as the reads so far need and never twice, as
 * libzim's stream decoder stops at the blob asked for and goes on from there for the next one: a
 * cache-missing random read pays for the cluster's blocks up to its blob (half the cluster on
 * average), not for the whole 2 MiB, and a later read further into the cached cluster pays only for
 * the blocks between.
 *
 * <p>How: the frames are decoded block by block ({@link ZstdFrame#decodeBlock}) into one array of
 * the cluster's output bound, and the decoder's state after the last decoded block (repeated
 * offsets, entropy tables) is kept with the payload until the cluster is decoded whole. A read
 * decodes blocks until the decoded prefix reaches its end.
 *
 * <p>Its {@linkplain #residentBytes() weight} is the cluster's output bound and the decoder's state
 * from the start, so the cluster cache's accounting holds however far the prefix grows later.
 *
 * <p>Thread-safe: a decoded prefix is published through a volatile field and never changes below
 * its end (decoding writes only past it); decodes are serialized per cluster.
 */
final class ZstdPayload implements ClusterPayload {

  private static final ByteSource NOTHING = new ByteArraySource(new byte[0]);

  private final ArchiveBytes in;
  private final long clusterOffset;
  private final ZstdFrame.Frames frames;
  private final int bound;
  private volatile ByteSource decoded = NOTHING;
  private volatile boolean whole;

  // Where decoding stands; guarded by this.
  private byte @Nullable [] out;
  private @Nullable ZstdBlockDecoder decoder;
  private int frame;
  private int block;
  private int frameStart;
  private int produced;

  /**
   * The fault of a damaged block, given again to every later read past the bytes before it: the
   * decoder's state after a failed block is not to be trusted.
   */
  private @Nullable ZimFormatException damage;

  /**
   * @param bound the frames' output bound (at most the configured buffer limit)
   */
  ZstdPayload(ArchiveBytes in, long clusterOffset, ZstdFrame.Frames frames, int bound) {
    this.in = in;
    this.clusterOffset = clusterOffset;
    this.frames = frames;
    this.bound = bound;
  }

  @Override
  public ByteSource range(long from, long to) {
    ByteSource d = decoded;
    if (to > d.size()) {
      d = extend(to);
    }
    return d.slice(from, to - from);
  }

  /** Whether the whole cluster is decoded, so its size is exact ({@link #decodedSize()}). */
  boolean isWhole() {
    return whole;
  }

  /** How many payload bytes are decoded so far. */
  long decodedSize() {
    return decoded.size();
  }

  /** Decodes the first {@code blocks} blocks (counted across frames), if not yet decoded. */
  synchronized ByteSource decodeBlocks(int blocks) {
    int done = 0;
    for (int f = 0; f < frame; f++) {
      done += frames.list().get(f).blockCount();
    }
    done += block;
    while (done < blocks && !whole) {
      decodeNextBlock();
      done++;
    }
    return publish();
  }

  private synchronized ByteSource extend(long to) {
    while (produced < to) {
      if (whole) {
        throw in.fault(
            ZimFault.DECOMPRESSION,
            clusterOffset,
            to + " decompressed bytes",
            produced + " bytes, then end of stream");
      }
      decodeNextBlock();
    }
    return publish();
  }

  private void decodeNextBlock() {
    if (damage != null) {
      throw damage;
    }
    try {
      decodeNextBlockOnce();
    } catch (ZimFormatException e) {
      damage = e;
      throw e;
    }
  }

  private void decodeNextBlockOnce() {
    byte[] target = out;
    ZstdBlockDecoder state = decoder;
    if (target == null || state == null) {
      target = out = new byte[bound];
      state = decoder = new ZstdBlockDecoder();
    }
    ZstdFrame.Extent e = frames.list().get(frame);
    if (block == 0) {
      state.startFrame();
      frameStart = produced;
    }
    produced +=
        ZstdFrame.decodeBlock(in, clusterOffset, e, block, state, target, produced, frameStart);
    block++;
    if (block == e.blockCount()) {
      ZstdFrame.verifyChecksum(in, clusterOffset, e, target, frameStart, produced - frameStart);
      frame++;
      block = 0;
      if (frame == frames.list().size()) {
        decoder = null;
        whole = true;
      }
    }
  }

  private ByteSource publish() {
    byte[] target = out;
    ByteSource d = target == null ? NOTHING : new ByteArraySource(target).slice(0, produced);
    decoded = d;
    return d;
  }

  @Override
  public long residentBytes() {
    return (long) bound + ZstdBlockDecoder.RETAINED_BYTES;
  }
}
