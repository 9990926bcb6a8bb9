package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Template structure: extents, parameters, names, top-level iteration. */
public final class Templates {

  /**
   * P4: any template opening; group 1 is the name (<code>"{{Note (Español)|"</code> → "Note
   * (Español)").
   */
  static final Pattern ANY =
      Regex.compile("\\{\\{" + Regex.S + "*([^|{}\\n]+?)" + Regex.S + "*(?=[|}])");

  /** A template found by {@link #topLevel}: {@code text[start, end)} and its lowercased name. */
  public record Span(int start, int end, String name) {}

  private Templates() {}

  /**
   * P1: the end (exclusive) of the template opening at {@code start}, or −1 when unterminated.
   * {@code {{{parameter}}}} is consumed whole; a <code>}}</code> closes a literal <code>{</code>
   * only while one is open: {@code {{ic|menuentry "t" {opts}}}} ends at its very end, <code>
   * {{Pkg|x}}}}</code> after the first <code>}}</code>.
   */
  public static int extent(String text, int start) {
    int depth = 0;
    int parameterDepth = 0;
    int braceDepth = 0;
    int j = start;
    int end = text.length();
    while (j < end - 1) {
      if (text.startsWith("{{{", j)) {
        parameterDepth++;
        j += 3;
      } else if (parameterDepth > 0 && text.startsWith("}}}", j)) {
        parameterDepth--;
        j += 3;
      } else if (text.startsWith("{{", j)) {
        depth++;
        j += 2;
      } else if (braceDepth > 0 && text.startsWith("}}}", j)) {
        braceDepth--;
        j += 1;
      } else if (text.startsWith("}}", j)) {
        depth--;
        j += 2;
        if (depth == 0) {
          return j;
        }
      } else if (text.charAt(j) == '{') {
        braceDepth++;
        j++;
      } else if (text.charAt(j) == '}' && braceDepth > 0) {
        braceDepth--;
        j++;
      } else {
        j++;
      }
    }
    return -1;
  }

  /**
   * P2: splits a template interior on top-level {@code |}, at most {@code limit} times. Inside
   * {@code {{…}}}, {@code [[…]]} or a {@code {|…|}} table a pipe is content, and so is every pipe
   * after the limit: {@code bc|a | b} → [{@code bc}, {@code a | b}].
   */
  public static List<String> split(String inner, int limit) {
    List<String> parts = new ArrayList<>(limit + 1);
    StringBuilder buf = new StringBuilder();
    int depth = 0;
    int i = 0;
    int end = inner.length();
    while (i < end) {
      if (i + 1 < end) {
        char a = inner.charAt(i);
        char b = inner.charAt(i + 1);
        boolean opener = (a == '{' && b == '{') || (a == '[' && b == '[') || (a == '{' && b == '|');
        boolean closer = (a == '}' && b == '}') || (a == ']' && b == ']') || (a == '|' && b == '}');
        if (opener || closer) {
          depth += opener ? 1 : -1;
          buf.append(a).append(b);
          i += 2;
          continue;
        }
      }
      char c = inner.charAt(i);
      if (c == '|' && depth == 0 && parts.size() < limit) {
        parts.add(buf.toString());
        buf.setLength(0);
        if (parts.size() == limit) {
          // No split is left to make: the rest is one parameter, whatever it nests.
          buf.append(inner, i + 1, end);
          break;
        }
      } else {
        buf.append(c);
      }
      i++;
    }
    parts.add(buf.toString());
    return parts;
  }

  private static final Pattern NAMED_PARAM =
      Regex.compile("^" + Regex.S + "*([A-Za-z0-9_]+)" + Regex.S + "*=");

  /**
   * P3: drops a leading {@code name=} when the template accepts that name, keeping any whitespace
   * after the {@code =}. {@code GRUB_ENABLE=y} survives because {@code GRUB_ENABLE} is no parameter
   * of {@code {{bc}}}.
   */
  public static String stripParamName(String value, Set<String> accepted) {
    Matcher m = NAMED_PARAM.matcher(value);
    if (m.find() && accepted.contains(m.group(1))) {
      return value.substring(m.end());
    }
    return value;
  }

  /** Parameter {@code index} of a split, or "" when absent. */
  static String param(List<String> parts, int index) {
    return parts.size() > index ? parts.get(index) : "";
  }

  /**
   * P5: the top-level matches of {@code pattern} (which must start with <code>\\{\\{</code> and
   * capture the name as group 1) in {@code scan}, each with its P1 extent; a match starting inside
   * an accepted template is skipped, and so is an unterminated one (without consuming anything).
   */
  public static List<Span> topLevel(String scan, Pattern pattern) {
    List<Span> spans = new ArrayList<>();
    if (scan.indexOf("{{") < 0) {
      return spans;
    }
    // Every pattern used here starts with "{{": jump between those with indexOf and try the
    // pattern only there, which is what a regex scan would find, at a fraction of the cost.
    Matcher m = pattern.matcher(scan).useTransparentBounds(true).useAnchoringBounds(false);
    int consumedTo = 0;
    int from = 0;
    while (true) {
      int at = scan.indexOf("{{", from);
      if (at < 0) {
        break;
      }
      m.region(at, scan.length());
      if (!m.lookingAt()) {
        from = at + 1;
        continue;
      }
      from = Math.max(m.end(), at + 1);
      if (at < consumedTo) {
        continue;
      }
      int end = extent(scan, at);
      if (end == -1) {
        continue;
      }
      consumedTo = end;
      spans.add(new Span(at, end, m.group(1).toLowerCase(Locale.ROOT)));
    }
    return spans;
  }
}
