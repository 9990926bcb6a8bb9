package org.corpusmcp.zim.glass;

/**
 * A glass database is damaged, truncated or not a glass database at all. This is never the caller's
 * fault, hence no IllegalArgumentException: the message names the structure, the offset and what
 * was expected. The archive around a corrupt index stays readable; only search fails.
 */
public class GlassFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public GlassFormatException(String message) {
    super(message);
  }

  public GlassFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
