package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The passes every cleaner shares: the strip pass (P7), link rendering (P8) and list markers (P9),
 * plus the two payload cleaners built on them: code and prose messages.
 */
public final class Markup {

  private static final Pattern HTML_COMMENT = Regex.compile("<!--.*?-->", Pattern.DOTALL);
  private static final Pattern INLINE_TEMPLATE =
      Regex.compile(
          "\\{\\{(ic|pkg|aur|grp|man)" + Regex.S + "*\\|",
          Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  private static final Pattern BOLD = Regex.compile("'''(.*?)'''", Pattern.DOTALL);
  private static final Pattern ITALIC = Regex.compile("''(.*?)''", Pattern.DOTALL);
  private static final Pattern WIKILINK = Regex.compile("\\[\\[([^\\[\\]|]+)(?:\\|(.*?))?\\]\\]");
  private static final Pattern EXTERNAL_LINK =
      Regex.compile("\\[(https?://" + Regex.NOT_S + "+?)(?:" + Regex.S + "+([^\\]]*))?\\]");
  private static final Pattern LIST_MARKUP = Regex.compile("^([*#:;]+)[ \\t]*");
  private static final Set<String> ONE = Set.of("1");
  private static final int MAX_INLINE_DEPTH = 4;

  /** Text after the strip pass, and the italic tokens it found (first-seen order, distinct). */
  public record Stripped(String text, List<String> placeholders) {}

  private Markup() {}

  /**
   * P7, in order: HTML comments, stray nowiki tags, inline literal templates ({@code ic pkg aur grp
   * man}, recursively), the escapes {@code {{=}}} and {@code {{!}}}, bold, then italics — marked
   * {@code <x>} in code mode, dropped in prose mode. Unknown templates and links stay. Expects
   * nowiki payloads to be hidden already.
   */
  public static Stripped strip(String text, boolean codeMode) {
    if (text.indexOf("<!--") >= 0) {
      text = HTML_COMMENT.matcher(text).replaceAll("");
    }
    if (text.indexOf("nowiki>") >= 0) {
      text = Nowiki.STRAY_TAG.matcher(text).replaceAll("");
    }
    text = resolveInlineTemplates(text, 0);
    if (text.indexOf("{{") >= 0) {
      text = text.replace("{{=}}", "=").replace("{{!}}", "|");
    }
    if (text.indexOf("''") < 0) {
      return new Stripped(text, List.of());
    }
    text = Regex.replace(BOLD, text, m -> m.group(1));
    Set<String> tokens = new LinkedHashSet<>();
    Matcher m = ITALIC.matcher(text);
    while (m.find()) {
      if (!m.group(1).isEmpty()) {
        tokens.add(m.group(1));
      }
    }
    text = Regex.replace(ITALIC, text, r -> codeMode ? "<" + r.group(1) + ">" : r.group(1));
    return new Stripped(text, List.copyOf(tokens));
  }

  /**
   * Inline literal templates: {@code {{ic|x}}}, {@code {{Pkg|x}}}, {@code {{AUR|x}}}, {@code
   * {{Grp|x}}} → {@code x}; {@code {{man|5|systemd.unit}}} → {@code systemd.unit(5)}.
   *
   * <p>Departure from the Python original: {@code {{man|section|page|anchor}}} renders {@code
   * page(section)} as the wiki does; the reference glued the anchor onto the page ({@code
   * page|anchor(section)}).
   */
  static String resolveInlineTemplates(String text, int depth) {
    if (depth > MAX_INLINE_DEPTH || text.indexOf("{{") < 0) {
      return text;
    }
    StringBuilder out = null;
    int position = 0;
    for (Templates.Span span : Templates.topLevel(text, INLINE_TEMPLATE)) {
      boolean man = span.name().equals("man");
      List<String> params =
          Templates.split(text.substring(span.start() + 2, span.end() - 2), man ? 3 : 1);
      String body;
      if (params.size() <= 1) {
        body = "";
      } else if (man) {
        body = params.size() > 2 ? params.get(2) + "(" + params.get(1) + ")" : params.get(1);
      } else {
        body = Templates.stripParamName(params.get(1), ONE);
      }
      if (out == null) {
        out = new StringBuilder(text.length());
      }
      out.append(text, position, span.start());
      out.append(resolveInlineTemplates(body, depth + 1));
      position = span.end();
    }
    if (out == null) {
      return text;
    }
    return out.append(text, position, text.length()).toString();
  }

  /**
   * P8: {@code [[target|display]]} → display (else target), trimmed, the target kept whole ({@code
   * [[Users and groups#Group management]]} stays so); then {@code [https://u words]} → {@code words
   * (https://u)} and {@code [https://u]} → {@code https://u}.
   */
  public static String renderLinks(String text) {
    if (text.indexOf('[') < 0) {
      return text;
    }
    text =
        Regex.replace(
            WIKILINK,
            text,
            m -> {
              String display = Regex.group(m, 2);
              return PyText.strip(display.isEmpty() ? m.group(1) : display);
            });
    return Regex.replace(
        EXTERNAL_LINK,
        text,
        m -> {
          String words = Regex.group(m, 2);
          return words.isEmpty() ? m.group(1) : PyText.strip(words) + " (" + m.group(1) + ")";
        });
  }

  /**
   * P9: a leading run of {@code * # : ;} becomes a plain-text bullet at its depth (the number of
   * {@code *}/{@code #}): {@code *}→{@code "- "}, {@code #}→{@code "1. "}, {@code ##}→{@code " 1.
   * "}, {@code #*}→{@code " - "}. A run of only {@code :}/{@code ;} just indents nothing; a marker
   * with an empty body gives an empty line; a line starting with space or tab is untouched.
   *
   * <p>Departure from the Python original: a run ending in {@code :} or {@code ;} after list
   * markers ({@code *:}, {@code #:}) continues the item above it without a bullet of its own,
   * indented to the item's text; the reference rendered it as a new {@code "1. "} item.
   */
  public static String renderListMarkers(String line) {
    if (line.isEmpty() || "*#:;".indexOf(line.charAt(0)) < 0) {
      return line;
    }
    Matcher m = LIST_MARKUP.matcher(line);
    if (!m.find()) {
      return line;
    }
    String marker = m.group(1);
    String body = line.substring(m.end());
    int depth = 0;
    for (int i = 0; i < marker.length(); i++) {
      char c = marker.charAt(i);
      if (c == '*' || c == '#') {
        depth++;
      }
    }
    if (depth == 0) {
      return body;
    }
    if (PyText.isBlank(body)) {
      return "";
    }
    char last = marker.charAt(marker.length() - 1);
    String indent = "  ".repeat(depth - 1);
    if (last == ':' || last == ';') {
      return indent + "  " + body;
    }
    return indent + (last == '*' ? "- " : "1. ") + body;
  }

  /** A cleaned code payload and the placeholders its author marked in italics. */
  public record Code(String text, List<String> placeholders) {}

  /**
   * Hide nowiki, strip pass in code mode, restore nowiki in the text and in each token, trim
   * newlines at both ends. Links are left alone ({@code [[ -f x ]]} is shell). {@code # mount
   * ''device'' '''--verbose'''} → {@code # mount <device> --verbose}, [device].
   */
  public static Code cleanCode(String raw) {
    Nowiki.Hidden hidden = Nowiki.hide(raw);
    Stripped stripped = strip(hidden.text(), true);
    List<String> tokens = stripped.placeholders();
    if (!hidden.payloads().isEmpty() && !tokens.isEmpty()) {
      List<String> restored = new ArrayList<>(tokens.size());
      for (String token : tokens) {
        restored.add(hidden.restore(token));
      }
      tokens = List.copyOf(restored);
    }
    return new Code(PyText.strip(hidden.restore(stripped.text()), "\n"), tokens);
  }

  /**
   * Readable prose from an admonition body: leading spaces/tabs dropped, strip pass in prose mode,
   * links rendered, list markers per line, then an indent shared by every rendered
   * (non-preformatted, non-blank) line removed, newlines trimmed at both ends and trailing
   * whitespace at the end.
   */
  public static String cleanMessage(String raw) {
    Nowiki.Hidden hidden = Nowiki.hide(PyText.lstrip(raw, " \t"));
    String text = renderLinks(strip(hidden.text(), false).text());
    String[] sources = text.split("\n", -1);
    String[] lines = new String[sources.length];
    int common = Integer.MAX_VALUE;
    for (int i = 0; i < sources.length; i++) {
      lines[i] = renderListMarkers(sources[i]);
      if (!PyText.isBlank(lines[i]) && !isPreformatted(sources[i])) {
        int lead = 0;
        while (lead < lines[i].length() && lines[i].charAt(lead) == ' ') {
          lead++;
        }
        common = Math.min(common, lead);
      }
    }
    if (common != Integer.MAX_VALUE && common > 0) {
      for (int i = 0; i < lines.length; i++) {
        if (!isPreformatted(sources[i]) && !PyText.isBlank(lines[i])) {
          lines[i] = lines[i].substring(common);
        }
      }
    }
    String joined = String.join("\n", lines);
    return hidden.restore(PyText.rstrip(PyText.strip(joined, "\n")));
  }

  /**
   * A source line starting with space or tab that is not blank: preformatted, its indent content.
   */
  static boolean isPreformatted(String line) {
    return !line.isEmpty()
        && (line.charAt(0) == ' ' || line.charAt(0) == '\t')
        && !PyText.isBlank(line);
  }
}
