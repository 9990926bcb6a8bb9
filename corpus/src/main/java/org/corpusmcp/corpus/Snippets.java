package org.corpusmcp.corpus;

import java.util.List;

/**
 * A query-focused plain-text snippet from a document's prose (paragraphs, not lists, tables, code
 * or infobox lines, taken from the renderer's plain text, never from stripped Markdown): the
 * sentence that holds the most distinct query words (a word matches when one is a prefix of the
 * other and both have at least four letters, a crude stand-in for stemming), earliest first on
 * ties; the document's opening text when no sentence holds any. Deterministic, and the same for
 * every library whatever its index.
 */
final class Snippets {

  static final int MAX_CHARS = 240;

  private Snippets() {}

  static String best(DocumentWords document, List<String> terms) {
    String bestSentence = "";
    int bestScore = 0;
    for (DocumentWords.SectionWords section : document.sections()) {
      for (DocumentWords.Sentence sentence : section.prose()) {
        int score = score(sentence.words(), terms);
        if (score > bestScore) {
          bestScore = score;
          bestSentence = sentence.text();
        }
      }
      if (bestScore == terms.size() && bestScore > 0) {
        break;
      }
    }
    return cut(bestScore > 0 ? bestSentence : document.opening(), MAX_CHARS);
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

  private static int score(String[] words, List<String> terms) {
    int found = 0;
    for (String term : terms) {
      if (DocumentWords.containsLoosely(words, term)) {
        found++;
      }
    }
    return found;
  }
}
