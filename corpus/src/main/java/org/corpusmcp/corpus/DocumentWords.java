package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;

/**
 * The lexical view of one parsed document that search hints and snippets need, and nothing more:
 * the title, each section's id, title words and body words, and its prose sentences with their
 * words, all read from the plain text the renderer wrote beside each section's Markdown ({@link
 * Section#text()}). Normalising text (case, accents) is the expensive part of both, so it is done
 * once per document; and since the view holds no Markdown and no {@link Section}, it is a fraction
 * of the parsed document's size and is cached on its own ({@link DocumentStore}), so a document
 * found again by a later search is not parsed again when the parsed-document cache has already let
 * it go. Word sets are sorted arrays of one shared instance per distinct word. Immutable.
 */
public final class DocumentWords {

  // Word sets are sorted arrays (binary search, a fraction of a list's memory in a cache weighed
  // by size); these records are never compared or hashed, so array identity equality is moot.

  /** One sentence of running text and its normalized words (sorted, distinct). */
  @SuppressWarnings("ArrayRecordComponent")
  record Sentence(String text, String[] words) {}

  /**
   * A section's words: title, whole body, and the body's prose sentences in order.
   *
   * @param id the section's id value, as fetch takes it
   */
  @SuppressWarnings("ArrayRecordComponent")
  record SectionWords(
      String id,
      String title,
      boolean lead,
      String[] titleWords,
      String[] body,
      List<Sentence> prose) {}

  private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\n\\s*\n");
  private static final Pattern SENTENCE_BREAK = Pattern.compile("(?<=[.!?])\\s+");

  private final String title;
  private final List<SectionWords> sections;
  private final String opening;
  private final int weight;

  private DocumentWords(String title, List<SectionWords> sections, String opening, int weight) {
    this.title = title;
    this.sections = sections;
    this.opening = opening;
    this.weight = weight;
  }

  static DocumentWords of(Document document) {
    Map<String, String> shared = new HashMap<>(); // one instance per distinct word of the document
    Weight weight = new Weight();
    List<SectionWords> out = new ArrayList<>();
    String opening = "";
    for (Section section : document.allSections()) {
      List<Sentence> prose = new ArrayList<>();
      // The body's words are those of its paragraphs together: the text is cut only at whitespace,
      // which separates words anyway, so no text is normalised twice (the expensive part).
      Set<String> body = new HashSet<>();
      for (String paragraph : PARAGRAPH_BREAK.split(section.text(), -1)) {
        if (!isProse(paragraph)) {
          body.addAll(Lexical.words(paragraph));
          continue;
        }
        String text = paragraph.strip();
        if (opening.isEmpty()) {
          opening = text;
          weight.string(opening);
        }
        for (String sentence : SENTENCE_BREAK.split(text, -1)) {
          List<String> words = Lexical.words(sentence);
          body.addAll(words);
          prose.add(new Sentence(weight.string(sentence), weight.words(sorted(words, shared))));
        }
      }
      weight.add(16L + 16L * prose.size());
      out.add(
          new SectionWords(
              weight.string(section.id().value()),
              weight.string(section.title()),
              section.isLead(),
              weight.words(sorted(Lexical.words(section.title()), shared)),
              weight.words(sorted(body, shared)),
              List.copyOf(prose)));
    }
    shared.keySet().forEach(weight::string);
    weight.string(document.title());
    return new DocumentWords(document.title(), List.copyOf(out), opening, weight.total());
  }

  /** The document's title, as search results show it. */
  String title() {
    return title;
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
   * The memory this view is taken to hold, in bytes: each string's characters (one byte each when
   * all are Latin-1, as the JVM then stores them, else two) and header, each array's references,
   * and a record header for each sentence and section. An estimate, stable for a given document.
   */
  int weight() {
    return weight;
  }

  /** Whether the title or any section's text holds {@code word}, loosely as Snippets match. */
  boolean holdsLoosely(String word) {
    for (SectionWords section : sections) {
      if (containsLoosely(section.titleWords(), word) || containsLoosely(section.body(), word)) {
        return true;
      }
    }
    return Lexical.terms(title).contains(word);
  }

  /** Whether the sorted word set {@code words} holds {@code word}. */
  static boolean contains(String[] words, String word) {
    return Arrays.binarySearch(words, word) >= 0;
  }

  /**
   * Whether {@code word} or a word it loosely matches is in the sorted set {@code words}: equal,
   * or, when both have at least four letters, one a prefix of the other longer by at most {@value
   * #MAX_ENDING} letters (a crude stand-in for stemming).
   */
  public static boolean containsLoosely(String[] words, String word) {
    int at = Arrays.binarySearch(words, word);
    if (at >= 0) {
      return true;
    }
    if (word.length() < 4) {
      return false;
    }
    // the words that start with `word` sort right after where `word` would be
    for (int next = -at - 1; next < words.length && words[next].startsWith(word); next++) {
      if (words[next].length() - word.length() <= MAX_ENDING) {
        return true;
      }
    }
    for (int len = Math.max(4, word.length() - MAX_ENDING); len < word.length(); len++) {
      if (Arrays.binarySearch(words, word.substring(0, len)) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * How many letters longer than the other a loosely matching word may be: an ending ("songs",
   * "recorded", "singing"), not another word ("birth" is not "birthplace", "song" not "songbook").
   */
  static final int MAX_ENDING = 3;

  /** The (distinct) words as a sorted array of the document's shared instances. */
  private static String[] sorted(Collection<String> words, Map<String, String> shared) {
    String[] out = new String[words.size()];
    int i = 0;
    for (String w : words) {
      out[i++] = shared.computeIfAbsent(w, x -> x);
    }
    Arrays.sort(out);
    return out;
  }

  /** Sums the estimate of {@link #weight()} while the view is built. */
  private static final class Weight {
    private long bytes = 64;

    String string(String s) {
      int perChar = 1;
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) >= 0x100) {
          perChar = 2;
          break;
        }
      }
      bytes += 40 + (long) s.length() * perChar;
      return s;
    }

    String[] words(String[] words) {
      bytes += 16 + 4L * words.length;
      return words;
    }

    void add(long n) {
      bytes += n;
    }

    int total() {
      return (int) Math.min(Integer.MAX_VALUE, bytes);
    }
  }

  /**
   * A paragraph of running text. In the plain text a paragraph is one line, while list items, table
   * rows, key/value lines and code lines each take a line of their own, so a block of several lines
   * is not prose; neither is a line too short to be a sentence (a caption, a label).
   */
  private static boolean isProse(String paragraph) {
    String p = paragraph.strip();
    return p.length() >= 40 && p.indexOf('\n') < 0 && p.indexOf('\t') < 0; // tabs: a table row
  }
}
