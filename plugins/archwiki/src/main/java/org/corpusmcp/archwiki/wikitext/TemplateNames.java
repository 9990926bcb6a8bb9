package org.corpusmcp.archwiki.wikitext;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The template names a page uses, as the keys that admonition typing looks up.
 *
 * <p>Departure from the Python original: MediaWiki treats {@code _} and space alike in titles, so a
 * name is normalised ({@code _} → space, runs of spaces collapsed) before it is looked up or asked
 * of the wiki. The reference asked for {@code astuce_bis} while the wiki answered about {@code
 * Astuce bis}, and the admonition silently became "not an admonition".
 */
public final class TemplateNames {

  private static final Pattern NOT_A_TITLE = Regex.compile("[:#=|!{}\\[\\]]");
  private static final Pattern SPACES = Regex.compile("[ _]+");

  private TemplateNames() {}

  /** {@code Astuce_bis} → {@code Astuce bis}. */
  public static String normalize(String name) {
    return name.indexOf('_') < 0 && name.indexOf("  ") < 0
        ? name
        : SPACES.matcher(name).replaceAll(" ");
  }

  /** The lookup key of a name: normalised, trimmed, lowercased. */
  public static String key(String name) {
    return PyText.strip(normalize(name)).toLowerCase(Locale.ROOT);
  }

  /**
   * Every top-level template name in {@code wikitext} (on the nowiki mask) that could be a page
   * title, as lookup keys in code-point order: escapes ({@code {{=}}}), magic words ({@code
   * {{DISPLAYTITLE:…}}}) and parser functions are left out.
   */
  public static Set<String> collect(String wikitext) {
    Set<String> names = new TreeSet<>(TemplateNames::compareCodePoints);
    for (Templates.Span span : Templates.topLevel(Nowiki.mask(wikitext), Templates.ANY)) {
      String name = key(span.name());
      if (!name.isEmpty() && !NOT_A_TITLE.matcher(name).find()) {
        names.add(name);
      }
    }
    return names;
  }

  /** Code-point order, which for UTF-16 differs from {@link String#compareTo} on astrals. */
  public static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
