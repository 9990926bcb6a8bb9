package org.corpusmcp.host.tools;

import java.util.Collection;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * "Did you mean …?" for every name a user or an agent can mistype: arguments, tools, commands,
 * section ids. A name counts as a misspelling of a candidate when it is within about one edit in
 * three characters (at least one, at most three), case and {@code -}/{@code _}/space aside; a
 * transposed pair of letters is one edit, since that is the commonest slip at a keyboard.
 */
public final class NearestName {

  private NearestName() {}

  /** The candidate nearest to {@code name}, if it is plausibly a misspelling of it. */
  public static @Nullable String closest(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String key = normalise(name);
    for (String candidate : candidates) {
      int d = editDistance(key, normalise(candidate));
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    int allowed = Math.max(1, Math.min(3, name.length() / 3));
    return bestDistance <= allowed ? best : null;
  }

  /** {@code " (did you mean 'x'?)"}, or nothing when no candidate is near. */
  public static String hint(String name, Collection<String> candidates) {
    String guess = closest(name, candidates);
    return guess == null ? "" : " (did you mean '" + guess + "'?)";
  }

  private static String normalise(String s) {
    return s.toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
  }

  /** Optimal string alignment distance: an adjacent transposition costs one edit. */
  static int editDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
