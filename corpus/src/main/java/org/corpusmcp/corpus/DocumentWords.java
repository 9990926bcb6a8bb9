package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;

/**
 * The lexical view of one parsed document that search hints and snippets need: each section's
 * title and body words, and its prose sentences with their words. Normalising text (case, accents)
 * is the expensive part of both, so it is done once per document and kept with it in the
 * {@link DocumentStore}, not once per search result. Immutable.
 */
final class DocumentWords {

  /** One sentence of running text and its normalized words. */
  record Sentence(String text, Set<String> words) {}

  /** A section's words: title, whole body, and the body's prose sentences in order. */
  record SectionWords(Section section, Set<String> title, Set<String> body, List<Sentence> prose) {}

  private final List<SectionWords> sections;
  private final String opening;

  private DocumentWords(List<SectionWords> sections, String opening) {
    this.sections = sections;
    this.opening = opening;
  }

  static DocumentWords of(Document document) {
    List<SectionWords> out = new ArrayList<>();
    String opening = "";
    for (Section section : document.allSections()) {
      List<Sentence> prose = new ArrayList<>();
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
          prose.add(new Sentence(sentence, Set.copyOf(Lexical.words(sentence))));
        }
      }
      out.add(new SectionWords(section, Set.copyOf(Lexical.words(section.title())),
          Set.copyOf(Lexical.words(section.markdown())), List.copyOf(prose)));
    }
    return new DocumentWords(List.copyOf(out), opening);
  }

  /** Sections in document order (pre-order), lead first. */
  List<SectionWords> sections() {
    return sections;
  }

  /** The first prose text of the document, for a snippet when no sentence matches. */
  String opening() {
    return opening;
  }

  /** A paragraph of running text: not a list, table, code block, heading, quote or caption line. */
  private static boolean isProse(String paragraph) {
    String p = paragraph.stripLeading();
    return !(p.isEmpty() || p.startsWith("- ") || p.startsWith("* ") || p.startsWith("|")
        || p.startsWith("```") || p.startsWith("#") || p.startsWith(">") || p.matches("(?s)\\d+\\. .*"))
        && p.length() >= 40;
  }
}
