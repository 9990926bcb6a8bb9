package org.corpusmcp.corpus.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.corpusmcp.corpus.AnchorIndex;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;

/**
 * The pages a query names by the words other pages link to them with ({@link AnchorIndex}): "Who
 * were the Ray Charles Singers?" names The Raelettes when the archive's pages link to it with that
 * text, although neither its title nor a redirect says so. A span of the query's words names a page
 * when most of the links with that text lead to it (a text split among several pages, "album" or
 * "live", names none of them), and it ranks as a title the query names ({@link NamedTitles}: the
 * same spans, and the same rule for how much of the query a span must hold). The whole query is a
 * span too: an agent that types a link's text alone is naming a page.
 */
final class AnchorNames {

  /**
   * A text found as more (text, target) pairs than this is used for many pages, or counted across
   * many build batches: it names none of them, and reading its pairs would cost more than it says.
   */
  private static final int MAX_PAIRS = 64;

  private final Library library;
  private final IndexSearcher searcher;

  AnchorNames(Library library, DirectoryReader reader) {
    this.library = library;
    this.searcher = new IndexSearcher(reader);
  }

  /** The pages {@code query} names by link text, longest spans first. */
  List<NamedTitles.Named> in(String query) {
    return NamedTitles.spans(query, AnchorIndex.MAX_WORDS, true, this::named);
  }

  /** The page most links with the text {@code span} lead to, when they are most of them. */
  private @Nullable Entry named(String span) {
    String key = Lexical.normalize(span);
    if (key.isEmpty()) {
      return null;
    }
    Map<String, Integer> byTarget = new LinkedHashMap<>();
    int total = 0;
    try {
      TopDocs found = searcher.search(new TermQuery(new Term(AnchorIndex.KEY, key)), MAX_PAIRS + 1);
      if (found.scoreDocs.length > MAX_PAIRS) {
        return null;
      }
      for (ScoreDoc hit : found.scoreDocs) {
        Document pair = searcher.storedFields().document(hit.doc);
        int count = pair.getField(AnchorIndex.COUNT).numericValue().intValue();
        byTarget.merge(pair.get(AnchorIndex.TARGET), count, Integer::sum);
        total += count;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "anchor index of " + library.name() + " unreadable: " + e.getMessage(), e);
    }
    String best = null;
    int most = 0;
    for (Map.Entry<String, Integer> e : byTarget.entrySet()) {
      if (e.getValue() > most) {
        best = e.getKey();
        most = e.getValue();
      }
    }
    return best == null || 2 * most <= total ? null : library.entry(best);
  }
}
