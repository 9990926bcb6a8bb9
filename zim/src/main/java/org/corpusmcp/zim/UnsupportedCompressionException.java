package org.corpusmcp.zim;

/**
 * A cluster uses a compression libzim does not read either: zlib (2), bzip2 (3) or an unknown code.
 * The archive may be fine otherwise; entries in other clusters stay readable.
 */
public final class UnsupportedCompressionException extends ZimFormatException {

  private static final long serialVersionUID = 1L;

  public UnsupportedCompressionException(String file, long clusterOffset, int code) {
    super(ZimFault.COMPRESSION, file, clusterOffset, "0, 1, 4 (xz) or 5 (zstd)", codeName(code));
  }

  private static String codeName(int code) {
    return switch (code) {
      case 2 -> "2 (zlib)";
      case 3 -> "3 (bzip2)";
      default -> Integer.toString(code);
    };
  }
}
