package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code section().content}: wikitext rendered for quoting. Headings become Markdown, {@code
 * {{bc}}}/{@code {{hc}}} fenced blocks, admonitions {@code **Note:**} prose, lists plain bullets (a
 * {@code #} outside a fence is never a shell prompt), links their words. A template the renderer
 * does not know is kept byte for byte: dropping the wiki's own caveat would be synthesis by
 * omission.
 *
 * <pre>
 * == T ==\n# step one            →  ## T\n1. step one
 * x {{bc|a}} y {{App|n|d}} z     →  x\n```\na\n```\ny {{App|n|d}} z
 * {{Tip|outer {{Note|inner}} end}} → **Tip:**\nouter\n**Note:** inner\nend
 * </pre>
 */
public final class SectionRenderer {

  private static final int MAX_DEPTH = 4;
  private static final Set<String> INLINE = Set.of("ic", "pkg", "aur", "grp", "man", "=", "!");
  private static final Pattern HEADING = Regex.compile("^(={2,6})[ \\t]*(.+?)[ \\t]*\\1[ \\t]*$");
  private static final Pattern SENTINEL = Regex.compile("\u0000(\\d+)\u0000");
  private static final Set<String> ONE = Set.of("1");
  private static final Set<String> HC_BODY = Set.of("2", "output");

  private SectionRenderer() {}

  private record Item(int start, int end, String name, String payload, boolean nowiki) {}

  private record Rendered(String text, boolean block) {}

  public static String render(String wikitext) {
    // NUL marks the rendered blocks spliced back in (SENTINEL); page text carrying its own NULs
    // would name blocks that do not exist. MediaWiki never stores NUL in wikitext.
    return render(wikitext.replace("\u0000", ""), 0);
  }

  static String render(String wikitext, int depth) {
    if (depth > MAX_DEPTH) {
      return wikitext;
    }
    String scan = Nowiki.mask(wikitext);
    List<Templates.Span> templates = Templates.topLevel(scan, Templates.ANY);
    List<Item> items = new ArrayList<>();
    for (Templates.Span t : templates) {
      items.add(new Item(t.start(), t.end(), t.name(), "", false));
    }
    if (Nowiki.mayContain(wikitext)) {
      for (int[] span : Nowiki.spans(wikitext)) {
        int s = span[0];
        boolean nested = false;
        for (Templates.Span t : templates) {
          if (t.start() < s && s < t.end()) {
            nested = true;
            break;
          }
        }
        if (!nested) {
          items.add(
              new Item(span[0], span[1], "", wikitext.substring(span[0] + 8, span[1] - 9), true));
        }
      }
      items.sort(Comparator.comparingInt(Item::start));
    }

    List<Rendered> blocks = new ArrayList<>();
    StringBuilder masked = new StringBuilder(wikitext.length());
    int position = 0;
    for (Item item : items) {
      Rendered rendered;
      if (item.nowiki()) {
        rendered = new Rendered(item.payload(), false);
      } else {
        String name = PyText.strip(item.name()).toLowerCase(Locale.ROOT);
        if (INLINE.contains(name)) {
          continue;
        }
        String interior = wikitext.substring(item.start() + 2, item.end() - 2);
        AdmonitionType admonition;
        if (name.equals("bc") || name.equals("hc")) {
          rendered = new Rendered(renderCode(name, interior), true);
        } else if ((admonition = AdmonitionType.ofName(item.name())) != null) {
          rendered = new Rendered(renderAdmonition(admonition, interior, depth), true);
        } else {
          rendered = new Rendered(wikitext.substring(item.start(), item.end()), false);
        }
      }
      masked.append(wikitext, position, item.start());
      masked.append('\u0000').append(blocks.size()).append('\u0000');
      blocks.add(rendered);
      position = item.end();
    }
    masked.append(wikitext, position, wikitext.length());

    String[] lines = masked.toString().split("\n", -1);
    StringBuilder out = new StringBuilder(wikitext.length());
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        out.append('\n');
      }
      String line = renderLine(lines[i]);
      out.append(blocks.isEmpty() ? line : splice(line, blocks));
    }
    return PyText.strip(out.toString(), "\n");
  }

  private static String renderCode(String name, String interior) {
    String header = null;
    String raw;
    if (name.equals("hc")) {
      List<String> params = Templates.split(interior, 2);
      header = Markup.cleanCode(Templates.stripParamName(Templates.param(params, 1), ONE)).text();
      raw = Templates.stripParamName(Templates.param(params, 2), HC_BODY);
    } else {
      raw = Templates.stripParamName(Templates.param(Templates.split(interior, 1), 1), ONE);
    }
    String fence = "```\n" + Markup.cleanCode(raw).text() + "\n```";
    // A header may be a command ("# efibootmgr -u"); backticks keep it from reading as a heading.
    return header == null || header.isEmpty() ? fence : "`" + header + "`\n" + fence;
  }

  private static String renderAdmonition(AdmonitionType type, String interior, int depth) {
    List<String> params = Templates.split(interior, 1);
    String raw = params.size() > 1 ? Templates.stripParamName(params.get(1), ONE) : "";
    String body = PyText.strip(render(PyText.lstrip(raw, " \t"), depth + 1), "\n");
    String label = "**" + type.label() + ":**";
    boolean inline =
        body.indexOf('\n') < 0
            && !(!body.isEmpty() && PyText.isSpace(body.charAt(0)))
            && !body.startsWith("- ")
            && !body.startsWith("1. ")
            && !body.startsWith("```");
    return label + (inline ? " " : "\n") + body;
  }

  private static String renderLine(String line) {
    Nowiki.Hidden hidden = Nowiki.hide(line);
    if (Markup.isPreformatted(line)) {
      return hidden.restore(Markup.strip(hidden.text(), true).text());
    }
    String text = Markup.strip(hidden.text(), false).text();
    if (text.startsWith("==")) {
      Matcher heading = HEADING.matcher(text);
      if (heading.find()) {
        return hidden.restore("#".repeat(heading.group(1).length()) + " " + heading.group(2));
      }
    }
    return hidden.restore(Markup.renderListMarkers(Markup.renderLinks(text)));
  }

  /** Expands sentinels; a block-level one is lifted onto its own line(s). */
  private static String splice(String line, List<Rendered> blocks) {
    if (line.indexOf('\u0000') < 0) {
      return line;
    }
    Matcher m = SENTINEL.matcher(line);
    List<String> segments = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int position = 0;
    boolean any = false;
    while (m.find()) {
      any = true;
      Rendered r = blocks.get(Integer.parseInt(m.group(1)));
      current.append(line, position, m.start());
      position = m.end();
      if (!r.block()) {
        current.append(r.text());
        continue;
      }
      String before = PyText.rstrip(current.toString());
      if (!before.isEmpty()) {
        segments.add(before);
      }
      segments.add(r.text());
      current.setLength(0);
    }
    if (!any) {
      return line;
    }
    current.append(line, position, line.length());
    if (segments.isEmpty()) {
      return current.toString();
    }
    String tail = PyText.lstrip(current.toString());
    if (!tail.isEmpty()) {
      segments.add(tail);
    }
    return String.join("\n", segments);
  }
}
