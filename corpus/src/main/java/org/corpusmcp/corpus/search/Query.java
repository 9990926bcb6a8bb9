package org.corpusmcp.corpus.search;

import java.util.List;
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

  /** The query with English stopwords dropped. */
  public static Query of(String text) {
    return new Query(text, Lexical.terms(text));
  }

  /** The query with {@code stopwords} dropped (the union of the searched libraries'). */
  public static Query of(String text, Stopwords stopwords) {
    return new Query(text, Lexical.terms(text, stopwords));
  }
}
