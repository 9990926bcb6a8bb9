package org.corpusmcp.corpus;

/**
 * Makes a snippet's plain text inert where a Markdown-rendering client would turn it into something
 * live. Snippets stay plain text (a {@code [x]} or a {@code 2 < 3} reads as written), so only what
 * would render as a link, image or HTML is escaped:
 *
 * <ul>
 *   <li>link and image syntax, {@code [text](target)}, {@code ![alt](target)} and {@code
 *       [text][ref]}: the closing bracket before {@code (} or {@code [}, and its opening bracket,
 *       get a backslash;
 *   <li>autolinks and raw HTML, a {@code <} followed by a letter, {@code /}, {@code !} or {@code
 *       ?}: the {@code <} gets a backslash.
 * </ul>
 *
 * A character the text already escapes (after an odd number of backslashes) is left alone, as
 * another backslash would undo the escape. Fetch escapes every bracket of page text instead
 * (MarkdownEscapes), as its output is Markdown.
 */
final class InertMarkup {

  private InertMarkup() {}

  /** {@code text} with live Markdown link, image, autolink and HTML syntax escaped. */
  static String of(String text) {
    if (text.indexOf(']') < 0 && text.indexOf('<') < 0) {
      return text;
    }
    int n = text.length();
    boolean[] escape = new boolean[n];
    boolean any = false;
    for (int i = 0; i < n - 1; i++) {
      char c = text.charAt(i);
      char next = text.charAt(i + 1);
      if (escapedAt(text, i)) {
        continue;
      }
      if (c == ']' && (next == '(' || next == '[')) {
        escape[i] = true;
        int open = openingOf(text, i);
        if (open >= 0) {
          escape[open] = true;
        }
        any = true;
      } else if (c == '<'
          && (Character.isLetter(next) || next == '/' || next == '!' || next == '?')) {
        escape[i] = true;
        any = true;
      }
    }
    if (!any) {
      return text;
    }
    StringBuilder out = new StringBuilder(n + 8);
    for (int i = 0; i < n; i++) {
      if (escape[i]) {
        out.append('\\');
      }
      out.append(text.charAt(i));
    }
    return out.toString();
  }

  /** The unescaped {@code [} that the {@code ]} at {@code close} closes, or -1. */
  private static int openingOf(String text, int close) {
    int depth = 0;
    for (int j = close - 1; j >= 0; j--) {
      char c = text.charAt(j);
      if ((c != '[' && c != ']') || escapedAt(text, j)) {
        continue;
      }
      if (c == ']') {
        depth++;
      } else if (depth == 0) {
        return j;
      } else {
        depth--;
      }
    }
    return -1;
  }

  /** True when the character at {@code i} follows an odd number of backslashes. */
  private static boolean escapedAt(String text, int i) {
    int backslashes = 0;
    for (int j = i - 1; j >= 0 && text.charAt(j) == '\\'; j--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }
}
