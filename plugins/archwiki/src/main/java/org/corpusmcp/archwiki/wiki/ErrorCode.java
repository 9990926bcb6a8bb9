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
  /**
   * The operator's settings cannot work: offline mode ({@code ARCHWIKI_OFFLINE}) names a folder of
   * recorded answers ({@code ARCHWIKI_FIXTURES}) that does not exist, is not a folder, or cannot be
   * read. Not the wiki's fault and not a bug, so neither {@link #UPSTREAM_API_ERROR} nor {@link
   * #INTERNAL_ERROR}: the message names the setting to fix.
   */
  CONFIGURATION_ERROR,
  /**
   * Offline mode has no recorded answer for this request. Says nothing about the wiki (the page may
   * well exist), so never {@link #PAGE_NOT_FOUND}.
   */
  NOT_RECORDED,
  /** A bug in this plugin. */
  INTERNAL_ERROR;

  /** The wire spelling, e.g. {@code page_not_found}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
