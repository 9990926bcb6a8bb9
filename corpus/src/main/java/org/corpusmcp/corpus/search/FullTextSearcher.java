package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.search.CollectionStats;
import org.corpusmcp.zim.search.PreparedQuery;
import org.corpusmcp.zim.search.ScoredHit;
import org.corpusmcp.zim.search.ScoredResults;
import org.corpusmcp.zim.search.Searcher;
import org.corpusmcp.zim.search.Semantics;
import org.jspecify.annotations.Nullable;

/**
 * Full-text search over the archive's own Xapian index with libzim's ranking. STRICT is what a
 * Kiwix user gets today (libzim 9 semantics: every word must match). RELAXED asks the same index
 * for any of the query's words, through the 8.1 query parser, which still understands {@code OR}.
 * Weighed alone, the order is libzim's; weighed with the statistics of a collection of libraries
 * ({@link ComparableSearcher}), the weights compare with the other members'. Snippets are made
 * later from the parsed document, for the few results actually shown; each hit's entry is read by
 * the entry index the zim searcher found for it. A query is parsed once per mode ({@link
 * #prepare}), for the collection's statistics and the search alike. Only the best hits are asked
 * for ({@link Searcher#searchBest}): the same hits as libzim's first page, without its estimate.
 */
final class FullTextSearcher implements ComparableSearcher {

  private final Archive archive;
  private final Searcher strict;
  private final Searcher relaxed;
  private final String language;

  /** A mode with nothing to ask (one word, relaxed): no terms, no hits. */
  private static final Prepared NOTHING_TO_ASK =
      new Prepared() {
        @Override
        public List<String> terms() {
          return List.of();
        }

        @Override
        public Scored search(int count, @Nullable CollectionStats collection) {
          return Scored.NONE;
        }
      };

  /**
   * @throws org.corpusmcp.zim.search.SearchException when the archive has no usable index
   */
  FullTextSearcher(Archive archive) {
    this.archive = archive;
    this.strict = Searcher.open(archive, Semantics.LIBZIM_9);
    this.relaxed = strict.withSemantics(Semantics.LIBZIM_8_1); // one database behind both
    String lang = archive.metadata("Language");
    this.language = lang == null ? "" : lang.strip().toLowerCase(Locale.ROOT);
  }

  @Override
  public List<Hit> search(Query query, Mode mode, int count) {
    List<Hit> out = new ArrayList<>();
    for (WeighedEntry hit : prepare(query, mode).search(count, null).hits()) {
      out.add(new Hit(hit.entry()));
    }
    return out;
  }

  @Override
  public Optional<ComparableSearcher> comparable() {
    return Optional.of(this);
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return Optional.of(GlassVocabulary.fullText(strict.database())); // one database behind both
  }

  @Override
  public String language() {
    return language;
  }

  @Override
  public CollectionStats statistics(Collection<String> terms) {
    return strict.statistics(terms); // one database behind both searchers
  }

  @Override
  public Prepared prepare(Query query, Mode mode) {
    String text = indexQuery(query, mode);
    if (text == null) {
      return NOTHING_TO_ASK;
    }
    Searcher searcher = searcher(mode);
    PreparedQuery parsed = searcher.prepare(text);
    return new Prepared() {
      @Override
      public List<String> terms() {
        return parsed.terms();
      }

      @Override
      public Scored search(int count, @Nullable CollectionStats collection) {
        // the best `count` only, no match count: corpus never shows one, and a question's
        // any-word query matches most of a large archive, which weighing every match would cost
        return scored(searcher.searchBest(parsed, count, collection));
      }
    };
  }

  /** The hits with their entries, read by the index zim found each path at. */
  private Scored scored(ScoredResults results) {
    List<WeighedEntry> out = new ArrayList<>(results.hits().size());
    for (ScoredHit hit : results.hits()) {
      if (hit.entryIndex() >= 0) {
        out.add(
            new WeighedEntry(archive.entryAt(hit.entryIndex()), hit.weight(), hit.matchedTerms()));
      }
    }
    return new Scored(results.queryTerms(), out);
  }

  private Searcher searcher(Mode mode) {
    return mode == Mode.STRICT ? strict : relaxed;
  }

  /** The query as the index is asked it, or null when this mode has nothing to ask. */
  private static @Nullable String indexQuery(Query query, Mode mode) {
    if (mode == Mode.STRICT) {
      return query.text();
    }
    List<String> terms = query.terms();
    if (terms.isEmpty() || (terms.size() == 1 && Lexical.words(query.text()).size() == 1)) {
      return null; // one word alone: the strict search already asked for it
    }
    // one word among stopwords ("What is Суфіксы?") is asked alone: the strict search asked for
    // the stopwords too, which a library in another language may hold nowhere
    return String.join(" OR ", terms);
  }
}
