package org.corpusmcp.archwiki.wiki;

/**
 * Offline replay was asked for a response nobody recorded. Deliberately not a {@link
 * WikiException}: it is our bug or the operator's, not the wiki's silence, and it must stay loud
 * (reported as {@code internal_error}), never degrade into a fallback.
 */
public final class FixtureMissingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public FixtureMissingException(String message) {
    super(message);
  }
}
