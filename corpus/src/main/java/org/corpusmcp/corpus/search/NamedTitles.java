package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;

/**
 * The articles a query names by title among other words: "when was the Hoover Dam built" names the
 * article Hoover Dam. Spans of consecutive query words, as typed, are looked up in the archive's
 * title index (as typed and with the first letter capitalised, as MediaWiki titles are), redirects
 * included, longest spans first; a span inside a longer one already found is not looked up, so
 * "Hoover Dam" is named and not "Dam". A span must begin and end with a meaningful word (a leading
 * article is allowed, "The Beatles", and a function word capitalised inside the query, "I Believe
 * to My Soul"), which keeps "when was" from naming anything and bounds the lookups. The query as a
 * whole is left to the exact-title match.
 */
final class NamedTitles {

  /** Only spans within a query's first this many words are looked up. */
  static final int MAX_SPANNED_WORDS = 32;

  /** Longer spans are not looked up: titles named inside questions are short. */
  static final int MAX_WORDS = 6;

  /**
   * Punctuation around a word, and a possessive ending, are not part of the title it names
   * (parentheses are: "Billboard (magazine)").
   */
  private static final Pattern AROUND = Pattern.compile("^[\"“”‘'¿¡]+|[\"“”’'?!,;:]+$");

  private static final Pattern WORD = Pattern.compile("\\S+");

  private static final Pattern POSSESSIVE = Pattern.compile("['’]s$");

  private static final Set<String> ARTICLES = Set.of("the", "a", "an");

  private NamedTitles() {}

  /**
   * A title the query names.
   *
   * @param entry the entry found by title: an article or a redirect to one (the caller resolves)
   * @param words how many meaningful words of the query the span names
   */
  record Named(Entry entry, int words) {}

  /** The titles {@code query} names in {@code archive}, longest spans first. */
  static List<Named> in(Archive archive, String query) {
    return spans(query, MAX_WORDS, false, span -> lookUp(archive, span));
  }

  /**
   * The entries {@code lookUp} finds for spans of the query's words as typed, longest spans first;
   * a span inside a longer one already found is not looked up.
   *
   * @param whole whether the whole query is a span too (the exact-title match covers it for titles,
   *     nothing does for other names)
   */
  static List<Named> spans(
      String query, int maxWords, boolean whole, Function<String, @Nullable Entry> lookUp) {
    List<String> words = words(query);
    // each word opens up to maxWords spans and each span is a lookup: past this many words a
    // query (500 characters are allowed) is a pasted passage, not a question naming a title
    int n = Math.min(words.size(), MAX_SPANNED_WORDS);
    boolean[] taken = new boolean[n];
    List<Named> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    for (int len = Math.min(maxWords, whole ? n : words.size() - 1); len >= 1; len--) {
      for (int i = 0; i + len <= n; i++) {
        if (anyTaken(taken, i, len) || !mayName(words, i, len)) {
          continue;
        }
        String span = String.join(" ", words.subList(i, i + len));
        Entry found = lookUp.apply(span);
        if (found == null) {
          continue;
        }
        for (int k = i; k < i + len; k++) {
          taken[k] = true;
        }
        if (seen.add(found.index())) {
          out.add(new Named(found, Lexical.meaningfulWords(span).size()));
        }
      }
    }
    return out;
  }

  private static @Nullable Entry lookUp(Archive archive, String span) {
    Entry e = archive.findByTitle(span);
    if (e == null) {
      String capitalised = Lexical.capitalizeFirst(span);
      if (!capitalised.equals(span)) {
        e = archive.findByTitle(capitalised);
      }
    }
    return e;
  }

  /**
   * The query's words as typed, without surrounding punctuation or a possessive ending. Not the
   * query's analysed words ({@link Query#terms}): a span of them is looked up as a title, so case,
   * accents and inner punctuation ("AC/DC", "Jay-Z", "Billboard (magazine)") must stay as typed,
   * and the analysed words have them folded or split away.
   */
  static List<String> words(String query) {
    List<String> out = new ArrayList<>();
    java.util.regex.Matcher m = WORD.matcher(query);
    while (m.find()) {
      String raw = m.group();
      String w = POSSESSIVE.matcher(AROUND.matcher(raw).replaceAll("")).replaceFirst("");
      w = AROUND.matcher(w).replaceAll("");
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  private static boolean mayName(List<String> words, int start, int len) {
    String first = Lexical.normalize(words.get(start));
    String last = Lexical.normalize(words.get(start + len - 1));
    if (Lexical.meaningfulWords(last).isEmpty()) {
      return false;
    }
    return (len > 1 && (ARTICLES.contains(first) || capitalisedInside(words, start)))
        || !Lexical.meaningfulWords(first).isEmpty();
  }

  /**
   * A function word capitalised inside the query, where a sentence does not capitalise it, opens a
   * title ("who wrote I Believe to My Soul", "It Should've Been Me"): song and book titles open
   * with pronouns. The query's first word is capitalised as a sentence's is, and says nothing.
   */
  private static boolean capitalisedInside(List<String> words, int start) {
    return start > 0 && Character.isUpperCase(words.get(start).codePointAt(0));
  }

  private static boolean anyTaken(boolean[] taken, int start, int len) {
    for (int k = start; k < start + len; k++) {
      if (taken[k]) {
        return true;
      }
    }
    return false;
  }
}
