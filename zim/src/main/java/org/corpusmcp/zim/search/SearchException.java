package org.corpusmcp.zim.search;

/**
 * Search cannot run on this archive: it has no usable index, or the index is damaged. The archive
 * itself stays readable. Never thrown for odd query strings (those give empty results, like libzim)
 * except when a query exceeds {@link Searcher#MAX_QUERY_LENGTH}.
 */
public class SearchException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why search failed. */
  public enum Reason {
    /** The archive has no directly accessible full-text (or title) index. */
    NO_INDEX,
    /** The index is corrupt or truncated. */
    CORRUPT_INDEX,
    /** The query is longer than the searcher accepts. */
    QUERY_TOO_LONG
  }

  private final Reason reason;

  public SearchException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public SearchException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
