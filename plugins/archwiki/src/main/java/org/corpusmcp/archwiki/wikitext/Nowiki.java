package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code <nowiki>}. A span is {@code <nowiki>}, the shortest text, then {@code </nowiki>}, tags
 * case-insensitive, across lines. Three uses:
 *
 * <ul>
 *   <li>{@link #mask}: the same text with every non-newline character of each span replaced by NUL,
 *       so scanners find no structure inside ({@code <nowiki>{{bc|x}}</nowiki>} is not a command)
 *       while offsets still index the original;
 *   <li>{@link #hide} / {@link Hidden#restore}: lift span payloads out before a cleaning pass and
 *       put them back verbatim afterwards;
 *   <li>{@link #STRAY_TAG}: an unpaired lowercase tag, deleted by the strip pass. The self-closing
 *       {@code <nowiki/>} is not recognised and survives.
 * </ul>
 */
public final class Nowiki {

  static final Pattern SPAN =
      Regex.compile(
          "<nowiki>(.*?)</nowiki>",
          Pattern.DOTALL | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  static final Pattern STRAY_TAG = Regex.compile("</?nowiki>");
  private static final Pattern SENTINEL = Regex.compile("\u0000nowiki(\\d+)\u0000");

  private Nowiki() {}

  /** Cheap pre-check: does {@code text} contain {@code <nowiki>} in any case? */
  static boolean mayContain(String text) {
    int i = text.indexOf('<');
    while (i >= 0) {
      if (text.regionMatches(true, i, "<nowiki>", 0, 8)) {
        return true;
      }
      i = text.indexOf('<', i + 1);
    }
    return false;
  }

  /**
   * Where each span sits, tags included: pairs of {start, end}. Equivalent to scanning with {@link
   * #SPAN} (leftmost opening tag, nearest closing tag, case-insensitive), without the cost of a
   * case-insensitive regex over a whole page.
   */
  public static List<int[]> spans(String text) {
    List<int[]> spans = new ArrayList<>();
    int from = 0;
    while (true) {
      int open = find(text, "<nowiki>", from);
      if (open < 0) {
        return spans;
      }
      int close = find(text, "</nowiki>", open + 8);
      if (close < 0) {
        return spans;
      }
      spans.add(new int[] {open, close + 9});
      from = close + 9;
    }
  }

  private static int find(String text, String tag, int from) {
    int i = text.indexOf('<', from);
    while (i >= 0) {
      if (text.regionMatches(true, i, tag, 0, tag.length())) {
        return i;
      }
      i = text.indexOf('<', i + 1);
    }
    return -1;
  }

  /** {@code text} with every span blanked to NUL (newlines kept): same length, same offsets. */
  public static String mask(String text) {
    if (!mayContain(text)) {
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

  /**
   * Replaces each span by an inert sentinel and keeps its inner text for {@link Hidden#restore}.
   */
  static Hidden hide(String text) {
    if (!mayContain(text)) {
      return new Hidden(text, List.of());
    }
    List<String> payloads = new ArrayList<>();
    StringBuilder hidden = new StringBuilder(text.length());
    int last = 0;
    for (int[] span : spans(text)) {
      hidden
          .append(text, last, span[0])
          .append("\u0000nowiki")
          .append(payloads.size())
          .append('\u0000');
      payloads.add(text.substring(span[0] + 8, span[1] - 9));
      last = span[1];
    }
    hidden.append(text, last, text.length());
    return new Hidden(hidden.toString(), payloads);
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
