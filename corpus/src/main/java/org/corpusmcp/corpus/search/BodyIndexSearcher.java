package org.corpusmcp.corpus.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.corpusmcp.corpus.BodyIndex;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.zim.Entry;

/**
 * Search for an archive without a full-text index of its own, over its sidecar {@link BodyIndex}:
 * BM25 over title and body text (a title match weighs {@value #TITLE_BOOST} times a body match),
 * every word required in STRICT mode and in RELAXED two thirds of the words some document holds (at
 * least two, all of them when fewer), followed by the title-prefix matches the archive's title
 * listing gives, so titles are found as before.
 */
final class BodyIndexSearcher implements LibrarySearcher {

  private static final float TITLE_BOOST = 3f;

  private final Library library;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;
  private final TitleSearcher titles;
  private final Analyzer analyzer = BodyIndex.analyzer();

  BodyIndexSearcher(Library library, DirectoryReader reader) {
    this.library = library;
    this.reader = reader;
    this.searcher = new IndexSearcher(reader);
    this.titles = new TitleSearcher(library.archive());
  }

  @Override
  public List<Hit> search(Query query, Mode mode, int count) {
    List<String> analysed = analyse(query.terms());
    // a word no document holds cannot be one of the words an any-word hit matches ("Квас known"):
    // the share asked for is of the words the index has, or nothing would ever match
    List<String> words = mode == Mode.RELAXED ? held(analysed) : analysed;
    Map<Integer, Hit> out = new LinkedHashMap<>();
    if (!words.isEmpty()) {
      BooleanQuery.Builder q = new BooleanQuery.Builder();
      for (String w : words) {
        BooleanQuery either =
            new BooleanQuery.Builder()
                .add(
                    new BoostQuery(new TermQuery(new Term(BodyIndex.TITLE, w)), TITLE_BOOST),
                    BooleanClause.Occur.SHOULD)
                .add(new TermQuery(new Term(BodyIndex.BODY, w)), BooleanClause.Occur.SHOULD)
                .build();
        q.add(either, mode == Mode.STRICT ? BooleanClause.Occur.MUST : BooleanClause.Occur.SHOULD);
      }
      if (mode == Mode.RELAXED) {
        // Any one word of a question matches nearly every article body, and a library's first
        // hit weighs as much as another library's in fusion: the fill asks for most of the words.
        q.setMinimumNumberShouldMatch(
            Math.min(words.size(), Math.max(2, (2 * words.size() + 2) / 3)));
      }
      try {
        var stored = searcher.storedFields();
        ScoreDoc[] found = searcher.search(q.build(), count).scoreDocs;
        // a hit's BM25 score over the best one's says how it compares, as a full-text library's
        // weights do; in RELAXED mode scaled by the share of the query's information the best one
        // holds (each word weighed by its idf here), so a library whose best any-word hit holds
        // the question's common words and not its subject does not weigh it as a complete match
        float best = found.length == 0 ? 0 : found[0].score;
        double scale =
            mode == Mode.STRICT || found.length == 0
                ? 1.0
                : informationHeldBy(found[0].doc, analysed);
        for (ScoreDoc d : found) {
          Entry e = library.entry(stored.document(d.doc).get(BodyIndex.PATH));
          if (e != null) {
            double relative = best > 0 ? Math.min(1.0, d.score / best) * scale : Hit.UNWEIGHED;
            out.putIfAbsent(e.index(), new Hit(e, relative));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(
            "body index of " + library.name() + ": " + e.getMessage(), e);
      }
    }
    for (Hit h : titles.search(query, mode, count)) {
      if (out.size() >= count) {
        break;
      }
      out.putIfAbsent(h.entry().index(), h);
    }
    return List.copyOf(out.values());
  }

  /**
   * The share of {@code words}' idf (Lucene's BM25 idf over this index; a word no document holds
   * counts as the rarest) that document {@code doc} holds, in its title or body.
   */
  private double informationHeldBy(int doc, List<String> words) throws IOException {
    LeafReaderContext leaf = reader.leaves().get(ReaderUtil.subIndex(doc, reader.leaves()));
    int target = doc - leaf.docBase;
    int docs = reader.numDocs();
    double held = 0;
    double total = 0;
    for (String w : words) {
      int df = documentFrequency(w);
      double idf = Math.log(1 + (docs - df + 0.5) / (df + 0.5));
      total += idf;
      if (holds(leaf, BodyIndex.TITLE, w, target) || holds(leaf, BodyIndex.BODY, w, target)) {
        held += idf;
      }
    }
    return total <= 0 ? 0 : held / total;
  }

  private static boolean holds(LeafReaderContext leaf, String field, String word, int doc)
      throws IOException {
    PostingsEnum postings = leaf.reader().postings(new Term(field, word), PostingsEnum.NONE);
    return postings != null && postings.advance(doc) == doc;
  }

  /** Those of {@code words} that some document holds, in its title or body. */
  private List<String> held(List<String> words) {
    List<String> out = new ArrayList<>();
    try {
      for (String w : words) {
        if (documentFrequency(w) > 0) {
          out.add(w);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("body index of " + library.name() + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** How many documents hold {@code word} in their title or body: the larger field's count. */
  private int documentFrequency(String word) throws IOException {
    return Math.max(
        reader.docFreq(new Term(BodyIndex.BODY, word)),
        reader.docFreq(new Term(BodyIndex.TITLE, word)));
  }

  /** The query's words as the index holds them (the analyzer the index was written with). */
  private List<String> analyse(List<String> terms) {
    List<String> out = new ArrayList<>();
    for (String t : terms) {
      try (TokenStream ts = analyzer.tokenStream(BodyIndex.BODY, t)) {
        CharTermAttribute a = ts.addAttribute(CharTermAttribute.class);
        ts.reset();
        while (ts.incrementToken()) {
          out.add(a.toString());
        }
        ts.end();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return Optional.of(
        () -> {
          Terms terms = MultiTerms.getTerms(reader, BodyIndex.BODY);
          return terms == null ? TermsEnum.EMPTY : terms.iterator();
        });
  }
}
