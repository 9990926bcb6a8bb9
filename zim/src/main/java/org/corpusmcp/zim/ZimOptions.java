package org.corpusmcp.zim;

/**
 * How {@link Zim#open(java.nio.file.Path, ZimOptions)} opens an archive. Immutable; build with
 * {@link #builder()}, derive with {@link #toBuilder()}.
 *
 * <pre>{@code
 * ZimOptions options = ZimOptions.builder().cacheBytes(256L << 20).build();
 * }</pre>
 */
public final class ZimOptions {

  private static final ZimOptions DEFAULTS = builder().build();

  private final long cacheBytes;
  private final long maxClusterBytes;
  private final long offset;
  private final long size;
  private final boolean validate;

  private ZimOptions(Builder b) {
    this.cacheBytes = b.cacheBytes;
    this.maxClusterBytes = b.maxClusterBytes;
    this.offset = b.offset;
    this.size = b.size;
    this.validate = b.validate;
  }

  /** 64 MiB of decompressed clusters, 32 MiB decode buffers, whole file, no full validation. */
  public static ZimOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.cacheBytes = cacheBytes;
    b.maxClusterBytes = maxClusterBytes;
    b.offset = offset;
    b.size = size;
    b.validate = validate;
    return b;
  }

  /** Bound of the decompressed-cluster cache, in bytes. */
  public long cacheBytes() {
    return cacheBytes;
  }

  /** Largest decode buffer of one cluster read (see {@link Builder#maxClusterBytes}). */
  public long maxClusterBytes() {
    return maxClusterBytes;
  }

  /** Where the archive starts in the file (embedded archives); 0 by default. */
  public long offset() {
    return offset;
  }

  /** The archive's size in bytes, or -1 for "to the end of the file". */
  public long size() {
    return size;
  }

  /** Whether {@link Archive#validate()} runs while opening. */
  public boolean validate() {
    return validate;
  }

  /** Builder for {@link ZimOptions}; each setter rejects bad values with a message naming them. */
  public static final class Builder {
    private long cacheBytes = 64L << 20;

    /**
     * 16 times the 2 MiB at which libzim's writer closes a cluster, so every cluster a writer
     * produces for small items decodes whole in one buffer (the fast path); a larger one, made by
     * one large item, is streamed, and only an item over this is refused.
     */
    private long maxClusterBytes = 32L << 20;

    private long offset;
    private long size = -1;
    private boolean validate;

    private Builder() {}

    /** Bound of the decompressed-cluster cache in bytes; 0 disables caching. */
    public Builder cacheBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("cacheBytes < 0: " + bytes);
      }
      this.cacheBytes = bytes;
      return this;
    }

    /**
     * Largest buffer one cluster read decodes into, at most 2 GiB − 16 (a Java array). A zstd
     * cluster regenerating more is streamed: its table and each blob are decoded with bounded
     * memory (the 8 MiB window and the blob). A blob, or an xz cluster, over it is a {@link
     * ZimFault#CLUSTER_TOO_LARGE}.
     */
    public Builder maxClusterBytes(long bytes) {
      if (bytes < 16 || bytes > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException("maxClusterBytes not in [16, 2^31 - 16]: " + bytes);
      }
      this.maxClusterBytes = bytes;
      return this;
    }

    /**
     * The archive is embedded in a larger file: it starts at {@code offset} and has {@code size}
     * bytes.
     */
    public Builder embedded(long offset, long size) {
      if (offset < 0) {
        throw new IllegalArgumentException("offset < 0: " + offset);
      }
      if (size < 0) {
        throw new IllegalArgumentException("size < 0: " + size);
      }
      this.offset = offset;
      this.size = size;
      return this;
    }

    /** Run the full structural validation ({@link Archive#validate()}, O(archive size)) on open. */
    public Builder validate(boolean validate) {
      this.validate = validate;
      return this;
    }

    public ZimOptions build() {
      return new ZimOptions(this);
    }
  }
}
