package org.corpusmcp.corpus;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A query-focused plain-text snippet from a document's prose (paragraphs, not lists, tables, code
 * or infobox lines, taken from the renderer's plain text, never from stripped Markdown): the
 * passage that shows why the document matched.
 *
 * <p>The passage is the sentence holding the most query words, weighed by what they tell about this
 * document: a word of the document's own title counts a quarter (every sentence of the Ray Charles
 * article is about Ray Charles; the one that says where he was born is found by the other word),
 * any other word counts one. A word matches when one is a prefix of the other by at most a few
 * letters and both have at least four, a crude stand-in for stemming. The earliest sentence wins a
 * tie; the document's opening text stands in when no sentence holds any word. A sentence longer
 * than the snippet is cut around its first matching word (the first informative one, when there is
 * one), so the word the document matched on is always shown. Deterministic, and the same for every
 * library whatever its index.
 */
final class Snippets {

  static final int MAX_CHARS = 240;

  /** How much of a cut sentence is shown before the matching word, at most. */
  private static final int LEAD_IN = 60;

  private static final double TITLE_WORD = 0.25;

  /** A run of letters, marks and digits: what {@link Lexical#normalize} keeps as one word. */
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{M}\\p{N}]+");

  /**
   * The snippet and the section it was taken from.
   *
   * @param section the section holding the passage; null when it holds no query word but the
   *     document title's (then it says nothing the title does not)
   * @param whole the passage is one sentence holding every word of the query, at least one of them
   *     not a word of the title: the document states what the query asks in one place
   */
  record Passage(String text, DocumentWords.@Nullable SectionWords section, boolean whole) {}

  private Snippets() {}

  static String best(DocumentWords document, List<String> terms) {
    return passage(document, terms).text();
  }

  static Passage passage(DocumentWords document, List<String> terms) {
    double[] weights = weights(document, terms);
    double most = 0;
    for (double w : weights) {
      most += w;
    }
    DocumentWords.Sentence bestSentence = null;
    DocumentWords.SectionWords bestSection = null;
    double bestScore = 0;
    for (DocumentWords.SectionWords section : document.sections()) {
      for (DocumentWords.Sentence sentence : section.prose()) {
        double score = score(sentence.words(), terms, weights);
        if (score > bestScore) {
          bestScore = score;
          bestSentence = sentence;
          bestSection = section;
        }
      }
      if (bestScore >= most && bestScore > 0) {
        break;
      }
    }
    if (bestSentence == null) {
      return new Passage(InertMarkup.of(cut(document.opening(), MAX_CHARS)), null, false);
    }
    boolean informative = false;
    for (int i = 0; i < weights.length; i++) {
      informative |=
          weights[i] == 1 && DocumentWords.containsLoosely(bestSentence.words(), terms.get(i));
    }
    return new Passage(
        InertMarkup.of(around(bestSentence.text(), terms, weights)),
        informative ? bestSection : null,
        informative && bestScore >= most);
  }

  /** Each term's weight: a quarter for a word of the document's title, one for any other. */
  private static double[] weights(DocumentWords document, List<String> terms) {
    List<String> title = Lexical.words(document.title());
    double[] weights = new double[terms.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = title.contains(terms.get(i)) ? TITLE_WORD : 1;
    }
    return weights;
  }

  /**
   * {@code text} whole when it fits; otherwise cut to fit from a little before its first matching
   * word of the highest weight, with an ellipsis at each cut end.
   */
  static String around(String text, List<String> terms, double[] weights) {
    if (text.length() <= MAX_CHARS) {
      return text;
    }
    int at = -1;
    double atWeight = 0;
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      String word = Lexical.normalize(m.group());
      for (int i = 0; i < terms.size(); i++) {
        if (weights[i] > atWeight && loosely(word, terms.get(i))) {
          at = m.start();
          atWeight = weights[i];
        }
      }
      if (atWeight >= 1) {
        break;
      }
    }
    if (at + MAX_CHARS / 2 <= MAX_CHARS || at < 0) {
      return cut(text, MAX_CHARS); // the word shows in the sentence's own beginning
    }
    int space = text.indexOf(' ', Math.max(0, at - LEAD_IN));
    int from = space >= 0 && space < at ? space + 1 : at;
    return "…" + cut(text.substring(from), MAX_CHARS - 1);
  }

  private static boolean loosely(String word, String term) {
    if (word.equals(term)) {
      return true;
    }
    if (word.length() < 4 || term.length() < 4) {
      return false;
    }
    return Math.abs(word.length() - term.length()) <= DocumentWords.MAX_ENDING
        && (word.startsWith(term) || term.startsWith(word));
  }

  /** {@code text} cut at a word boundary near {@code maxChars}, with an ellipsis when cut. */
  static String cut(String text, int maxChars) {
    if (text.length() <= maxChars) {
      return text;
    }
    int end = text.lastIndexOf(' ', maxChars);
    if (end < maxChars / 2) {
      end = maxChars;
    }
    return text.substring(0, end).stripTrailing() + "…";
  }

  private static double score(String[] words, List<String> terms, double[] weights) {
    double found = 0;
    for (int i = 0; i < weights.length; i++) {
      if (DocumentWords.containsLoosely(words, terms.get(i))) {
        found += weights[i];
      }
    }
    return found;
  }
}
