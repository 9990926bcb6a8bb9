package org.corpusmcp.zim.format;

import org.corpusmcp.zim.io.ByteSource;

/**
 * A decoded cluster: its blob boundaries and where the blob bytes are. For an uncompressed cluster
 * the blobs are slices of the archive itself (nothing copied, §B.2 "direct access"); for a
 * compressed one they are slices of the decompressed payload held in memory. Immutable and
 * thread-safe.
 */
public final class Cluster {

  private final ByteSource payload;
  private final long[] offsets;
  private final boolean compressed;
  private final long archiveOffset;

  /**
   * @param payload the bytes the offsets are relative to
   * @param offsets n + 1 non-decreasing blob boundaries
   * @param archiveOffset archive offset of the payload when uncompressed, else -1
   */
  Cluster(ByteSource payload, long[] offsets, boolean compressed, long archiveOffset) {
    this.payload = payload;
    this.offsets = offsets;
    this.compressed = compressed;
    this.archiveOffset = archiveOffset;
  }

  public int blobCount() {
    return offsets.length - 1;
  }

  public boolean isCompressed() {
    return compressed;
  }

  public long blobSize(int blob) {
    return offsets[blob + 1] - offsets[blob];
  }

  /** The bytes of blob {@code blob} (0 ≤ blob &lt; blobCount). */
  public ByteSource blob(int blob) {
    return payload.slice(offsets[blob], blobSize(blob));
  }

  /** The archive offset of blob {@code blob} when the cluster is uncompressed, else -1. */
  public long blobArchiveOffset(int blob) {
    return compressed ? -1 : archiveOffset + offsets[blob];
  }

  /** What keeping this cluster in memory costs, in bytes: the payload if decompressed, else the table. */
  public long weight() {
    return (compressed ? payload.size() : 0) + 8L * offsets.length + 64;
  }
}
