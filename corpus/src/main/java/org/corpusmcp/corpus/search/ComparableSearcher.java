package org.corpusmcp.corpus.search;

import java.util.Collection;
import java.util.List;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.search.CollectionStats;
import org.jspecify.annotations.Nullable;

/**
 * A searcher whose scores are BM25 weights, so that several of them can be weighed as one
 * collection: each reports the statistics of its own index for the query's terms, the statistics
 * are summed, and each searches with the sums. Weights found that way compare across libraries,
 * which ranks of separate lists do not. Only libraries in one language are weighed together: their
 * query terms are the same words.
 */
interface ComparableSearcher extends LibrarySearcher {

  /** The collection this searcher may be weighed with: its archive's language, or "" if unknown. */
  String language();

  /**
   * The query as this index asks it in {@code mode}, parsed once: the collection's statistics are
   * read for its terms and the search runs from the same parse.
   */
  Prepared prepare(Query query, Mode mode);

  /** This index's statistics for {@code terms}. */
  CollectionStats statistics(Collection<String> terms);

  /** A query parsed by one searcher in one mode. */
  interface Prepared {

    /** The index terms the query is weighed by. */
    List<String> terms();

    /**
     * Up to {@code count} hits, best first, weighed with {@code collection} (null: this index's own
     * statistics).
     */
    Scored search(int count, @Nullable CollectionStats collection);
  }

  /** Weighed hits and the number of weighted terms of the parsed query. */
  record Scored(int queryTerms, List<WeighedEntry> hits) {
    static final Scored NONE = new Scored(0, List.of());

    public Scored {
      hits = List.copyOf(hits);
    }
  }

  /** One hit, its BM25 weight and how many of the query's terms it matched. */
  record WeighedEntry(Entry entry, double weight, int matchedTerms) {}
}
