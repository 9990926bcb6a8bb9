package org.corpusmcp.archwiki.wiki;

/**
 * Offline replay cannot answer: the folder of recorded answers is unusable ({@link
 * ErrorCode#CONFIGURATION_ERROR}) or holds nothing for this request ({@link
 * ErrorCode#NOT_RECORDED}). Deliberately not a {@link WikiException}: the wiki was never asked, so
 * nothing that tolerates the wiki's silence (the built-in link prefixes, an alias revision {@code
 * verify} reports unchecked) may swallow it as an outage. It stays loud, never a fallback; its
 * message is written for the operator (which setting, which file, what to do) and is what the
 * client sees.
 */
public final class FixtureMissingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode code;

  public FixtureMissingException(ErrorCode code, String message) {
    super(message);
    this.code = code;
  }

  /** {@link ErrorCode#CONFIGURATION_ERROR} or {@link ErrorCode#NOT_RECORDED}. */
  public ErrorCode code() {
    return code;
  }
}
