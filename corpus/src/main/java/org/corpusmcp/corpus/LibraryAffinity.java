package org.corpusmcp.corpus;

import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.search.CollectionStats;

/**
 * How much a library of a collection is about a query, against the other members: a calibration
 * that keeps one large topical library from taking the first places for a question on another topic
 * (a music wiki's long biographies hold "american", "civil", "war" and "end" too).
 *
 * <p>A library's density of the query is the idf-weighted share of its documents holding each of
 * the query's terms: {@code Σ idf(t) · df_L(t) / N_L}, idf over the whole collection. Its affinity
 * is that density over the mean density of the collection's members, each member one vote, so three
 * snapshots of one wiki cannot set the standard by their size. A library at or above the mean keeps
 * its weights; one below has them scaled by the square root of its affinity: a library where the
 * query's informative words are a quarter as common as in the average member weighs half. Documents
 * are never raised: the factor only lets the libraries that are about the query come first when
 * their own matches are as good.
 */
final class LibraryAffinity {

  private LibraryAffinity() {}

  /**
   * Each member's factor for its hits' weights, in member order: 1 at or above the mean density,
   * the square root of density over mean below it.
   *
   * @param members each member library's statistics for the query's terms
   * @param collection the members' statistics summed
   */
  static double[] factors(List<CollectionStats> members, CollectionStats collection) {
    double[] density = new double[members.size()];
    double sum = 0;
    for (int i = 0; i < density.length; i++) {
      density[i] = density(members.get(i), collection);
      sum += density[i];
    }
    double mean = sum / Math.max(1, density.length);
    double[] out = new double[density.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = mean <= 0 || density[i] >= mean ? 1.0 : Math.sqrt(density[i] / mean);
    }
    return out;
  }

  private static double density(CollectionStats library, CollectionStats collection) {
    if (library.docCount() == 0) {
      return 0;
    }
    double d = 0;
    for (Map.Entry<String, Long> t : collection.termFreqs().entrySet()) {
      long df = t.getValue();
      // Lucene's BM25 idf, as TermWeights weighs a query's words
      double idf = Math.log(1 + (collection.docCount() - df + 0.5) / (df + 0.5));
      d += idf * library.termFreqs().getOrDefault(t.getKey(), 0L) / library.docCount();
    }
    return d;
  }
}
