package org.corpusmcp.zim.format;

import org.corpusmcp.zim.io.ByteSource;

/** Where a compressed cluster's decompressed bytes come from. Implementations are thread-safe. */
interface ClusterPayload {

  /** Bytes {@code [from, to)} of the decompressed payload. */
  ByteSource range(long from, long to);

  /** What keeping this payload costs in memory, in bytes. */
  long residentBytes();

  /** A payload decoded whole into memory. */
  static ClusterPayload decoded(ByteSource bytes, long residentBytes) {
    return new ClusterPayload() {
      @Override
      public ByteSource range(long from, long to) {
        return bytes.slice(from, to - from);
      }

      @Override
      public long residentBytes() {
        return residentBytes;
      }
    };
  }
}
