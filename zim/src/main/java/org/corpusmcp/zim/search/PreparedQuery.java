package org.corpusmcp.zim.search;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A query as one {@link Searcher} parsed it ({@link Searcher#prepare}): searched and weighed by
 * that searcher as often as needed without being parsed again. Immutable.
 */
public final class PreparedQuery {

  private final Searcher searcher;
  private final @Nullable QueryNode parsed;
  private final List<String> terms;

  PreparedQuery(Searcher searcher, @Nullable QueryNode parsed, List<String> terms) {
    this.searcher = searcher;
    this.parsed = parsed;
    this.terms = terms;
  }

  /**
   * The terms the parsed query weighs (wildcards left out), in query order, as {@link
   * Searcher#queryTerms}; empty for a query that parses to nothing.
   */
  public List<String> terms() {
    return terms;
  }

  Searcher searcher() {
    return searcher;
  }

  @Nullable QueryNode parsed() {
    return parsed;
  }
}
