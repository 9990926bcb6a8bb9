package org.corpusmcp.corpus;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.corpusmcp.corpus.search.TypingErrors;

/**
 * The one place that says when two strings "match lexically" for fusion and hints: case-folded,
 * accents removed, runs of anything but letters and digits treated as one separator (so {@code
 * Bell_test}, {@code bell test} and {@code Bell-Test} agree). Deterministic and locale-independent.
 *
 * <p>Which words are too common to count is each library's language's ({@link Stopwords}); the
 * methods without a list use {@link Stopwords#ENGLISH}, what every library used before.
 */
public final class Lexical {

  private Lexical() {}

  /** Case-folded, accent-free, separators collapsed to one space, trimmed. */
  public static String normalize(String s) {
    // Most text is ASCII, where decomposition changes nothing and the case and letter tests are
    // ranges; every search result's whole text comes through here, so that case is kept apart.
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return normalizeUnicode(s);
      }
    }
    StringBuilder out = new StringBuilder(s.length());
    boolean space = true;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        out.append(c);
        space = false;
      } else if (c >= 'A' && c <= 'Z') {
        out.append((char) (c + ('a' - 'A')));
        space = false;
      } else if (!space) {
        out.append(' ');
        space = true;
      }
    }
    return withoutTrailingSpace(out);
  }

  private static String normalizeUnicode(String s) {
    String decomposed = Normalizer.normalize(s, Normalizer.Form.NFKD);
    StringBuilder out = new StringBuilder(decomposed.length());
    boolean space = true;
    for (int i = 0; i < decomposed.length(); ) {
      int cp = decomposed.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.getType(cp) == Character.NON_SPACING_MARK) {
        continue;
      }
      if (Character.isLetterOrDigit(cp)) {
        int folded = Character.toLowerCase(Character.toUpperCase(cp));
        if (Character.isBmpCodePoint(folded)) {
          out.append((char) folded); // appendCodePoint costs more, and nearly all are in the BMP
        } else {
          out.appendCodePoint(folded);
        }
        space = false;
      } else if (!space) {
        out.append(' ');
        space = true;
      }
    }
    return withoutTrailingSpace(out);
  }

  private static String withoutTrailingSpace(StringBuilder out) {
    int n = out.length();
    return n > 0 && out.charAt(n - 1) == ' ' ? out.substring(0, n - 1) : out.toString();
  }

  /** The distinct normalized words of {@code s}, in order. */
  public static List<String> words(String s) {
    String n = normalize(s);
    if (n.isEmpty()) {
      return List.of();
    }
    LinkedHashSet<String> distinct = new LinkedHashSet<>();
    int start = 0;
    for (int space = n.indexOf(' '); space >= 0; space = n.indexOf(' ', start)) {
      distinct.add(n.substring(start, space));
      start = space + 1;
    }
    distinct.add(n.substring(start));
    return List.copyOf(distinct);
  }

  /** The words that carry meaning in English: stopwords dropped, unless nothing else is left. */
  public static List<String> terms(String query) {
    return terms(query, Stopwords.ENGLISH);
  }

  /** The words that carry meaning: {@code stopwords} dropped, unless nothing else is left. */
  public static List<String> terms(String query, Stopwords stopwords) {
    List<String> all = words(query);
    List<String> kept = new ArrayList<>();
    for (String w : all) {
      if (!stopwords.contains(w)) {
        kept.add(w);
      }
    }
    return kept.isEmpty() ? all : List.copyOf(kept);
  }

  /** The normalized words of {@code s} that are not English stopwords (possibly none), in order. */
  public static List<String> meaningfulWords(String s) {
    return meaningfulWords(s, Stopwords.ENGLISH);
  }

  /** The normalized words of {@code s} not in {@code stopwords} (possibly none), in order. */
  public static List<String> meaningfulWords(String s, Stopwords stopwords) {
    List<String> kept = new ArrayList<>();
    for (String w : words(s)) {
      if (!stopwords.contains(w)) {
        kept.add(w);
      }
    }
    return List.copyOf(kept);
  }

  /** Fraction of {@code terms} found as whole words in {@code text} (0 when terms is empty). */
  public static double coverage(List<String> terms, String text) {
    return coverage(terms, Set.copyOf(words(text)));
  }

  /** Fraction of {@code terms} found in the normalized word set {@code have}. */
  static double coverage(List<String> terms, Set<String> have) {
    if (terms.isEmpty()) {
      return 0;
    }
    int found = 0;
    for (String t : terms) {
      if (have.contains(t)) {
        found++;
      }
    }
    return (double) found / terms.size();
  }

  /**
   * How many words of {@code title} the query names, when it names all of them and they are more
   * than half of the query's terms (0 otherwise): a question that names an article's whole title
   * ("who wrote Hit the Road Jack") asks about that article, while a short title among more words
   * ("capital of Western Australia" and the article Australia, "United States Declaration of
   * Independence" and the article United States) does not. A trailing qualifier in parentheses
   * ("Billboard (magazine)") is not part of the title's name. One word of five letters or more may
   * be named with one likely typing error ({@link TypingErrors}: "Ray Charls" names Ray Charles),
   * which the full-text index forgives when both stem alike, so that no correction is ever asked
   * for while the title is outranked by every "Ray Charles …" page.
   */
  public static int titleWordsInQuery(List<String> terms, String title) {
    return titleWordsInQuery(terms, title, Stopwords.ENGLISH);
  }

  /** As {@link #titleWordsInQuery(List, String)}, with the stopwords of the title's library. */
  public static int titleWordsInQuery(List<String> terms, String title, Stopwords stopwords) {
    List<String> words = terms(QUALIFIER.matcher(title).replaceFirst(""), stopwords);
    if (words.isEmpty() || terms.isEmpty()) {
      return 0;
    }
    boolean typo = false;
    for (String w : words) {
      if (stopwords.contains(w)) {
        return 0;
      }
      if (!terms.contains(w)) {
        if (typo || !namedWithATypo(terms, w)) {
          return 0;
        }
        typo = true;
      }
    }
    return 2 * words.size() > terms.size() ? words.size() : 0;
  }

  /**
   * How many words of {@code title}'s trailing qualifier in parentheses the query does not name:
   * "Ray Charles (album)" has one for "Ray Charls" and none for "Ray Charles album". Of two pages
   * the query names by their whole title, the one without a qualifier it left out is the one it
   * means: an archive gives the unqualified title to a name's primary sense.
   */
  public static int qualifierWordsUnnamed(List<String> terms, String title) {
    return qualifierWordsUnnamed(terms, title, Stopwords.ENGLISH);
  }

  /** As {@link #qualifierWordsUnnamed(List, String)}, with the stopwords of the title's library. */
  public static int qualifierWordsUnnamed(List<String> terms, String title, Stopwords stopwords) {
    java.util.regex.Matcher m = QUALIFIER.matcher(title);
    if (!m.find()) {
      return 0;
    }
    int unnamed = 0;
    for (String w : terms(m.group(), stopwords)) {
      if (!stopwords.contains(w) && !terms.contains(w)) {
        unnamed++;
      }
    }
    return unnamed;
  }

  private static final int TYPO_MIN_LETTERS = 5;

  private static boolean namedWithATypo(List<String> terms, String titleWord) {
    if (titleWord.length() < TYPO_MIN_LETTERS) {
      return false;
    }
    for (String t : terms) {
      if (t.length() >= TYPO_MIN_LETTERS && TypingErrors.cost(t, titleWord) <= 1) {
        return true;
      }
    }
    return false;
  }

  private static final java.util.regex.Pattern QUALIFIER =
      java.util.regex.Pattern.compile("\\s*\\([^()]*\\)\\s*$");

  /** Upper-cases the first letter, as MediaWiki does with titles. */
  public static String capitalizeFirst(String s) {
    if (s.isEmpty()) {
      return s;
    }
    int cp = s.codePointAt(0);
    return new StringBuilder(s.length())
        .appendCodePoint(Character.toTitleCase(cp))
        .append(s, Character.charCount(cp), s.length())
        .toString();
  }
}
