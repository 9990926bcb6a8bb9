package org.corpusmcp.archwiki.wikitext;

import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Regex helpers with Python's {@code re} semantics where the hashes depend on them. Patterns here
 * are compiled with {@link Pattern#UNIX_LINES}, so {@code .} excludes only {@code \n} as in Python,
 * and Python's Unicode {@code \s} is written as {@link PyText#SPACE_CLASS}.
 */
final class Regex {

  /** Python's {@code \s}. */
  static final String S = PyText.SPACE_CLASS;

  /** Python's {@code \S}. */
  static final String NOT_S = "[^" + PyText.SPACE_CLASS.substring(1);

  private Regex() {}

  static Pattern compile(String regex) {
    return Pattern.compile(regex, Pattern.UNIX_LINES);
  }

  static Pattern compile(String regex, int flags) {
    return Pattern.compile(regex, Pattern.UNIX_LINES | flags);
  }

  /** Python {@code re.sub(pattern, fn, text)}: the function's result is inserted literally. */
  static String replace(Pattern pattern, String text, Function<MatchResult, String> fn) {
    Matcher m = pattern.matcher(text);
    if (!m.find()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int last = 0;
    do {
      out.append(text, last, m.start());
      out.append(fn.apply(m));
      last = m.end();
    } while (m.find());
    out.append(text, last, text.length());
    return out.toString();
  }

  /** {@code group(i)} or the empty string when the group did not participate. */
  static String group(MatchResult m, int i) {
    String g = m.group(i);
    return g == null ? "" : g;
  }
}
