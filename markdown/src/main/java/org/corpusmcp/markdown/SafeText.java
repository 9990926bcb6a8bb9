package org.corpusmcp.markdown;

/**
 * Removes the characters that change how text is displayed without being visible: C0 and C1 control
 * characters (tab and newline excepted) and the Unicode bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069). Archive text carrying them could show an agent or a person one
 * thing and mean another (U+202E reverses what follows it); no article needs them. Left alone: the
 * directional marks U+200E, U+200F and U+061C, which right-to-left text uses legitimately and which
 * cannot reorder a run of text.
 *
 * <p>Also removed, because they are invisible hints that only get in the way once text is copied,
 * searched or quoted: the soft hyphen U+00AD ("Shake­speare" would not match "Shakespeare"), the
 * zero-width space U+200B, the word joiner U+2060 and the byte-order mark U+FEFF. The zero-width
 * joiner and non-joiner (U+200C, U+200D) stay: Persian, Indic scripts and emoji sequences need
 * them.
 */
public final class SafeText {

  private SafeText() {}

  /** {@code text} without the characters above; the same instance when it has none. */
  public static String strip(String text) {
    int n = text.length();
    int i = 0;
    while (i < n && !isUnsafe(text.charAt(i))) {
      i++;
    }
    if (i == n) {
      return text;
    }
    StringBuilder sb = new StringBuilder(n);
    sb.append(text, 0, i);
    for (; i < n; i++) {
      char c = text.charAt(i);
      if (!isUnsafe(c)) {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** True for a character {@link #strip} removes. */
  public static boolean isUnsafe(char c) {
    if (c < 0x7F) {
      return c < 0x20 && c != '\t' && c != '\n'; // ASCII, the common case: one comparison
    }
    return (c >= 0x7F && c <= 0x9F)
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069')
        || c == '\u00AD'
        || c == '\u200B'
        || c == '\u2060'
        || c == '\uFEFF';
  }
}
