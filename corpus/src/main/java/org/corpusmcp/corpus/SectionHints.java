package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The 0-3 {@code relevant_sections} of a search result: first the section the snippet's passage was
 * taken from, then sections whose title names a query word, or whose own text holds every query
 * word, ranked by how much of the query they cover (title counting double) and then by position.
 * Words of the document's own title are left out of that count when the query has others: in the
 * Ray Charles article a section called "The Ray Charles Foundation" says nothing about "Ray Charles
 * birthplace". Empty when no section clearly matches; the lead is never a hint (fetch returns it by
 * default). Deterministic.
 */
final class SectionHints {

  static final int MAX_HINTS = 3;

  private SectionHints() {}

  static List<Map<String, String>> of(DocumentWords document, List<String> terms) {
    return of(document, terms, null);
  }

  static List<Map<String, String>> of(
      DocumentWords document, List<String> terms, DocumentWords.@Nullable SectionWords passage) {
    List<String> informative = informative(document, terms);
    if (informative.isEmpty()) {
      return List.of();
    }
    record Scored(DocumentWords.SectionWords section, double score, int position) {}
    List<Scored> scored = new ArrayList<>();
    int position = 0;
    for (DocumentWords.SectionWords words : document.sections()) {
      position++;
      if (words.lead()) {
        continue;
      }
      double title = coverage(informative, words.titleWords());
      double body = coverage(informative, words.body());
      if (passage != null && words.id().equals(passage.id())) {
        scored.add(new Scored(words, Double.MAX_VALUE, position));
      } else if (title > 0 || body == 1.0) {
        scored.add(new Scored(words, 2 * title + body, position));
      }
    }
    scored.sort(
        Comparator.comparingDouble(Scored::score).reversed().thenComparingInt(Scored::position));
    List<Map<String, String>> out = new ArrayList<>();
    for (Scored s : scored.subList(0, Math.min(MAX_HINTS, scored.size()))) {
      Map<String, String> hint = new LinkedHashMap<>();
      hint.put("id", s.section().id());
      hint.put("title", s.section().title());
      out.add(hint);
    }
    return out;
  }

  /**
   * Whether a section heading of the document names the query: the heading's meaningful words are
   * all query terms, and every query term is a word of that heading or of the document's title. The
   * lead (which has no heading of its own) never does.
   */
  static boolean headingNamesQuery(DocumentWords document, List<String> terms) {
    return headingNamesQuery(document, terms, Stopwords.ENGLISH);
  }

  /**
   * As {@link #headingNamesQuery(DocumentWords, List)}, the heading's meaningful words read with
   * {@code stopwords}, the list the query's terms were read with: a French heading "Créer un
   * montage miroir" asked as a query has the terms créer, montage, miroir, and its "un" must not
   * count as a word the query lacks.
   */
  static boolean headingNamesQuery(
      DocumentWords document, List<String> terms, Stopwords stopwords) {
    if (terms.isEmpty()) {
      return false;
    }
    List<String> title = Lexical.words(document.title());
    for (DocumentWords.SectionWords section : document.sections()) {
      if (section.lead()) {
        continue;
      }
      List<String> heading = Lexical.meaningfulWords(section.title(), stopwords);
      if (heading.isEmpty() || !terms.containsAll(heading)) {
        continue;
      }
      boolean covered = true;
      for (String t : terms) {
        covered &= heading.contains(t) || title.contains(t);
      }
      if (covered) {
        return true;
      }
    }
    return false;
  }

  /** The terms that are not words of the document's title, or all of them when none is left. */
  private static List<String> informative(DocumentWords document, List<String> terms) {
    List<String> title = Lexical.words(document.title());
    List<String> out = new ArrayList<>();
    for (String t : terms) {
      if (!title.contains(t)) {
        out.add(t);
      }
    }
    return out.isEmpty() ? terms : out;
  }

  /** Fraction of {@code terms} found as whole words in the sorted word set {@code have}. */
  private static double coverage(List<String> terms, String[] have) {
    int found = 0;
    for (String t : terms) {
      if (DocumentWords.contains(have, t)) {
        found++;
      }
    }
    return (double) found / terms.size();
  }
}
