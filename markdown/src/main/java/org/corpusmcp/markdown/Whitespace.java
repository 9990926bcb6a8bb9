package org.corpusmcp.markdown;

/** Whitespace handling shared by the walk and the layouts: collapsing runs, trimming lines. */
final class Whitespace {

  private Whitespace() {}

  /**
   * Runs of whitespace (ASCII whitespace, no-break and other Unicode spaces, line and paragraph
   * separators) replaced by one space. A loop, not a regex: this runs on every text node.
   */
  static String collapse(String text) {
    int n = text.length();
    boolean needed = false;
    for (int i = 0; i < n && !needed; i++) {
      char c = text.charAt(i);
      needed = isSpace(c) && (c != ' ' || (i + 1 < n && isSpace(text.charAt(i + 1))));
    }
    if (!needed) {
      return text; // the common case: words separated by single plain spaces
    }
    StringBuilder sb = new StringBuilder(n);
    boolean previousSpace = false;
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (isSpace(c)) {
        if (!previousSpace) {
          sb.append(' ');
        }
        previousSpace = true;
      } else {
        sb.append(c);
        previousSpace = false;
      }
    }
    return sb.toString();
  }

  static boolean isSpace(char c) {
    return c == ' '
        || c == '\t'
        || c == '\n'
        || c == '\r'
        || c == '\f'
        || c == '\u000B'
        || c == '\u00A0'
        || c == '\u1680'
        || (c >= '\u2000' && c <= '\u200A')
        || c == '\u2028'
        || c == '\u2029'
        || c == '\u202F'
        || c == '\u205F'
        || c == '\u3000';
  }

  static String stripTrailing(String line) {
    int end = line.length();
    while (end > 0 && (line.charAt(end - 1) == ' ' || line.charAt(end - 1) == '\t')) {
      end--;
    }
    return line.substring(0, end);
  }

  /** Every line without trailing blanks, and no blank lines at either end nor a final newline. */
  static String trimLines(String text) {
    String[] lines = text.split("\n", -1);
    int first = 0;
    while (first < lines.length && lines[first].isBlank()) {
      first++;
    }
    int last = lines.length - 1;
    while (last >= first && lines[last].isBlank()) {
      last--;
    }
    if (first > last) {
      return "";
    }
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = first; i <= last; i++) {
      if (i > first) {
        sb.append('\n');
      }
      sb.append(stripTrailing(lines[i]));
    }
    return sb.toString();
  }

  /** Drops blank lines at both ends and the final newline; keeps each line as it is. */
  static String stripBlankEdges(String text) {
    String[] lines = text.split("\n", -1);
    int first = 0;
    while (first < lines.length && lines[first].isBlank()) {
      first++;
    }
    int last = lines.length - 1;
    while (last >= first && lines[last].isBlank()) {
      last--;
    }
    if (first > last) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    for (int i = first; i <= last; i++) {
      if (i > first) {
        sb.append('\n');
      }
      sb.append(lines[i]);
    }
    return sb.toString();
  }
}
