package org.corpusmcp.zim.search;

import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.tartarus.snowball.SnowballStemmer;

/**
 * The Snowball stemmer Xapian 1.4.22 would use for a language name ({@code Xapian::Stem(name)}), or
 * none. The algorithms come from the Snowball project's Java output as shipped by Lucene; their
 * output equals {@code xapian.Stem} on large word lists (SnowballStemmerOracleTest).
 *
 * <p>Immutable and thread-safe: every {@link #stem} call uses a fresh Snowball program per thread.
 */
public final class Stemmer {
  private static final Map<String, String> CLASSES =
      Map.ofEntries(
          Map.entry("arabic", "Arabic"),
          Map.entry("ar", "Arabic"),
          Map.entry("armenian", "Armenian"),
          Map.entry("hy", "Armenian"),
          Map.entry("basque", "Basque"),
          Map.entry("eu", "Basque"),
          Map.entry("catalan", "Catalan"),
          Map.entry("ca", "Catalan"),
          Map.entry("danish", "Danish"),
          Map.entry("da", "Danish"),
          Map.entry("dutch", "Dutch"),
          Map.entry("nl", "Dutch"),
          Map.entry("english", "English"),
          Map.entry("en", "English"),
          Map.entry("finnish", "Finnish"),
          Map.entry("fi", "Finnish"),
          Map.entry("french", "French"),
          Map.entry("fr", "French"),
          Map.entry("german", "German"),
          Map.entry("de", "German"),
          Map.entry("german2", "German2"),
          Map.entry("hungarian", "Hungarian"),
          Map.entry("hu", "Hungarian"),
          Map.entry("indonesian", "Indonesian"),
          Map.entry("id", "Indonesian"),
          Map.entry("irish", "Irish"),
          Map.entry("ga", "Irish"),
          Map.entry("italian", "Italian"),
          Map.entry("it", "Italian"),
          Map.entry("kraaij_pohlmann", "Kp"),
          Map.entry("lithuanian", "Lithuanian"),
          Map.entry("lt", "Lithuanian"),
          Map.entry("lovins", "Lovins"),
          Map.entry("nepali", "Nepali"),
          Map.entry("ne", "Nepali"),
          Map.entry("norwegian", "Norwegian"),
          Map.entry("nb", "Norwegian"),
          Map.entry("nn", "Norwegian"),
          Map.entry("no", "Norwegian"),
          Map.entry("porter", "Porter"),
          Map.entry("portuguese", "Portuguese"),
          Map.entry("pt", "Portuguese"),
          Map.entry("romanian", "Romanian"),
          Map.entry("ro", "Romanian"),
          Map.entry("russian", "Russian"),
          Map.entry("ru", "Russian"),
          Map.entry("spanish", "Spanish"),
          Map.entry("es", "Spanish"),
          Map.entry("swedish", "Swedish"),
          Map.entry("sv", "Swedish"),
          Map.entry("tamil", "Tamil"),
          Map.entry("ta", "Tamil"),
          Map.entry("turkish", "Turkish"),
          Map.entry("tr", "Turkish"));

  /** ISO 639-2/T codes ICU maps to ISO 639-1, as libzim's {@code icu::Locale} lookup does. */
  private static final Map<String, String> ISO3 =
      Map.ofEntries(
          Map.entry("ara", "ar"),
          Map.entry("hye", "hy"),
          Map.entry("eus", "eu"),
          Map.entry("cat", "ca"),
          Map.entry("dan", "da"),
          Map.entry("nld", "nl"),
          Map.entry("eng", "en"),
          Map.entry("fin", "fi"),
          Map.entry("fra", "fr"),
          Map.entry("deu", "de"),
          Map.entry("hun", "hu"),
          Map.entry("ind", "id"),
          Map.entry("gle", "ga"),
          Map.entry("ita", "it"),
          Map.entry("lit", "lt"),
          Map.entry("nep", "ne"),
          Map.entry("nob", "nb"),
          Map.entry("nno", "nn"),
          Map.entry("nor", "no"),
          Map.entry("por", "pt"),
          Map.entry("ron", "ro"),
          Map.entry("rus", "ru"),
          Map.entry("spa", "es"),
          Map.entry("swe", "sv"),
          Map.entry("tam", "ta"),
          Map.entry("tur", "tr"),
          Map.entry("bel", "be"),
          Map.entry("ukr", "uk"),
          Map.entry("ell", "el"),
          Map.entry("heb", "he"),
          Map.entry("zho", "zh"),
          Map.entry("jpn", "ja"),
          Map.entry("kor", "ko"),
          Map.entry("pol", "pl"),
          Map.entry("ces", "cs"),
          Map.entry("slk", "sk"),
          Map.entry("bul", "bg"),
          Map.entry("hrv", "hr"),
          Map.entry("srp", "sr"),
          Map.entry("slv", "sl"),
          Map.entry("est", "et"),
          Map.entry("lav", "lv"),
          Map.entry("vie", "vi"),
          Map.entry("tha", "th"),
          Map.entry("hin", "hi"),
          Map.entry("ben", "bn"),
          Map.entry("fas", "fa"),
          Map.entry("afr", "af"));

  /**
   * Validated Snowball factories by class name (language-keyed, immutable; not a cache of data).
   */
  private static final java.util.concurrent.ConcurrentHashMap<String, Supplier<SnowballStemmer>>
      FACTORIES = new java.util.concurrent.ConcurrentHashMap<>();

  private final String name;
  private final @Nullable Supplier<SnowballStemmer> factory;
  private final ThreadLocal<@Nullable SnowballStemmer> local;

  private Stemmer(String name, @Nullable Supplier<SnowballStemmer> factory) {
    this.name = name;
    this.factory = factory;
    this.local = ThreadLocal.withInitial(() -> factory == null ? null : factory.get());
  }

  /** The stemmer that does nothing (Xapian's "none"). */
  public static Stemmer none() {
    return new Stemmer("none", null);
  }

  /**
   * The stemmer for a Xapian stemmer name ("en", "english", "fr" …), or null when Xapian 1.4.22
   * would throw for it (libzim then stems nothing).
   */
  public static @Nullable Stemmer forXapianName(String xapianName) {
    String n = xapianName.toLowerCase(Locale.ROOT);
    if (n.isEmpty() || n.equals("none")) {
      return none();
    }
    String cls = CLASSES.get(n);
    if (cls == null) {
      return null;
    }
    String fqcn = "org.tartarus.snowball.ext." + cls + "Stemmer";
    Supplier<SnowballStemmer> f =
        FACTORIES.computeIfAbsent(
            fqcn,
            k -> {
              try {
                java.lang.reflect.Constructor<?> ctor = Class.forName(k).getDeclaredConstructor();
                ctor.newInstance(); // fail now, not per query
                return () -> {
                  try {
                    return (SnowballStemmer) ctor.newInstance();
                  } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Snowball stemmer " + k + " failed", e);
                  }
                };
              } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Snowball stemmer " + k + " missing", e);
              }
            });
    return new Stemmer(n, f);
  }

  /**
   * What libzim passes to Xapian::Stem for a ZIM language value: ICU's {@code
   * Locale(lang).getLanguage()}: 3-letter terminology codes become 2-letter ones, region and script
   * tails are dropped, "und" becomes "", odd values ("=en", "eng,fra") stay.
   */
  public static String icuLanguage(String lang) {
    int end = 0;
    while (end < lang.length() && isAsciiLetter(lang.charAt(end))) {
      end++;
    }
    if (end == 0 || (end < lang.length() && "-_@.".indexOf(lang.charAt(end)) < 0)) {
      return lang;
    }
    String code = lang.substring(0, end).toLowerCase(Locale.ROOT);
    if (code.equals("und")) {
      return "";
    }
    return ISO3.getOrDefault(code, code);
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  public String name() {
    return name;
  }

  public boolean isNone() {
    return factory == null;
  }

  /** The stem of a lower-cased word. */
  public String stem(String word) {
    SnowballStemmer s = local.get();
    if (s == null || word.isEmpty()) {
      return word;
    }
    s.setCurrent(word);
    s.stem();
    return s.getCurrent();
  }
}
