package org.corpusmcp.corpus.search;

import java.util.List;
import java.util.Optional;
import org.corpusmcp.zim.Entry;

/**
 * Finds candidate documents in one library, and says what else its index offers the search (weights
 * that compare across libraries, a vocabulary), so that no caller tests its class. Implementations:
 * full-text search over the archive's Xapian index, over a sidecar body index, and a title search
 * for archives without either.
 */
public interface LibrarySearcher {

  /** How strictly the words of a query must all match. */
  enum Mode {
    /** Every word must match (libzim's default AND). */
    STRICT,
    /** Any word may match; used to fill a list strict matching left short. */
    RELAXED
  }

  /**
   * Up to {@code count} hits, best first. Entries may be redirects; the caller resolves and
   * de-duplicates. Throws on a damaged index; the caller degrades that library only.
   */
  List<Hit> search(Query query, Mode mode, int count);

  /**
   * This searcher, when its hits have BM25 weights that can be weighed with other libraries' in one
   * collection; empty for a searcher whose hits have only a rank.
   */
  default Optional<ComparableSearcher> comparable() {
    return Optional.empty();
  }

  /**
   * The words of the library's text as its index holds them, for typo tolerance; empty when the
   * searcher reads no body index (its titles' words are read from the archive anyway). The index is
   * the one this searcher opened: asking opens nothing more.
   */
  default Optional<Vocabulary> vocabulary() {
    return Optional.empty();
  }

  /**
   * The pages a query names by the text other pages link to them with, when the library's anchor
   * index is built ({@link AnchorNames}); empty otherwise.
   */
  default Optional<AnchorNames> anchorNames() {
    return Optional.empty();
  }

  /** {@code searcher}, and the pages its library's links name. */
  static LibrarySearcher withAnchorNames(LibrarySearcher searcher, AnchorNames names) {
    return new LibrarySearcher() {
      @Override
      public List<Hit> search(Query query, Mode mode, int count) {
        return searcher.search(query, mode, count);
      }

      @Override
      public Optional<ComparableSearcher> comparable() {
        return searcher.comparable();
      }

      @Override
      public Optional<Vocabulary> vocabulary() {
        return searcher.vocabulary();
      }

      @Override
      public Optional<AnchorNames> anchorNames() {
        return Optional.of(names);
      }
    };
  }

  /**
   * One candidate entry. No snippet: the few results shown get theirs from the parsed document
   * (which search parses anyway for its section hints), so they read the same for archives with and
   * without a full-text index.
   *
   * @param relativeWeight for a hit that matched every word of the query, its weight over the
   *     weight of the searcher's best hit for the same query, in (0, 1]; {@link #UNWEIGHED} when
   *     the searcher weighs nothing (titles) or the hit may lack some words
   */
  record Hit(Entry entry, double relativeWeight) {

    /** The relative weight of a hit the searcher did not weigh. */
    public static final double UNWEIGHED = -1;

    public Hit(Entry entry) {
      this(entry, UNWEIGHED);
    }
  }
}
