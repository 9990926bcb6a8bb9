package org.corpusmcp.archwiki.wikitext;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** The four admonition kinds, and how a template name spells one out by itself (P10). */
public enum AdmonitionType {
  NOTE("Note"),
  WARNING("Warning"),
  TIP("Tip"),
  CAUTION("Caution");

  private static final Pattern LANG_SUFFIX = Regex.compile("^(.+?)" + Regex.S + "*\\([^()]*\\)$");

  private final String label;

  AdmonitionType(String label) {
    this.label = label;
  }

  /** The English label used in rendered sections: {@code **Note:**} even for Spanish notes. */
  public String label() {
    return label;
  }

  /**
   * P10: the type a template name denotes by its own spelling, or null. Trimmed, a trailing {@code
   * (anything)} dropped, compared case-insensitively: {@code Note (Español)}, {@code note}, {@code
   * Tip (正體中文)} qualify; {@code Attention} does not (only the wiki knows it is a redirect). {@code
   * _} counts as a space, as in every MediaWiki title.
   */
  public static @Nullable AdmonitionType ofName(String name) {
    String stripped = PyText.strip(TemplateNames.normalize(name));
    Matcher m = LANG_SUFFIX.matcher(stripped);
    if (m.find()) {
      stripped = m.group(1);
    }
    return switch (stripped.toUpperCase(Locale.ROOT)) {
      case "NOTE" -> NOTE;
      case "WARNING" -> WARNING;
      case "TIP" -> TIP;
      case "CAUTION" -> CAUTION;
      default -> null;
    };
  }
}
