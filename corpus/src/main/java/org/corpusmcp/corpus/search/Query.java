package org.corpusmcp.corpus.search;

import java.util.List;
import java.util.Set;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.Stopwords;

/**
 * A search query as typed and its lexical terms, analysed once per search: every library's
 * searchers, fusion and the snippet and section hints of each result read the same terms.
 *
 * @param text the query as the agent typed it
 * @param terms its meaningful words ({@link Lexical#terms}): normalised, stopwords dropped unless
 *     nothing else is left
 */
public record Query(String text, List<String> terms) {

  public Query {
    terms = List.copyOf(terms);
  }

  /**
   * Whether this reads as a question or a phrase of several meaningful words with function words
   * between them ("what is the largest living cat species"), not a list of keywords: stopwords were
   * dropped and at least two words are left.
   */
  public boolean isQuestion() {
    return terms.size() > 1 && terms.size() < Lexical.words(text).size();
  }

  /**
   * Whether this is put as a question or a request ("what is … known for", "tell me about …", "qui
   * a écrit …?"), not only worded like one: a {@link #isQuestion question} that ends with a
   * question mark or opens with an interrogative, an auxiliary or a verb of asking. A heading or a
   * title holds function words too ("Release and promotion", "The Night Time (Is the Right Time)"),
   * and there every word is part of the name; in a question some are its frame, which the answering
   * page need not hold.
   */
  public boolean readsAsQuestion() {
    if (!isQuestion()) {
      return false;
    }
    List<String> words = Lexical.words(text);
    return text.strip().endsWith("?") || (!words.isEmpty() && OPENERS.contains(words.get(0)));
  }

  /**
   * Words a question or a request opens with, in English and French, as Lexical normalises them.
   */
  private static final Set<String> OPENERS =
      Set.of(
          "what",
          "which",
          "who",
          "whom",
          "whose",
          "where",
          "when",
          "why",
          "how",
          "is",
          "are",
          "was",
          "were",
          "do",
          "does",
          "did",
          "can",
          "could",
          "should",
          "would",
          "has",
          "have",
          "had",
          "tell",
          "explain",
          "describe",
          "qui",
          "que",
          "quoi",
          "ou",
          "quand",
          "comment",
          "pourquoi",
          "quel",
          "quelle",
          "quels",
          "quelles",
          "est",
          "combien");

  /** The query with English stopwords dropped. */
  public static Query of(String text) {
    return new Query(text, Lexical.terms(text));
  }

  /** The query with {@code stopwords} dropped (the union of the searched libraries'). */
  public static Query of(String text, Stopwords stopwords) {
    return new Query(text, Lexical.terms(text, stopwords));
  }
}
