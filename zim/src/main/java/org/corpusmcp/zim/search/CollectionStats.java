package org.corpusmcp.zim.search;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The collection statistics BM25 weighs a query by: document count, total document length, the
 * smallest document length, and each query term's document frequency. One database has its own;
 * several databases searched as one collection have their sums, as Xapian's multi-database search
 * computes them, so a weight from one database compares with a weight from another.
 *
 * @param docCount documents in the collection
 * @param totalLength sum of all document lengths
 * @param doclenLowerBound the smallest document length of any member (only BM25's unused bound
 *     reads it)
 * @param termFreqs document frequency of each term asked about; a term not here counts 0
 */
public record CollectionStats(
    long docCount, long totalLength, long doclenLowerBound, Map<String, Long> termFreqs) {

  public CollectionStats {
    termFreqs = Map.copyOf(termFreqs);
  }

  /** Average document length, as Xapian computes it (0 for an empty collection). */
  public double averageLength() {
    return docCount == 0 ? 0.0 : (double) totalLength / (double) docCount;
  }

  long termFreq(String term) {
    return termFreqs.getOrDefault(term, 0L);
  }

  /** The members searched as one collection: counts, lengths and term frequencies summed. */
  public static CollectionStats merge(Collection<CollectionStats> members) {
    long docs = 0;
    long length = 0;
    long lower = Long.MAX_VALUE;
    Map<String, Long> tf = new HashMap<>();
    for (CollectionStats m : members) {
      docs += m.docCount();
      length += m.totalLength();
      if (m.docCount() > 0) {
        lower = Math.min(lower, m.doclenLowerBound());
      }
      m.termFreqs().forEach((term, f) -> tf.merge(term, f, Long::sum));
    }
    return new CollectionStats(docs, length, lower == Long.MAX_VALUE ? 0 : lower, tf);
  }
}
