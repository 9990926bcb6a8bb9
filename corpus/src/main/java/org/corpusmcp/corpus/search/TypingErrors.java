package org.corpusmcp.corpus.search;

/**
 * How plausible it is that someone who meant one word typed another: an edit distance whose edits
 * cost what typing errors make likely. A correction is evidence, and a plain edit distance treats
 * "Einstein" → "Bernstein" (a new first letter and an unrelated one) like "Charls" → "Charles" (one
 * dropped letter); this cost does not, so an absent name is reported as absent instead of being
 * replaced by an unrelated word.
 *
 * <p>Costs, from the word meant to the word typed (an optimal string alignment, so each letter is
 * edited at most once):
 *
 * <ul>
 *   <li>a letter doubled or a double letter typed once ("Myanmmar", "Aple"): {@value #DOUBLING};
 *   <li>two neighbouring letters swapped ("Gemrany"): 1;
 *   <li>a letter dropped or an extra letter: 1;
 *   <li>a letter replaced by its neighbour on a QWERTY keyboard (the next key in its row, or one of
 *       the three nearest in the row above or below: keyboards stagger their rows differently), or
 *       a vowel by another vowel ("Phisics"), or any letter of a script without a layout here: 1;
 *       any other Latin letter: {@value #FAR_SUBSTITUTION} when the query's other words can confirm
 *       the correction, {@value #FAR_SUBSTITUTION_ALONE} for a word alone, so that a lone short
 *       name ("Obama") is never taken for another ("Osama");
 *   <li>on top of that, an edit that changes the first letter (other than swapping it with the
 *       second): {@value #FIRST_LETTER}, since people rarely mistype the letter a word starts with.
 * </ul>
 *
 * <p>{@link #allowance} is a total of 1.5 up to {@value TypoCorrector#LONG_WORD} letters (one slip,
 * or one and a doubled letter: "Girfffe") and 2 from then on; so a far substitution in a word alone
 * passes only in a long word, where fewer real words lie near.
 */
public final class TypingErrors {

  static final double DOUBLING = 0.5;
  static final double FAR_SUBSTITUTION = 1.5;
  static final double FAR_SUBSTITUTION_ALONE = 2.0;
  static final double FIRST_LETTER = 1.0;

  private static final String[] ROWS = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
  private static final String VOWELS = "aeiouy";

  private TypingErrors() {}

  /** The cost a word of {@code typed}'s length may have: 1.5, or 2 from eight letters on. */
  static double allowance(String typed) {
    return typed.codePointCount(0, typed.length()) <= TypoCorrector.LONG_WORD ? 1.5 : 2.0;
  }

  /** The cheapest alignment of {@code meant} to {@code typed}, for a word among others. */
  public static double cost(String typed, String meant) {
    return cost(typed, meant, FAR_SUBSTITUTION);
  }

  /**
   * The cheapest alignment of {@code meant} to {@code typed} under the costs above, with {@code
   * far} for a substitution of Latin letters that are neither neighbours nor vowels.
   */
  static double cost(String typed, String meant, double far) {
    int[] t = typed.codePoints().toArray();
    int[] m = meant.codePoints().toArray();
    double[][] d = new double[m.length + 1][t.length + 1];
    for (int i = 1; i <= m.length; i++) {
      d[i][0] = d[i - 1][0] + dropped(m, i - 1);
    }
    for (int j = 1; j <= t.length; j++) {
      d[0][j] = d[0][j - 1] + extra(t, j - 1);
    }
    for (int i = 1; i <= m.length; i++) {
      for (int j = 1; j <= t.length; j++) {
        double best;
        if (m[i - 1] == t[j - 1]) {
          best = d[i - 1][j - 1];
        } else {
          best =
              d[i - 1][j - 1] + substitution(m[i - 1], t[j - 1], far) + (i == 1 ? FIRST_LETTER : 0);
        }
        best = Math.min(best, d[i - 1][j] + dropped(m, i - 1));
        best = Math.min(best, d[i][j - 1] + extra(t, j - 1));
        if (i > 1 && j > 1 && m[i - 1] == t[j - 2] && m[i - 2] == t[j - 1]) {
          best = Math.min(best, d[i - 2][j - 2] + 1);
        }
        d[i][j] = best;
      }
    }
    return d[m.length][t.length];
  }

  /** The meant word's letter at {@code k} was not typed. */
  private static double dropped(int[] meant, int k) {
    if (isDoubled(meant, k)) {
      return DOUBLING;
    }
    return 1 + (k == 0 ? FIRST_LETTER : 0);
  }

  /** The typed word's letter at {@code k} was not meant. */
  private static double extra(int[] typed, int k) {
    if (isDoubled(typed, k)) {
      return DOUBLING;
    }
    return 1 + (k == 0 ? FIRST_LETTER : 0);
  }

  private static boolean isDoubled(int[] word, int k) {
    return (k > 0 && word[k - 1] == word[k]) || (k + 1 < word.length && word[k + 1] == word[k]);
  }

  private static double substitution(int meant, int typed, double far) {
    if (!isLatin(meant) || !isLatin(typed)) {
      return 1; // no layout known here: every substitution is as likely
    }
    if (VOWELS.indexOf(meant) >= 0 && VOWELS.indexOf(typed) >= 0) {
      return 1;
    }
    return adjacentKeys(meant, typed) ? 1 : far;
  }

  private static boolean isLatin(int c) {
    return c >= 'a' && c <= 'z';
  }

  private static boolean adjacentKeys(int a, int b) {
    int ra = row(a);
    int rb = row(b);
    int ca = ROWS[ra].indexOf(a);
    int cb = ROWS[rb].indexOf(b);
    if (ra == rb) {
      return Math.abs(ca - cb) == 1;
    }
    if (Math.abs(ra - rb) != 1) {
      return false;
    }
    // rows are staggered by a half to three quarters of a key, one way or the other by keyboard
    return Math.abs(ca - cb) <= 1;
  }

  private static int row(int c) {
    for (int r = 0; r < ROWS.length; r++) {
      if (ROWS[r].indexOf(c) >= 0) {
        return r;
      }
    }
    throw new IllegalArgumentException("not a letter of the layout");
  }
}
