package org.corpusmcp.archwiki.wikitext;

/**
 * The string semantics the contract's hashes depend on, spelled out once.
 *
 * <p>"Whitespace" here is Python's {@code str.isspace()}: besides ASCII it includes U+001C–U+001F,
 * U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000. Java's {@code
 * String.strip()} misses U+00A0, U+2007 and U+202F (the French fixture has U+202F), so every "trim"
 * in this plugin goes through {@link #strip}. All characters in that set are in the BMP, so
 * scanning UTF-16 units is exact.
 */
public final class PyText {

  /** A regex character class matching exactly the characters of {@link #isSpace}. */
  public static final String SPACE_CLASS =
      "[\\t\\n\\x0B\\f\\r\\x1C-\\x1F \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]";

  private PyText() {}

  public static boolean isSpace(char c) {
    return switch (c) {
      case '\t',
          '\n',
          '\u000B',
          '\f',
          '\r',
          '\u001C',
          '\u001D',
          '\u001E',
          '\u001F',
          ' ',
          '\u0085',
          '\u00A0',
          '\u1680',
          '\u2028',
          '\u2029',
          '\u202F',
          '\u205F',
          '\u3000' ->
          true;
      default -> c >= '\u2000' && c <= '\u200A';
    };
  }

  /** Python {@code s.strip()}. */
  public static String strip(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && isSpace(s.charAt(start))) {
      start++;
    }
    while (end > start && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(start, end);
  }

  /** Python {@code s.rstrip()}. */
  public static String rstrip(String s) {
    int end = s.length();
    while (end > 0 && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(0, end);
  }

  /** Python {@code s.lstrip()}. */
  public static String lstrip(String s) {
    int start = 0;
    while (start < s.length() && isSpace(s.charAt(start))) {
      start++;
    }
    return s.substring(start);
  }

  /** Python {@code s.strip(chars)} for a small set of characters. */
  public static String strip(String s, String chars) {
    int start = 0;
    int end = s.length();
    while (start < end && chars.indexOf(s.charAt(start)) >= 0) {
      start++;
    }
    while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) {
      end--;
    }
    return s.substring(start, end);
  }

  /** Python {@code s.lstrip(chars)}. */
  public static String lstrip(String s, String chars) {
    int start = 0;
    while (start < s.length() && chars.indexOf(s.charAt(start)) >= 0) {
      start++;
    }
    return s.substring(start);
  }

  /** Python {@code s.rstrip(chars)}. */
  public static String rstrip(String s, String chars) {
    int end = s.length();
    while (end > 0 && chars.indexOf(s.charAt(end - 1)) >= 0) {
      end--;
    }
    return s.substring(0, end);
  }

  /** True when {@code s.strip()} would be empty. */
  public static boolean isBlank(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!isSpace(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Python {@code " ".join(s.split())}: whitespace runs become one space, ends trimmed. */
  public static String collapseSpaces(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean pendingSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        pendingSpace = out.length() > 0;
      } else {
        if (pendingSpace) {
          out.append(' ');
          pendingSpace = false;
        }
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * Python {@code str.isalnum()} for one code point (letters, and the decimal, digit and numeric
   * categories Nd, Nl, No), as used for fixture file names.
   */
  public static boolean isAlnum(int codePoint) {
    if (Character.isLetter(codePoint)) {
      return true;
    }
    int type = Character.getType(codePoint);
    return type == Character.DECIMAL_DIGIT_NUMBER
        || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  /** The first {@code n} code points of {@code s} (Python {@code s[:n]}). */
  public static String headCodePoints(String s, int n) {
    int count = s.codePointCount(0, s.length());
    return n >= count ? s : s.substring(0, s.offsetByCodePoints(0, n));
  }

  /** Python {@code repr(s)} for a str, used in the one error message that quotes wikitext. */
  public static String repr(String s) {
    char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    StringBuilder out = new StringBuilder().append(quote);
    s.codePoints()
        .forEach(
            cp -> {
              if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
              } else if (cp == '\n') {
                out.append("\\n");
              } else if (cp == '\r') {
                out.append("\\r");
              } else if (cp == '\t') {
                out.append("\\t");
              } else if (cp < 0x20 || cp == 0x7F) {
                out.append(String.format("\\x%02x", cp));
              } else if (!isPrintable(cp)) {
                out.append(
                    cp <= 0xFF
                        ? String.format("\\x%02x", cp)
                        : cp <= 0xFFFF
                            ? String.format("\\u%04x", cp)
                            : String.format("\\U%08x", cp));
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.append(quote).toString();
  }

  private static boolean isPrintable(int cp) {
    if (cp == ' ') {
      return true;
    }
    int type = Character.getType(cp);
    return !(type == Character.CONTROL
        || type == Character.FORMAT
        || type == Character.SURROGATE
        || type == Character.PRIVATE_USE
        || type == Character.UNASSIGNED
        || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR
        || type == Character.SPACE_SEPARATOR);
  }
}
