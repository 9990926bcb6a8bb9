package org.corpusmcp.host;

import org.jspecify.annotations.Nullable;

/**
 * Text made safe for one log line: what a client or an archive sent (a query, a ref, a title, an
 * exception's message quoting them) must neither start a line of its own, which could forge an
 * entry from another logger, nor reach the operator's terminal as a control sequence.
 *
 * <p>Newline, carriage return and tab become {@code \n}, {@code \r} and {@code \t}; every other C0
 * control, DEL, every C1 control, the line and paragraph separators U+2028/U+2029, and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, which reorder what a terminal
 * shows) become {@code \}{@code uXXXX}. Everything else, backslashes included, is kept as it is.
 */
public final class LogText {

  private LogText() {}

  /** {@code text} with its control characters escaped; null stays null. */
  public static @Nullable String escape(@Nullable String text) {
    if (text == null) {
      return null;
    }
    int first = 0;
    while (first < text.length() && !needsEscape(text.charAt(first))) {
      first++;
    }
    if (first == text.length()) {
      return text; // the common case: nothing to do, no copy
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (needsEscape(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static boolean needsEscape(char c) {
    return c < 0x20
        || (c >= 0x7f && c <= 0x9f)
        || c == '\u2028'
        || c == '\u2029'
        || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
