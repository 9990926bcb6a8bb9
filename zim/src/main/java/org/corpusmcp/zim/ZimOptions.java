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

  /** 64 MiB of decompressed clusters, 512 MiB largest cluster, whole file, no full validation. */
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

  /** Largest decompressed cluster accepted; a larger one is a {@link ZimFault#CLUSTER_TOO_LARGE}. */
  public long maxClusterBytes() {
    return maxClusterBytes;
  }

  /** Where the archive starts in the file (embedded archives, §A.13); 0 by default. */
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
    private long maxClusterBytes = 512L << 20;
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

    /** Largest decompressed cluster accepted, at most 2 GiB − 16 (a Java array). */
    public Builder maxClusterBytes(long bytes) {
      if (bytes < 16 || bytes > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException("maxClusterBytes not in [16, 2^31 - 16]: " + bytes);
      }
      this.maxClusterBytes = bytes;
      return this;
    }

    /** The archive is embedded in a larger file: it starts at {@code offset} and has {@code size} bytes. */
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
