package org.corpusmcp.archwiki.wiki;

/**
 * A typed extraction failure: the tool layer turns it into {@code {"error", "code"}}. Never a
 * guess, never an empty list standing in for an error.
 */
public final class WikiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode code;

  public WikiException(ErrorCode code, String message) {
    super(message);
    this.code = code;
  }

  public WikiException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public ErrorCode code() {
    return code;
  }
}
