package org.corpusmcp.zim.format;

import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * A decoded cluster: its blob boundaries and where the blob bytes are. For an uncompressed cluster
 * the blobs are slices of the archive itself (nothing copied, libzim's "direct access"); for a
 * compressed one they come from its {@link ClusterPayload}: decoded whole in memory (xz), decoded
 * as far as the reads need (zstd, {@link ZstdPayload}), or, for a cluster over the configured
 * buffer limit, decoded per read ({@link StreamedPayload}). Immutable and thread-safe.
 */
public final class Cluster {

  private final @Nullable ByteSource payload;
  private final @Nullable ClusterPayload decoded;
  private final long[] offsets;
  private final long archiveOffset;

  /**
   * An uncompressed cluster, or a compressed one decoded in full.
   *
   * @param payload the bytes the offsets are relative to
   * @param offsets n + 1 non-decreasing blob boundaries
   * @param compressed whether {@code payload} was decompressed (it is then in memory)
   * @param archiveOffset archive offset of the payload when uncompressed, else -1
   */
  Cluster(ByteSource payload, long[] offsets, boolean compressed, long archiveOffset) {
    this.payload = compressed ? null : payload;
    this.decoded = compressed ? ClusterPayload.decoded(payload, payload.size()) : null;
    this.offsets = offsets;
    this.archiveOffset = compressed ? -1 : archiveOffset;
  }

  /** A compressed cluster. */
  Cluster(ClusterPayload decoded, long[] offsets) {
    this.payload = null;
    this.decoded = decoded;
    this.offsets = offsets;
    this.archiveOffset = -1;
  }

  public int blobCount() {
    return offsets.length - 1;
  }

  public boolean isCompressed() {
    return archiveOffset < 0;
  }

  public long blobSize(int blob) {
    return offsets[blob + 1] - offsets[blob];
  }

  /** The bytes of blob {@code blob} (0 ≤ blob &lt; blobCount). */
  public ByteSource blob(int blob) {
    if (decoded != null) {
      return decoded.range(offsets[blob], offsets[blob + 1]);
    }
    return java.util.Objects.requireNonNull(payload).slice(offsets[blob], blobSize(blob));
  }

  /** The archive offset of blob {@code blob} when the cluster is uncompressed, else -1. */
  public long blobArchiveOffset(int blob) {
    return archiveOffset < 0 ? -1 : archiveOffset + offsets[blob];
  }

  /**
   * What keeping this cluster in memory costs, in bytes: the payload held decompressed, and the
   * table.
   */
  public long weight() {
    long data = decoded != null ? decoded.residentBytes() : 0;
    return data + 8L * offsets.length + 64;
  }
}
