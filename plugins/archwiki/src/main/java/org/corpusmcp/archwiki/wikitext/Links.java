package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** Internal link extraction for {@code links}. */
public final class Links {

  private static final Pattern LINK = Regex.compile("\\[\\[([^\\[\\]]+)\\]\\]");

  /**
   * Prefixes that make a link page metadata or interwiki rather than navigation, used only when the
   * wiki's own siteinfo cannot be read (the reference's 64-entry snapshot).
   */
  public static final Set<String> FALLBACK_EXCLUDED_PREFIXES =
      Set.of(
          "category",
          "file",
          "image",
          "media",
          "mediawiki",
          "module",
          "template",
          "help",
          "special",
          "talk",
          "user",
          "project",
          "ar",
          "az",
          "bg",
          "bs",
          "ca",
          "cs",
          "da",
          "de",
          "el",
          "en",
          "es",
          "fa",
          "fi",
          "fr",
          "he",
          "hr",
          "hu",
          "id",
          "it",
          "ja",
          "ko",
          "lt",
          "nl",
          "no",
          "pl",
          "pt",
          "ro",
          "ru",
          "sk",
          "sl",
          "sr",
          "sv",
          "th",
          "tr",
          "uk",
          "vi",
          "zh-hans",
          "zh-hant",
          "zh-cn",
          "zh-tw",
          "wikipedia",
          "w",
          "wiktionary",
          "commons",
          "debian",
          "gentoo",
          "ubuntu",
          "freebsd",
          "kernel",
          "man",
          "arxiv",
          "rfc");

  /** One navigable link, in document order. */
  public record Link(String targetPage, @Nullable String displayText, @Nullable String anchor) {}

  private Links() {}

  /**
   * Every {@code [[…]]} (no brackets inside) on the nowiki mask, minus those whose prefix before
   * the first {@code :} is excluded. {@code [[#Anchor]]} targets {@code sourcePage}; duplicates
   * kept.
   */
  public static List<Link> extract(String wikitext, String sourcePage, Set<String> excluded) {
    List<Link> links = new ArrayList<>();
    Matcher m = LINK.matcher(Nowiki.mask(wikitext));
    while (m.find()) {
      String inside = wikitext.substring(m.start(1), m.end(1));
      int bar = inside.indexOf('|');
      String targetPart = bar < 0 ? inside : inside.substring(0, bar);
      String target = PyText.strip(targetPart);
      if (target.startsWith(":")) {
        target = PyText.strip(target.substring(1));
      }
      int colon = target.indexOf(':');
      if (colon >= 0
          && excluded.contains(PyText.strip(target.substring(0, colon)).toLowerCase(Locale.ROOT))) {
        continue;
      }
      int hash = target.indexOf('#');
      String page = PyText.strip(hash < 0 ? target : target.substring(0, hash));
      String anchor = hash < 0 ? "" : PyText.strip(target.substring(hash + 1));
      String display = null;
      if (bar >= 0) {
        String rest = inside.substring(bar + 1);
        int next = rest.indexOf('|');
        display = PyText.strip(next < 0 ? rest : rest.substring(0, next));
      }
      links.add(
          new Link(
              page.isEmpty() ? sourcePage : page,
              display == null || display.isEmpty() ? null : display,
              anchor.isEmpty() ? null : anchor));
    }
    return links;
  }
}
