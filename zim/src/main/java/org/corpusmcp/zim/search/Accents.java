package org.corpusmcp.zim.search;

import java.text.Normalizer;
import java.util.Locale;

/**
 * libzim's {@code removeAccents}: ICU "Lower; NFD; [:M:] remove; NFC". Since libzim 8.2.1 it works
 * on pieces of 4096 UTF-16 units (a piece never ends inside a surrogate pair), and the query is the
 * C string: cut at the first NUL, invalid UTF-8 (in Java: a lone surrogate) replaced by U+FFFD.
 * Example: {@code "Café Naïve"} → {@code "cafe naive"}.
 */
final class Accents {
  private Accents() {}

  static final int PIECE = 4096;

  static String removeAccents(String s) {
    s = asUtf8(beforeNul(s));
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      int end = Math.min(s.length(), i + PIECE);
      if (end < s.length()
          && Character.isHighSurrogate(s.charAt(end - 1))
          && Character.isLowSurrogate(s.charAt(end))) {
        end++;
      }
      out.append(piece(s.substring(i, end)));
      i = end;
    }
    return out.toString();
  }

  private static String piece(String s) {
    String d = Normalizer.normalize(s.toLowerCase(Locale.ROOT), Normalizer.Form.NFD);
    StringBuilder b = new StringBuilder(d.length());
    d.codePoints()
        .forEach(
            cp -> {
              int t = Character.getType(cp);
              if (t != Character.NON_SPACING_MARK
                  && t != Character.ENCLOSING_MARK
                  && t != Character.COMBINING_SPACING_MARK) {
                b.appendCodePoint(cp);
              }
            });
    return Normalizer.normalize(b, Normalizer.Form.NFC);
  }

  /**
   * libzim 8.1.1's removeAccents: the same transliteration on the whole string at once, also of the
   * C string (the installed libzim 8.1.1 suggests nothing for "\u0000x").
   */
  static String removeAccents811(String s) {
    return piece(asUtf8(beforeNul(s)));
  }

  /** The C string libzim sees: everything before the first NUL. */
  static String beforeNul(String s) {
    int nul = s.indexOf('\0');
    return nul >= 0 ? s.substring(0, nul) : s;
  }

  /** A Java string as the UTF-8 C string libzim would see: lone surrogates become U+FFFD. */
  static String asUtf8(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean lone =
          Character.isHighSurrogate(c)
              ? !(i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))
              : Character.isLowSurrogate(c)
                  && !(i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
      if (lone) {
        if (b == null) {
          b = new StringBuilder(s.substring(0, i));
        }
        b.append('\uFFFD');
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? s : b.toString();
  }
}
