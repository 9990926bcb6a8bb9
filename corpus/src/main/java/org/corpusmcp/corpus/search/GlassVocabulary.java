package org.corpusmcp.corpus.search;

import org.apache.lucene.index.BaseTermsEnum;
import org.apache.lucene.index.ImpactsEnum;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.search.Stemmer;
import org.jspecify.annotations.Nullable;

/**
 * The vocabulary of an archive's own Xapian index: its postlist table's terms, walked by a {@link
 * GlassDatabase.TermCursor} that seeks, so an automaton visits a few B-tree leaves, not the whole
 * vocabulary, and nothing of it is held in memory: a Wikipedia's millions of words cost what the
 * walk reads. The full-text vocabulary reads the database its library's searcher opened ({@link
 * FullTextSearcher#vocabulary}), not a second one over the same index.
 */
final class GlassVocabulary implements Vocabulary {

  /** The title index's first term of every title, which lets a phrase ask "title starts with". */
  private static final BytesRef TITLE_ANCHOR = new BytesRef("0posanchor");

  private final GlassDatabase db;
  private final Stemmer stemmer;
  private final boolean titleIndex;

  private GlassVocabulary(GlassDatabase db, Stemmer stemmer, boolean titleIndex) {
    this.db = db;
    this.stemmer = stemmer;
    this.titleIndex = titleIndex;
  }

  /**
   * The words of a full-text index: libzim stems each in the index's language and keeps no other
   * form.
   */
  static GlassVocabulary fullText(GlassDatabase db) {
    String language = db.metadataString("language");
    Stemmer st = language.isEmpty() ? null : Stemmer.forXapianName(Stemmer.icuLanguage(language));
    return new GlassVocabulary(db, st == null ? Stemmer.none() : st, false);
  }

  /**
   * The words of a title index ({@code X/title/xapian}): libzim indexes each title's words lower
   * case, accents removed and unstemmed (the stems it adds carry the reserved {@code Z} prefix),
   * and a term's frequency is the number of titles holding it, redirects included.
   */
  static GlassVocabulary titles(GlassDatabase db) {
    return new GlassVocabulary(db, Stemmer.none(), true);
  }

  @Override
  public String form(String word) {
    return stemmer.isNone() ? word : stemmer.stem(word);
  }

  @Override
  public boolean holdsWords() {
    return stemmer.isNone();
  }

  @Override
  public TermsEnum terms() {
    return new CursorTermsEnum(db.termCursor());
  }

  /**
   * Xapian's prefixed terms start with an upper-case ASCII letter ({@code Z} stems, {@code S}
   * titles...); the plain, unstemmed words are all lower case.
   */
  @Override
  public boolean isReserved(BytesRef term) {
    if (term.length == 0) {
      return true;
    }
    byte first = term.bytes[term.offset];
    return (first >= 'A' && first <= 'Z') || (titleIndex && term.bytesEquals(TITLE_ANCHOR));
  }

  /** A TermsEnum over a glass term cursor: terms and document counts, no postings. */
  private static final class CursorTermsEnum extends BaseTermsEnum {
    private final GlassDatabase.TermCursor cursor;
    private final BytesRef current = new BytesRef();
    private boolean started;

    CursorTermsEnum(GlassDatabase.TermCursor cursor) {
      this.cursor = cursor;
    }

    @Override
    public SeekStatus seekCeil(BytesRef text) {
      started = true;
      byte[] target =
          java.util.Arrays.copyOfRange(text.bytes, text.offset, text.offset + text.length);
      byte[] found = set(cursor.seekCeil(target));
      if (found == null) {
        return SeekStatus.END;
      }
      return current.bytesEquals(text) ? SeekStatus.FOUND : SeekStatus.NOT_FOUND;
    }

    @Override
    public @Nullable BytesRef next() {
      byte[] t = started ? cursor.next() : cursor.seekCeil(new byte[0]);
      started = true;
      return set(t) == null ? null : current;
    }

    private byte @Nullable [] set(byte @Nullable [] t) {
      if (t != null) {
        current.bytes = t;
        current.offset = 0;
        current.length = t.length;
      }
      return t;
    }

    @Override
    public BytesRef term() {
      return current;
    }

    @Override
    public int docFreq() {
      return (int) Math.min(Integer.MAX_VALUE, cursor.termFreq());
    }

    @Override
    public long totalTermFreq() {
      return docFreq();
    }

    @Override
    public void seekExact(long ord) {
      throw new UnsupportedOperationException("glass terms have no ordinals");
    }

    @Override
    public long ord() {
      throw new UnsupportedOperationException("glass terms have no ordinals");
    }

    @Override
    public PostingsEnum postings(PostingsEnum reuse, int flags) {
      throw new UnsupportedOperationException("a vocabulary walk reads no postings");
    }

    @Override
    public ImpactsEnum impacts(int flags) {
      throw new UnsupportedOperationException("a vocabulary walk reads no postings");
    }
  }
}
