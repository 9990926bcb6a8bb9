package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.search.SearchHit;
import org.corpusmcp.zim.search.Searcher;
import org.corpusmcp.zim.search.Semantics;

/**
 * Full-text search over the archive's own Xapian index with libzim's ranking. STRICT is what a
 * Kiwix user gets today (libzim 9 semantics: every word must match). RELAXED asks the same index for
 * any of the query's words, through the 8.1 query parser, which still understands {@code OR}.
 * Snippets are made later from the parsed document, for the few results actually shown; titles
 * come from the entry each path is resolved to here, so the searcher is asked for paths only.
 */
final class FullTextSearcher implements LibrarySearcher {

  private final Archive archive;
  private final Searcher strict;
  private final Searcher relaxed;

  /** @throws org.corpusmcp.zim.search.SearchException when the archive has no usable index */
  FullTextSearcher(Archive archive) {
    this.archive = archive;
    this.strict = Searcher.open(archive, Semantics.LIBZIM_9);
    this.relaxed = Searcher.open(archive, Semantics.LIBZIM_8_1);
  }

  @Override
  public List<Hit> search(Query query, Mode mode, int count) {
    List<SearchHit> hits;
    if (mode == Mode.STRICT) {
      hits = strict.searchPaths(query.text(), 0, count).hits();
    } else {
      List<String> terms = query.terms();
      if (terms.size() < 2) {
        return List.of(); // one word: the strict search already asked for it
      }
      hits = relaxed.searchPaths(String.join(" OR ", terms), 0, count).hits();
    }
    List<Hit> out = new ArrayList<>(hits.size());
    for (SearchHit hit : hits) {
      Entry entry = archive.findByPath(hit.path());
      if (entry != null) {
        out.add(new Hit(entry));
      }
    }
    return out;
  }
}
