package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.CharArraySet;
import org.jspecify.annotations.Nullable;

/**
 * The words of one language too common to tell what a text is about, as {@link Lexical} normalises
 * words (case folded, accents removed). A library's come from its archive's {@code Language}
 * metadata (ISO 639-3 or 639-1; several codes separated by commas join their lists):
 *
 * <ul>
 *   <li>English, an archive that names no language, and a language Lucene has no list for
 *       (Belarusian, Cree): {@link #ENGLISH}, the project's own list, what every library had
 *       before. It holds the question words an agent types ("how", "what", "does") and none of the
 *       words of Lucene's English list that mean something in a question ("not", "will").
 *   <li>A language Lucene ships a list for (Snowball's for French, German, Russian, ...; 38 codes):
 *       that list, {@code XAnalyzer.getDefaultStopSet()}. For French and German the question words
 *       Snowball leaves out are added: its lists are made for documents, and leave French "est" out
 *       as a homonym of "east".
 * </ul>
 *
 * <p>No list is derived from a library's own documents: in a small archive the words most of its
 * pages hold are its subject as well as its function words, and the one such list measured (the
 * Belarusian Wikibooks', issue 37) made its search worse. The archive's own {@code stopwords} index
 * metadata is not read either: no archive the project measures on carries one (it is empty in every
 * full-text index of eval/, the French man pages' included), so no gain could be shown.
 *
 * <p>Immutable and thread-safe; each language's list is normalised once for all its libraries.
 */
public final class Stopwords {

  /** Words too common to count as evidence that a title or section is about the query. */
  public static final Stopwords ENGLISH =
      new Stopwords(
          Set.of(
              "a",
              "an",
              "and",
              "are",
              "as",
              "at",
              "be",
              "by",
              "for",
              "from",
              "how",
              "in",
              "is",
              "it",
              "of",
              "on",
              "or",
              "the",
              "to",
              "was",
              "what",
              "when",
              "where",
              "which",
              "who",
              "why",
              "with",
              "does",
              "do",
              "i",
              "my",
              "can",
              // question words that name nothing, and the "s" a possessive leaves ("Dylan's")
              "were",
              "s",
              "have",
              "has",
              "had",
              "did",
              "many",
              "much",
              "this",
              "that",
              "there",
              "their",
              "its",
              "about"));

  /**
   * What an agent's question adds to a language's list, as {@link #ENGLISH} holds "how" and "why":
   * the interrogatives Snowball's lists leave out, and French "est" ("quelle est la capitale").
   */
  private static final Map<String, List<String>> QUESTION_WORDS =
      Map.of(
          "fr", List.of("est", "quand", "comment", "pourquoi", "combien", "quoi"),
          "de", List.of("wer", "wann", "warum", "wieso", "weshalb", "wem", "wen", "wessen"));

  private static final Map<String, String> THREE_TO_TWO = threeToTwo();

  /** Each language's list, normalised once. */
  private static final Map<String, Stopwords> BY_LANGUAGE = new ConcurrentHashMap<>();

  private final Set<String> words;

  private Stopwords(Set<String> words) {
    this.words = Set.copyOf(words);
  }

  /** Whether the normalised {@code word} is too common to count. */
  public boolean contains(String word) {
    return words.contains(word);
  }

  /**
   * The stopwords of a library whose archive's {@code Language} metadata is {@code language} ("" or
   * null when it has none).
   */
  public static Stopwords forLanguage(@Nullable String language) {
    if (language == null) {
      return ENGLISH;
    }
    List<Stopwords> lists = new ArrayList<>();
    for (String part : language.split(",", -1)) {
      String code = part.strip().toLowerCase(Locale.ROOT);
      if (!code.isEmpty()) {
        lists.add(ofCode(code));
      }
    }
    return lists.isEmpty() ? ENGLISH : union(lists);
  }

  /** A word is a stopword when one of {@code lists} counts it as one. */
  public static Stopwords union(Collection<Stopwords> lists) {
    if (lists.size() == 1) {
      return lists.iterator().next();
    }
    Set<String> all = new HashSet<>();
    for (Stopwords s : lists) {
      all.addAll(s.words);
    }
    return new Stopwords(all);
  }

  private static Stopwords ofCode(String code) {
    String two = code.length() == 3 ? THREE_TO_TWO.getOrDefault(code, code) : code;
    Stopwords known = BY_LANGUAGE.get(two);
    if (known != null) {
      return known;
    }
    CharArraySet list = luceneList(two);
    if (list == null) {
      return ENGLISH;
    }
    return BY_LANGUAGE.computeIfAbsent(two, k -> normalised(list, QUESTION_WORDS.get(k)));
  }

  private static Stopwords normalised(CharArraySet list, @Nullable List<String> more) {
    Set<String> out = new HashSet<>();
    for (Object word : list) {
      out.addAll(Lexical.words(word instanceof char[] chars ? new String(chars) : word.toString()));
    }
    if (more != null) {
      out.addAll(more);
    }
    return new Stopwords(out);
  }

  /** ISO 639-3 (639-2/T) codes to the 639-1 codes Lucene's analyzers are named by. */
  private static Map<String, String> threeToTwo() {
    Map<String, String> out = new HashMap<>();
    for (String two : Locale.getISOLanguages()) {
      out.put(new Locale(two).getISO3Language(), two);
    }
    return Map.copyOf(out);
  }

  /**
   * Lucene's list of the language {@code two} names (ISO 639-1; Sorani by its 639-3 code, as
   * Lucene), or null when Lucene has none. A switch rather than a table: only the analyzer a
   * library's language needs is loaded, on the first search that reads it.
   */
  private static @Nullable CharArraySet luceneList(String two) {
    return switch (two) {
      case "ar" -> org.apache.lucene.analysis.ar.ArabicAnalyzer.getDefaultStopSet();
      case "bg" -> org.apache.lucene.analysis.bg.BulgarianAnalyzer.getDefaultStopSet();
      case "bn" -> org.apache.lucene.analysis.bn.BengaliAnalyzer.getDefaultStopSet();
      case "ca" -> org.apache.lucene.analysis.ca.CatalanAnalyzer.getDefaultStopSet();
      case "cs" -> org.apache.lucene.analysis.cz.CzechAnalyzer.getDefaultStopSet();
      case "da" -> org.apache.lucene.analysis.da.DanishAnalyzer.getDefaultStopSet();
      case "de" -> org.apache.lucene.analysis.de.GermanAnalyzer.getDefaultStopSet();
      case "el" -> org.apache.lucene.analysis.el.GreekAnalyzer.getDefaultStopSet();
      case "es" -> org.apache.lucene.analysis.es.SpanishAnalyzer.getDefaultStopSet();
      case "et" -> org.apache.lucene.analysis.et.EstonianAnalyzer.getDefaultStopSet();
      case "eu" -> org.apache.lucene.analysis.eu.BasqueAnalyzer.getDefaultStopSet();
      case "fa" -> org.apache.lucene.analysis.fa.PersianAnalyzer.getDefaultStopSet();
      case "fi" -> org.apache.lucene.analysis.fi.FinnishAnalyzer.getDefaultStopSet();
      case "fr" -> org.apache.lucene.analysis.fr.FrenchAnalyzer.getDefaultStopSet();
      case "ga" -> org.apache.lucene.analysis.ga.IrishAnalyzer.getDefaultStopSet();
      case "gl" -> org.apache.lucene.analysis.gl.GalicianAnalyzer.getDefaultStopSet();
      case "hi" -> org.apache.lucene.analysis.hi.HindiAnalyzer.getDefaultStopSet();
      case "hu" -> org.apache.lucene.analysis.hu.HungarianAnalyzer.getDefaultStopSet();
      case "hy" -> org.apache.lucene.analysis.hy.ArmenianAnalyzer.getDefaultStopSet();
      case "id" -> org.apache.lucene.analysis.id.IndonesianAnalyzer.getDefaultStopSet();
      case "it" -> org.apache.lucene.analysis.it.ItalianAnalyzer.getDefaultStopSet();
      case "lt" -> org.apache.lucene.analysis.lt.LithuanianAnalyzer.getDefaultStopSet();
      case "lv" -> org.apache.lucene.analysis.lv.LatvianAnalyzer.getDefaultStopSet();
      case "ne" -> org.apache.lucene.analysis.ne.NepaliAnalyzer.getDefaultStopSet();
      case "nl" -> org.apache.lucene.analysis.nl.DutchAnalyzer.getDefaultStopSet();
      case "no", "nb", "nn" -> org.apache.lucene.analysis.no.NorwegianAnalyzer.getDefaultStopSet();
      case "pt" -> org.apache.lucene.analysis.pt.PortugueseAnalyzer.getDefaultStopSet();
      case "ro" -> org.apache.lucene.analysis.ro.RomanianAnalyzer.getDefaultStopSet();
      case "ru" -> org.apache.lucene.analysis.ru.RussianAnalyzer.getDefaultStopSet();
      case "sv" -> org.apache.lucene.analysis.sv.SwedishAnalyzer.getDefaultStopSet();
      case "ta" -> org.apache.lucene.analysis.ta.TamilAnalyzer.getDefaultStopSet();
      case "te" -> org.apache.lucene.analysis.te.TeluguAnalyzer.getDefaultStopSet();
      case "th" -> org.apache.lucene.analysis.th.ThaiAnalyzer.getDefaultStopSet();
      case "tr" -> org.apache.lucene.analysis.tr.TurkishAnalyzer.getDefaultStopSet();
      case "ckb" -> org.apache.lucene.analysis.ckb.SoraniAnalyzer.getDefaultStopSet();
      case "sr" -> org.apache.lucene.analysis.sr.SerbianAnalyzer.getDefaultStopSet();
      default -> null;
    };
  }
}
