package org.corpusmcp.markdown;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Escaping of page text for Markdown, only where a character would change the structure, and of
 * link targets. The plain text the walk writes beside the Markdown never goes through here.
 */
final class MarkdownEscapes {

  private static final Pattern ORDERED_AT_START = Pattern.compile("^(\\d{1,9})([.)])(\\s|$)");

  private MarkdownEscapes() {}

  /**
   * @param atLineStart the text opens a line, where {@code # > - + = |} and {@code 1.} would start
   *     a block
   * @param inLink inside link text, where {@code ]} would end the link
   * @param inCell inside a table cell, where {@code |} would end the cell
   */
  static String text(String text, boolean atLineStart, boolean inLink, boolean inCell) {
    StringBuilder sb = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '*', '`' -> sb.append('\\').append(c);
        case '<' -> {
          char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
          if (Character.isLetter(next) || next == '/' || next == '!' || next == '?') {
            sb.append('\\');
          }
          sb.append(c);
        }
        // Every '[' of text is escaped, so no link, image or reference definition can start
        // in it: "[click me](javascript:…)" or "![x](data:…)" in a page stays text, and the
        // only live links are the renderer's own, from an <a href> the LinkResolver accepted.
        case '[' -> sb.append("\\[");
        case ']' -> {
          if (inLink) {
            sb.append('\\');
          }
          sb.append(c);
        }
        case '|' -> {
          if (inCell) {
            sb.append('\\');
          }
          sb.append(c);
        }
        default -> sb.append(c);
      }
    }
    if (atLineStart && sb.length() > 0) {
      char first = sb.charAt(0);
      if (first == '#'
          || first == '>'
          || first == '='
          || first == '|'
          || ((first == '-' || first == '+') && (sb.length() == 1 || sb.charAt(1) == ' '))) {
        sb.insert(0, '\\');
      } else {
        Matcher m = ORDERED_AT_START.matcher(sb);
        if (m.find()) {
          sb.insert(m.end(1), '\\');
        }
      }
    }
    return sb.toString();
  }

  /** A link target made safe inside {@code (…)}: spaces and controls encoded, bidi removed. */
  static String target(String target) {
    StringBuilder sb = new StringBuilder(target.length());
    int depth = 0;
    boolean balanced = true;
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth < 0) {
        balanced = false;
      }
    }
    balanced &= depth == 0;
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c > 0x7F && SafeText.isUnsafe(c)) {
        continue; // a bidi override or C1 control hides where a link really goes
      }
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        sb.append(String.format("%%%02X", (int) c & 0xFF));
      } else if (c == '<' || c == '>') {
        sb.append(c == '<' ? "%3C" : "%3E");
      } else if ((c == '(' || c == ')') && !balanced) {
        sb.append('\\').append(c);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
