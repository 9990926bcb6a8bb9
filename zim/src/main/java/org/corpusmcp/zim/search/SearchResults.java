package org.corpusmcp.zim.search;

import java.util.List;

/**
 * A page of full-text results.
 *
 * @param query the query as parsed (after libzim 9's normalisation)
 * @param estimatedMatches libzim's {@code getEstimatedMatches()} (Xapian's rounded estimate)
 * @param hits the requested page, best first
 */
public record SearchResults(String query, long estimatedMatches, List<SearchHit> hits) {
  public SearchResults {
    hits = List.copyOf(hits);
  }
}
