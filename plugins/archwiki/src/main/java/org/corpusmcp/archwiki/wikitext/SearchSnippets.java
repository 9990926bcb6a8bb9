package org.corpusmcp.archwiki.wikitext;

import java.util.regex.Pattern;

/** Search snippet cleaning: plain text on one line, never evidence. */
public final class SearchSnippets {

  private static final Pattern SPAN_TAG = Regex.compile("</?span[^>]*>");

  private SearchSnippets() {}

  /**
   * {@code [[de:<span class="searchmatch">GRUB</span>]]} → {@code de:GRUB}; {@code {{ic|pacman}}
   * and ''iwd''} → {@code pacman and iwd}. A token the wiki truncated keeps its brackets ({@code
   * a:C++|C++]]. Zosta} unchanged).
   */
  public static String clean(String raw) {
    String text = HtmlEntities.unescape(SPAN_TAG.matcher(raw).replaceAll(""));
    Nowiki.Hidden hidden = Nowiki.hide(text);
    text = Markup.renderLinks(Markup.strip(hidden.text(), false).text());
    return PyText.collapseSpaces(hidden.restore(text));
  }
}
