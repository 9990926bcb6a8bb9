package org.corpusmcp.zim.search;

import java.util.List;

/**
 * Full-text results weighed with given collection statistics.
 *
 * @param queryTerms weighted terms of the parsed query (Xapian's total subqueries), so {@code
 *     matchedTerms / queryTerms} is the fraction of the query a hit matches
 * @param hits best first: weight descending, ties by ascending docid
 */
public record ScoredResults(int queryTerms, List<ScoredHit> hits) {
  public ScoredResults {
    hits = List.copyOf(hits);
  }
}
