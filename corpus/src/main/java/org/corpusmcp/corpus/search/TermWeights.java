package org.corpusmcp.corpus.search;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.corpusmcp.corpus.ArchiveFaults;
import org.corpusmcp.corpus.DocumentWords;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.Library;

/**
 * How much each of a query's words tells, over the whole corpus: its inverse document frequency in
 * the full-text indexes of every library together (the words are the indexes' own unstemmed terms:
 * lower-cased, accents removed, as {@link Lexical} normalises them). A word most documents hold
 * ("album" in a music wiki, "name") tells little; a rare one ("crying", "dylan") tells much.
 *
 * <p>Its use is the title field of ranking ({@link #titleShare}): the share of the query's
 * information that a document's title holds. A title is how an archive names what a page is about,
 * so a page whose title holds the rare words of a question ("Crying Time (album)" for "which Ray
 * Charles album has songs about crying", "Bob Dylan" for "what was Bob Dylan's birth name") is what
 * the question is about, even where a long article elsewhere repeats every word in its body. The
 * weighing is BM25F's in spirit: the title as a field of its own, each word weighed by its idf.
 *
 * <p>Without any full-text library (title-only archives alone) every word weighs the same.
 * Immutable; built once per search.
 */
public final class TermWeights {

  private final List<String> terms;
  private final double[] idf;
  private final double total;
  private final Map<String, boolean[]> heldBy;

  private TermWeights(List<String> terms, double[] idf, Map<String, boolean[]> heldBy) {
    this.terms = terms;
    this.idf = idf;
    this.heldBy = heldBy;
    double sum = 0;
    for (double w : idf) {
      sum += w;
    }
    this.total = sum;
  }

  /** Every word weighing the same: for tests and corpora without a full-text index. */
  static TermWeights uniform(List<String> terms) {
    double[] ones = new double[terms.size()];
    Arrays.fill(ones, 1.0);
    return new TermWeights(List.copyOf(terms), ones, Map.of());
  }

  /**
   * The query's terms weighed by their document frequencies summed over every library whose
   * searcher reads a full-text index; a library whose statistics cannot be read is left out (its
   * own search reports the fault).
   */
  static TermWeights of(
      Query query, List<Library> libraries, Function<Library, LibrarySearcher> searchers) {
    List<String> terms = query.terms();
    long docs = 0;
    long[] df = new long[terms.size()];
    Map<String, boolean[]> heldBy = new HashMap<>();
    for (Library library : libraries) {
      LibrarySearcher searcher;
      try {
        searcher = searchers.apply(library);
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e; // a bug, not damage: the search reports an internal failure
        }
        continue; // searched alone: its own task meets the same fault and reports it in degraded
      }
      if (searcher.comparable().isEmpty()) {
        continue;
      }
      try {
        var stats = searcher.comparable().get().statistics(terms);
        docs += stats.docCount();
        boolean[] held = new boolean[terms.size()];
        for (int i = 0; i < df.length; i++) {
          long n = stats.termFreqs().getOrDefault(terms.get(i), 0L);
          df[i] += n;
          held[i] = n > 0;
        }
        heldBy.put(library.name(), held);
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e; // a bug, not damage: the search reports an internal failure
        }
        // searched alone: its own task meets the same fault and reports it in degraded
      }
    }
    if (docs == 0) {
      return uniform(terms);
    }
    double[] idf = new double[terms.size()];
    for (int i = 0; i < idf.length; i++) {
      // Lucene's BM25 idf: always positive, and a word in no index counts as the rarest
      idf[i] = Math.log(1 + (docs - df[i] + 0.5) / (df[i] + 0.5));
    }
    return new TermWeights(List.copyOf(terms), idf, heldBy);
  }

  /**
   * The most of the query's information that a document of {@code libraries} matching {@code
   * matched} of its words can hold: the idf of the {@code matched} rarest words some of those
   * libraries hold, over the idf of all the query's words. How much a collection's best hit says of
   * the query, where only how many words it matched is known: a Belarusian page that matched one
   * word of "What can you tell me about the history of Альфабэт?" matched the subject, the only
   * word its library holds; an English page that matched two matched the question's common words.
   * Negative when no library's statistics were read (weights uniform, or none of them full-text).
   */
  double mostHeld(Collection<String> libraries, int matched) {
    if (total <= 0 || heldBy.isEmpty()) {
      return -1;
    }
    boolean[] any = new boolean[terms.size()];
    boolean read = false;
    for (String library : libraries) {
      boolean[] held = heldBy.get(library);
      if (held == null) {
        continue;
      }
      read = true;
      for (int i = 0; i < any.length; i++) {
        any[i] |= held[i];
      }
    }
    if (!read) {
      return -1;
    }
    double[] weights = new double[terms.size()];
    int n = 0;
    for (int i = 0; i < any.length; i++) {
      if (any[i]) {
        weights[n++] = idf[i];
      }
    }
    double[] sorted = Arrays.copyOf(weights, n);
    Arrays.sort(sorted);
    double held = 0;
    for (int k = 0; k < Math.min(matched, n); k++) {
      held += sorted[n - 1 - k];
    }
    return held / total;
  }

  /** The query's words, as weighed. */
  List<String> terms() {
    return terms;
  }

  /**
   * The share of the query's information held by the words of {@code title} (a qualifier in
   * parentheses included: "(album)" says what the page is): the idf of the query's words the title
   * holds, loosely as snippets match ("songs" and "Song"), over the idf of all of them. 0 for a
   * query without terms.
   */
  public double titleShare(String title) {
    if (total <= 0) {
      return 0;
    }
    String[] words = Lexical.words(title).toArray(new String[0]);
    Arrays.sort(words);
    double held = 0;
    for (int i = 0; i < idf.length; i++) {
      if (DocumentWords.containsLoosely(words, terms.get(i))) {
        held += idf[i];
      }
    }
    return held / total;
  }
}
