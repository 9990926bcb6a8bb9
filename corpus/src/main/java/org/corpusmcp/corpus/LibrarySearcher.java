package org.corpusmcp.corpus;

import java.util.List;
import org.corpusmcp.zim.Entry;

/**
 * Finds candidate documents in one library. Implementations: full-text search over the archive's
 * Xapian index, and a title search for archives without one.
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
   * One candidate entry. No snippet: the few results shown get theirs from the parsed document
   * (which search parses anyway for its section hints), so they read the same for archives with and
   * without a full-text index.
   */
  record Hit(Entry entry) {}
}
