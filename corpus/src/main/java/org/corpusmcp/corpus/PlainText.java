package org.corpusmcp.corpus;

import java.util.regex.Pattern;
import org.jsoup.Jsoup;

/** Turns Markdown or HTML fragments into the plain text of a search snippet. */
final class PlainText {

  private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern MARKUP = Pattern.compile("(^|\\n)\\s*(#{1,6}\\s+|[-*+]\\s+|\\d+\\.\\s+|>\\s*)|[*_`|]+");
  private static final Pattern SPACE = Pattern.compile("\\s+");

  private PlainText() {}

  /** Markdown to one line of text, cut at a word boundary near {@code maxChars}. */
  static String fromMarkdown(String markdown, int maxChars) {
    String text = LINK.matcher(markdown).replaceAll("$1");
    text = text.replaceAll("```[^\\n]*", " ");
    text = MARKUP.matcher(text).replaceAll(" ");
    return cut(SPACE.matcher(text).replaceAll(" ").strip(), maxChars);
  }

  /** An HTML fragment (such as an index snippet with {@code <b>} marks) to plain text. */
  static String fromHtml(String html) {
    return html.indexOf('<') < 0 && html.indexOf('&') < 0
        ? SPACE.matcher(html).replaceAll(" ").strip()
        : Jsoup.parseBodyFragment(html).text();
  }

  static String cut(String text, int maxChars) {
    if (text.length() <= maxChars) {
      return text;
    }
    int end = text.lastIndexOf(' ', maxChars);
    if (end < maxChars / 2) {
      end = maxChars;
    }
    return text.substring(0, end).stripTrailing() + "…";
  }
}
