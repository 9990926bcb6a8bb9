package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;

/**
 * The lexical view of one parsed document that search hints and snippets need: each section's
 * title and body words, and its prose sentences with their words, all read from the plain text
 * the renderer wrote beside each section's Markdown ({@link Section#text()}). Normalising text (case, accents)
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
      for (String paragraph : section.text().split("\n\\s*\n")) {
        if (!isProse(paragraph)) {
          continue;
        }
        String text = paragraph.strip();
        if (opening.isEmpty()) {
          opening = text;
        }
        for (String sentence : text.split("(?<=[.!?])\\s+")) {
          prose.add(new Sentence(sentence, Set.copyOf(Lexical.words(sentence))));
        }
      }
      out.add(new SectionWords(section, Set.copyOf(Lexical.words(section.title())),
          Set.copyOf(Lexical.words(section.text())), List.copyOf(prose)));
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

  /**
   * A paragraph of running text. In the plain text a paragraph is one line, while list items,
   * table rows, key/value lines and code lines each take a line of their own, so a block of
   * several lines is not prose; neither is a line too short to be a sentence (a caption, a label).
   */
  private static boolean isProse(String paragraph) {
    String p = paragraph.strip();
    return p.length() >= 40 && p.indexOf('\n') < 0 && p.indexOf('\t') < 0; // tabs: a table row
  }
}
