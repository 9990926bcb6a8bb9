package org.corpusmcp.zim.search;

/** Which libzim behaviour to reproduce (libzim 8.2.1 changed how queries are parsed). */
public enum Semantics {
  /**
   * Current libzim (≥ 8.2.1, as of 9.8.0), what Kiwix users get: queries are lower-cased and
   * accent-stripped, parsed with {@code FLAG_CJK_NGRAM} only (no operators, quotes or +/-), a
   * database without {@code language} metadata is not stemmed, the title-listing fallback honours
   * start/count.
   */
  LIBZIM_9,
  /**
   * libzim 8.1.1 (Debian bookworm, the installed oracle): full-text queries are used as typed, with
   * Xapian's default flags (AND/OR/NOT, "phrases", +/-), language falls back to M/Language.
   */
  LIBZIM_8_1
}
