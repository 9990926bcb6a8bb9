package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code <nowiki>} (contract §C.1 P6). A span is {@code <nowiki>}, the shortest text, then
 * {@code </nowiki>}, tags case-insensitive, across lines. Three uses:
 *
 * <ul>
 *   <li>{@link #mask}: the same text with every non-newline character of each span replaced by
 *       NUL, so scanners find no structure inside ({@code <nowiki>{{bc|x}}</nowiki>} is not a
 *       command) while offsets still index the original;
 *   <li>{@link #hide} / {@link Hidden#restore}: lift span payloads out before a cleaning pass and
 *       put them back verbatim afterwards;
 *   <li>{@link #STRAY_TAG}: an unpaired lowercase tag, deleted by the strip pass. The
 *       self-closing {@code <nowiki/>} is not recognised and survives.
 * </ul>
 */
public final class Nowiki {

  static final Pattern SPAN =
      Regex.compile("<nowiki>(.*?)</nowiki>", Pattern.DOTALL | Pattern.CASE_INSENSITIVE
          | Pattern.UNICODE_CASE);
  static final Pattern STRAY_TAG = Regex.compile("</?nowiki>");
  private static final Pattern SENTINEL = Regex.compile("\u0000nowiki(\\d+)\u0000");

  private Nowiki() {}

  /** Where each span sits, tags included: pairs of {start, end}. */
  public static List<int[]> spans(String text) {
    List<int[]> spans = new ArrayList<>();
    Matcher m = SPAN.matcher(text);
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
    }
    return spans;
  }

  /** {@code text} with every span blanked to NUL (newlines kept): same length, same offsets. */
  public static String mask(String text) {
    if (text.indexOf('<') < 0) {
      return text;
    }
    return blank(text, spans(text));
  }

  /** Blanks the given sorted, non-overlapping spans of {@code text}, keeping newlines. */
  static String blank(String text, List<int[]> spans) {
    if (spans.isEmpty()) {
      return text;
    }
    char[] chars = text.toCharArray();
    for (int[] span : spans) {
      for (int i = span[0]; i < span[1]; i++) {
        if (chars[i] != '\n') {
          chars[i] = '\u0000';
        }
      }
    }
    return new String(chars);
  }

  /** Replaces each span by an inert sentinel and keeps its inner text for {@link Hidden#restore}. */
  static Hidden hide(String text) {
    if (text.indexOf('<') < 0) {
      return new Hidden(text, List.of());
    }
    List<String> payloads = new ArrayList<>();
    String hidden = Regex.replace(SPAN, text, m -> {
      payloads.add(m.group(1));
      return "\u0000nowiki" + (payloads.size() - 1) + "\u0000";
    });
    return new Hidden(hidden, payloads);
  }

  /** Text with nowiki payloads lifted out, and the payloads to put back. */
  record Hidden(String text, List<String> payloads) {
    String restore(String rendered) {
      if (payloads.isEmpty()) {
        return rendered;
      }
      return Regex.replace(SENTINEL, rendered, m -> payloads.get(Integer.parseInt(m.group(1))));
    }
  }
}
