package org.corpusmcp.markdown;

import org.jspecify.annotations.Nullable;

/**
 * Sub- and superscripts as readable text. Markdown has no syntax for them, and dropping the markup
 * glues them to their base ("km2", "O2") or, after block layout, splits them off ("O\n2."). Numbers
 * and signs, the common case (units, formulas, electron configurations, exponents), have Unicode
 * script forms: {@code km²}, {@code O₂}, {@code 10⁻³}. Letters mostly do not (and forms such as
 * {@code ᵗʰ} would hide "19th" from search), so words stay run-in text: "19th", "Hmax". Any other
 * superscript, such as an exponent {@code n+m}, is written {@code ^(n+m)}.
 */
final class ScriptDigits {

  private static final String PLAIN = "0123456789+-−=()";
  private static final String SUPER = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾";
  private static final String SUB = "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎";

  private ScriptDigits() {}

  /** {@code text} in script digits, or null when a character has no script form. */
  static @Nullable String map(String text, boolean superscript) {
    if (text.isEmpty()) {
      return null;
    }
    String to = superscript ? SUPER : SUB;
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      int at = PLAIN.indexOf(text.charAt(i));
      if (at < 0) {
        return null;
      }
      sb.append(to.charAt(at));
    }
    return sb.toString();
  }

  /**
   * How a superscript that {@link #map} cannot write is shown: {@code ^(…)} for a formula, null
   * (run-in text) for words, ordinals and bracketed note markers.
   */
  static @Nullable String caretForm(String text) {
    if (text.isEmpty() || text.startsWith("[")) {
      return null;
    }
    boolean alphanumeric = false;
    boolean formula = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      alphanumeric |= Character.isLetterOrDigit(c);
      formula |= !Character.isLetter(c) && c != '.' && c != ' ';
    }
    return alphanumeric && formula ? "^(" + text + ")" : null;
  }
}
