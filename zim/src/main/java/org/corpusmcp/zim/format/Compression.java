package org.corpusmcp.zim.format;

/** The low nibble of a cluster's info byte, as far as libzim reads it. */
enum Compression {
  /** Codes 0 (very old files) and 1. */
  NONE,
  /** Code 4: LZMA2 in an xz container. */
  XZ,
  /** Code 5: zstd frames. */
  ZSTD;

  /** The compression for {@code code}, or null for codes libzim does not read (2, 3, others). */
  static Compression ofCode(int code) {
    return switch (code) {
      case 0, 1 -> NONE;
      case 4 -> XZ;
      case 5 -> ZSTD;
      default -> null;
    };
  }
}
