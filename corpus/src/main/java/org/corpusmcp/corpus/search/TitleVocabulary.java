package org.corpusmcp.corpus.search;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.index.BaseTermsEnum;
import org.apache.lucene.index.ImpactsEnum;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;

/**
 * The words of an archive's titles (redirects included, so aliases count), for archives with no
 * index of their own. Built once, in memory: one sorted array of distinct words and how many titles
 * hold each.
 */
final class TitleVocabulary implements Vocabulary {

  private final BytesRef[] words;
  private final int[] counts;

  private TitleVocabulary(BytesRef[] words, int[] counts) {
    this.words = words;
    this.counts = counts;
  }

  static TitleVocabulary of(Archive archive) {
    Map<String, Integer> counts = new HashMap<>();
    for (Entry e : archive.entriesByTitle()) {
      for (String w : Lexical.words(e.title())) {
        counts.merge(w, 1, Integer::sum);
      }
    }
    return of(counts);
  }

  static TitleVocabulary of(Map<String, Integer> counts) {
    BytesRef[] words = new BytesRef[counts.size()];
    int i = 0;
    for (String w : counts.keySet()) {
      words[i++] = new BytesRef(w.getBytes(StandardCharsets.UTF_8));
    }
    Arrays.sort(words); // BytesRef order is unsigned byte order, as every TermsEnum's
    int[] c = new int[words.length];
    for (int k = 0; k < words.length; k++) {
      c[k] = counts.get(words[k].utf8ToString());
    }
    return new TitleVocabulary(words, c);
  }

  int size() {
    return words.length;
  }

  @Override
  public TermsEnum terms() {
    return new ArrayTermsEnum();
  }

  private final class ArrayTermsEnum extends BaseTermsEnum {
    private int at = -1;

    @Override
    public SeekStatus seekCeil(BytesRef text) {
      int i = Arrays.binarySearch(words, text);
      if (i >= 0) {
        at = i;
        return SeekStatus.FOUND;
      }
      at = -i - 1;
      return at >= words.length ? SeekStatus.END : SeekStatus.NOT_FOUND;
    }

    @Override
    public @Nullable BytesRef next() {
      if (at + 1 >= words.length) {
        at = words.length;
        return null;
      }
      return words[++at];
    }

    @Override
    public BytesRef term() {
      return words[at];
    }

    @Override
    public int docFreq() {
      return counts[at];
    }

    @Override
    public long totalTermFreq() {
      return counts[at];
    }

    @Override
    public void seekExact(long ord) {
      at = (int) ord;
    }

    @Override
    public long ord() {
      return at;
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
