package org.corpusmcp.corpus;

/**
 * How much of a fetch budget a text takes: its length in characters and its {@link TokenEstimate}
 * counts, kept apart so sizes of pieces add up to the size of the text they make.
 *
 * @param whole tokens counted whole
 * @param quarter characters counted a quarter token each
 */
record TextSize(long chars, long whole, long quarter) {

  static final TextSize ZERO = new TextSize(0, 0, 0);

  static TextSize of(CharSequence text) {
    TokenEstimate estimate = new TokenEstimate();
    estimate.add(text);
    return estimate.size();
  }

  TextSize plus(TextSize other) {
    return new TextSize(chars + other.chars, whole + other.whole, quarter + other.quarter);
  }

  TextSize minus(TextSize other) {
    return new TextSize(chars - other.chars, whole - other.whole, quarter - other.quarter);
  }

  TextSize times(long n) {
    return new TextSize(chars * n, whole * n, quarter * n);
  }

  /** The estimate of the whole text: its quarters rounded up once. */
  long tokens() {
    return whole + (quarter + 3) / 4;
  }
}
