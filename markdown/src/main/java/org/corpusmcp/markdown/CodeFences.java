package org.corpusmcp.markdown;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Code as Markdown: inline code spans and fenced blocks, with fences longer than any backtick run
 * inside, and a block's language read from the markup the archives use.
 */
final class CodeFences {

  private static final Pattern LANGUAGE_CLASS =
      Pattern.compile(
          "^(?:lang|language|mw-highlight-lang|highlight|source)-([A-Za-z0-9_+#.-]{1,32})$");

  private CodeFences() {}

  /** {@code code} (already one line) as an inline code span. */
  static String span(String code) {
    String fence = "`".repeat(longestRun(code, '`') + 1);
    boolean pad = code.startsWith("`") || code.endsWith("`");
    return fence + (pad ? " " : "") + code + (pad ? " " : "") + fence;
  }

  /** The fence for a block holding {@code code}: at least three backticks. */
  static String blockFence(String code) {
    return "`".repeat(Math.max(3, longestRun(code, '`') + 1));
  }

  /** A {@code pre} element's text as code lines: line ends unified, blank edge lines dropped. */
  static String blockText(Element pre) {
    String code = SafeText.strip(pre.wholeText().replace("\r\n", "\n").replace('\r', '\n'));
    return Whitespace.stripBlankEdges(code);
  }

  /**
   * The language from {@code data-language}, or a class {@code lang-X}, {@code language-X}, {@code
   * mw-highlight-lang-X}, {@code highlight-X} or {@code sourceCode X} on the {@code pre}, its
   * {@code code} child or its parent; "" when none.
   */
  static String language(Element pre) {
    String lang = pre.attr("data-language").strip();
    if (!lang.isEmpty() && lang.length() <= 32 && lang.matches("[A-Za-z0-9_+#.-]+")) {
      return lang.toLowerCase(Locale.ROOT);
    }
    List<Element> candidates = new ArrayList<>(3);
    candidates.add(pre);
    Element code = pre.firstElementChild();
    if (code != null && code.nameIs("code")) {
      candidates.add(code);
    }
    Element parent = pre.parent();
    if (parent != null) {
      candidates.add(parent);
    }
    for (Element el : candidates) {
      List<String> classes = new ArrayList<>(el.classNames());
      for (int i = 0; i < classes.size(); i++) {
        String cls = classes.get(i);
        Matcher m = LANGUAGE_CLASS.matcher(cls);
        if (m.matches()) {
          return m.group(1).toLowerCase(Locale.ROOT);
        }
        if (cls.equals("sourceCode") && i + 1 < classes.size()) {
          return classes.get(i + 1).toLowerCase(Locale.ROOT);
        }
      }
    }
    return "";
  }

  private static int longestRun(String s, char c) {
    int best = 0;
    int run = 0;
    for (int i = 0; i < s.length(); i++) {
      run = s.charAt(i) == c ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  }
}
