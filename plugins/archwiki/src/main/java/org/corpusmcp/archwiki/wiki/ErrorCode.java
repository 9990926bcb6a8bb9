package org.corpusmcp.archwiki.wiki;

import java.util.Locale;

/** The machine codes of a failed call. */
public enum ErrorCode {
  /** The wiki says there is no such page ({@code missingtitle}). */
  PAGE_NOT_FOUND,
  /** The page exists; no section has exactly that anchor. */
  SECTION_NOT_FOUND,
  /**
   * The text exists but cannot be quoted with provenance intact (transcluded, offset drift, alias
   * revision).
   */
  EVIDENCE_UNRESOLVABLE,
  /** The wiki errored, answered in an unknown shape, or did not answer at all. */
  UPSTREAM_API_ERROR,
  /** A URL that does not name an Arch wiki page. */
  MALFORMED_WIKI_URL,
  /** An argument the schema admits but the tool cannot use ({@code verify} given no evidence). */
  INVALID_PARAMS,
  /** A bug in this plugin (or a missing offline fixture). */
  INTERNAL_ERROR;

  /** The wire spelling, e.g. {@code page_not_found}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
