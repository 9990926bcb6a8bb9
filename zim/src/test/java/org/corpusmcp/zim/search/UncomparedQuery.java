package org.corpusmcp.zim.search;

import java.util.Optional;

/**
 * The only reasons a parity query may go uncompared, each decided from the query text alone (not
 * from the oracle's answer), so that an oracle that fails on other queries fails the test instead
 * of shrinking it.
 */
enum UncomparedQuery {
  /** python3-libzim encodes the query as UTF-8, which a lone UTF-16 surrogate cannot be. */
  LONE_SURROGATE,
  /**
   * Our searcher refuses queries longer than {@link Searcher#MAX_QUERY_LENGTH}; libzim has no
   * limit.
   */
  OVER_OUR_LENGTH_LIMIT;

  static Optional<UncomparedQuery> of(String query) {
    if (query.length() > Searcher.MAX_QUERY_LENGTH) {
      return Optional.of(OVER_OUR_LENGTH_LIMIT);
    }
    for (int i = 0; i < query.length(); i++) {
      char c = query.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < query.length()
          && Character.isLowSurrogate(query.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return Optional.of(LONE_SURROGATE);
      }
    }
    return Optional.empty();
  }
}
