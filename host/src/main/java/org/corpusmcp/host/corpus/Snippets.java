package org.corpusmcp.host.corpus;

import java.util.List;
import java.util.Set;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;

/**
 * A query-focused plain-text snippet from a parsed document's prose (paragraphs, not lists,
 * tables, code or infobox lines): the sentence that holds the most distinct query words (a word matches when one is a prefix of the other and both have at least
 * four letters, a crude stand-in for stemming), earliest first on ties; the document's opening
 * text when no sentence holds any. Deterministic, and the same for every library whatever its
 * index.
 */
final class Snippets {

  static final int MAX_CHARS = 240;

  private Snippets() {}

  static String best(Document document, List<String> terms) {
    String bestSentence = "";
    int bestScore = 0;
    String opening = "";
    for (Section section : document.allSections()) {
      for (String paragraph : section.markdown().split("\n\\s*\n")) {
        if (!isProse(paragraph)) {
          continue;
        }
        String text = PlainText.fromMarkdown(paragraph, Integer.MAX_VALUE);
        if (text.isBlank()) {
          continue;
        }
        if (opening.isEmpty()) {
          opening = text;
        }
        for (String sentence : text.split("(?<=[.!?])\\s+")) {
          int score = score(sentence, terms);
          if (score > bestScore) {
            bestScore = score;
            bestSentence = sentence;
          }
        }
      }
      if (bestScore == terms.size() && bestScore > 0) {
        break;
      }
    }
    return PlainText.cut(bestScore > 0 ? bestSentence : opening, MAX_CHARS);
  }

  /** A paragraph of running text, not a list, table, code block, heading or caption line. */
  private static boolean isProse(String paragraph) {
    String p = paragraph.stripLeading();
    return !(p.isEmpty() || p.startsWith("- ") || p.startsWith("* ") || p.startsWith("|")
        || p.startsWith("```") || p.startsWith("#") || p.startsWith(">") || p.matches("(?s)\\d+\\. .*"))
        && p.length() >= 40;
  }

  private static int score(String sentence, List<String> terms) {
    Set<String> words = Set.copyOf(Lexical.words(sentence));
    int found = 0;
    for (String term : terms) {
      if (words.contains(term) || (term.length() >= 4 && words.stream().anyMatch(
          w -> w.length() >= 4 && (w.startsWith(term) || term.startsWith(w))))) {
        found++;
      }
    }
    return found;
  }
}
