package org.corpusmcp.markdown;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * One render call: walks a DOM subtree once and says what each element means (skipped, block,
 * heading, quote, emphasis, link, sub/superscript, code); the Markdown and plain text are written
 * side by side by {@link MarkdownWriter}, which owns the layout of lines, prefixes and spaces.
 * Lists are {@link ListWriter}'s, tables {@link TableWriter}'s, code fences {@link CodeFences}'.
 */
final class RenderWalk implements NodeFilter {

  /** Never rendered: what no family's policy keeps, and more that has no text worth a reader's. */
  private static final Set<String> SKIPPED =
      Stream.concat(
              CleaningPolicy.NON_CONTENT.stream(),
              Stream.of(
                  "head",
                  "title",
                  "base",
                  "svg",
                  "math",
                  "select",
                  "option",
                  "optgroup",
                  "textarea",
                  "iframe",
                  "frame",
                  "frameset",
                  "object",
                  "embed",
                  "param",
                  "video",
                  "audio",
                  "source",
                  "track",
                  "canvas",
                  "map",
                  "area",
                  "dialog",
                  "datalist",
                  "output",
                  "progress",
                  "meter",
                  "wbr"))
          .collect(Collectors.toUnmodifiableSet());

  private static final Set<String> BLOCKS =
      Set.of(
          "p",
          "div",
          "section",
          "article",
          "aside",
          "header",
          "footer",
          "main",
          "nav",
          "figure",
          "figcaption",
          "details",
          "summary",
          "center",
          "address",
          "fieldset",
          "legend",
          "hgroup",
          "body",
          "html",
          "form",
          "caption",
          "menu",
          "search");

  private static final Set<String> INLINE_CODE = Set.of("code", "kbd", "samp", "tt");

  private static final Pattern DISPLAY_NONE =
      Pattern.compile("(?i)(^|;)\\s*display\\s*:\\s*none\\s*(!important\\s*)?(;|$)");

  private final LinkResolver links;
  private final boolean inline;
  private final MarkdownWriter out;
  private final ListWriter lists;
  private final TableWriter tables;

  private int boldDepth;
  private int italicDepth;
  private int strikeDepth;
  private int linkDepth;

  /**
   * @param inline true for a table cell (one line)
   * @param tableDepth how many tables enclose this walk
   */
  RenderWalk(LinkResolver links, boolean inline, int tableDepth) {
    this.links = links;
    this.inline = inline;
    this.out = new MarkdownWriter(inline);
    this.lists = new ListWriter(out);
    this.tables = new TableWriter(out, links, tableDepth);
  }

  Rendered run(Node node) {
    NodeTraversor.filter(this, node);
    return out.finish();
  }

  @Override
  public FilterResult head(Node node, int depth) {
    if (node instanceof TextNode t) {
      out.text(t.getWholeText(), linkDepth > 0);
      return FilterResult.CONTINUE;
    }
    if (!(node instanceof Element el)) {
      return FilterResult.SKIP_ENTIRELY; // comments, data nodes, doctype
    }
    String name = el.normalName();
    if (SKIPPED.contains(name) || isHidden(el)) {
      return FilterResult.SKIP_ENTIRELY;
    }
    switch (name) {
      case "br" -> out.lineBreak();
      case "hr" -> {
        if (!inline) {
          out.blockBreak();
          out.token("---", "");
          out.blockBreak();
        } else {
          out.space();
        }
      }
      case "img" -> {
        String alt = MarkdownRenderer.normalizeSpace(el.attr("alt"));
        if (!alt.isEmpty()) {
          out.text(alt, linkDepth > 0);
        }
      }
      case "sub", "sup" -> {
        return writeScript(el, name.equals("sup"));
      }
      case "pre" -> {
        writeCodeBlock(el);
        return FilterResult.SKIP_ENTIRELY;
      }
      case "table" -> {
        tables.write(el, linkDepth > 0);
        return FilterResult.SKIP_ENTIRELY;
      }
      case "b", "strong" -> openBold(el);
      case "i", "em", "cite", "var", "dfn" -> {
        if (++italicDepth == 1) {
          out.push(el, "*", "*");
        }
      }
      case "s", "del", "strike" -> {
        if (++strikeDepth == 1) {
          out.push(el, "~~", "~~");
        }
      }
      case "a" -> openLink(el);
      case "ul", "ol", "dl" -> lists.openList(el);
      case "li" -> lists.openItem();
      case "dd" -> lists.openDefinition();
      case "dt" -> {
        out.lineBreak();
        openBold(el);
      }
      case "blockquote" -> {
        out.blockBreak();
        out.pushPrefix("> ");
      }
      case "h1", "h2", "h3", "h4", "h5", "h6" -> {
        out.blockBreak();
        if (headingAsBold()) {
          openBold(el);
        } else {
          out.push(el, "#".repeat(name.charAt(1) - '0') + " ", "");
        }
      }
      default -> {
        if (INLINE_CODE.contains(name)) {
          writeInlineCode(SafeText.strip(el.wholeText()));
          return FilterResult.SKIP_ENTIRELY;
        }
        if (BLOCKS.contains(name) || name.equals("tr")) {
          out.blockBreak();
        }
      }
    }
    return FilterResult.CONTINUE;
  }

  @Override
  public FilterResult tail(Node node, int depth) {
    if (!(node instanceof Element el)) {
      return FilterResult.CONTINUE;
    }
    String name = el.normalName();
    switch (name) {
      case "b", "strong" -> closeBold(el);
      case "i", "em", "cite", "var", "dfn" -> {
        out.pop(el);
        italicDepth--;
      }
      case "s", "del", "strike" -> {
        out.pop(el);
        strikeDepth--;
      }
      case "a" -> {
        if (out.pop(el)) {
          linkDepth--;
        }
      }
      case "ul", "ol", "dl" -> lists.closeList();
      case "li", "dd" -> lists.closeItem();
      case "dt" -> {
        closeBold(el);
        out.lineBreak();
      }
      case "blockquote" -> {
        out.popPrefix();
        out.blockBreak();
      }
      case "h1", "h2", "h3", "h4", "h5", "h6" -> {
        out.pop(el);
        if (headingAsBold()) {
          boldDepth--; // the state at tail equals the state at head: inner elements restored it
        }
        out.blockBreak();
      }
      default -> {
        if (BLOCKS.contains(name) || name.equals("tr")) {
          out.blockBreak();
        }
      }
    }
    return FilterResult.CONTINUE;
  }

  /** Headings inside table cells, list items and quotes are written as bold text. */
  private boolean headingAsBold() {
    return inline || out.nested();
  }

  private void openBold(Element el) {
    if (++boldDepth == 1) {
      out.push(el, "**", "**");
    }
  }

  private void closeBold(Element el) {
    out.pop(el);
    boldDepth--;
  }

  private void openLink(Element el) {
    if (linkDepth > 0 || el.attr("href").isBlank()) {
      return; // an empty href points at the page itself: keep the text
    }
    String target = links.resolve(el.attr("href"));
    if (target == null || target.isBlank()) {
      return;
    }
    linkDepth++;
    out.push(el, "[", "](" + MarkdownEscapes.target(target.strip()) + ")");
  }

  /**
   * A sub- or superscript: digits and signs in their Unicode script form, other superscript
   * formulas as {@code ^(…)}, words as run-in text (the children are walked as usual).
   */
  private FilterResult writeScript(Element el, boolean superscript) {
    String content = MarkdownRenderer.normalizeSpace(SafeText.strip(el.text()));
    String mapped = ScriptDigits.map(content, superscript);
    if (mapped == null && superscript) {
      mapped = ScriptDigits.caretForm(content);
    }
    if (mapped == null) {
      return FilterResult.CONTINUE;
    }
    out.text(mapped, linkDepth > 0);
    return FilterResult.SKIP_ENTIRELY;
  }

  static boolean isHidden(Element el) {
    if (el.hasAttr("hidden")) {
      return true;
    }
    String style = el.attr("style");
    return !style.isEmpty() && DISPLAY_NONE.matcher(style).find();
  }

  // --- code -----------------------------------------------------------------------------------

  private void writeInlineCode(String raw) {
    String code = MarkdownRenderer.normalizeSpace(raw);
    if (!code.isEmpty()) {
      out.token(CodeFences.span(code), code);
    }
  }

  /**
   * A {@code pre}: a fenced block (its lines carry the current prefix), or inline code in a cell.
   */
  private void writeCodeBlock(Element pre) {
    if (inline) {
      writeInlineCode(SafeText.strip(pre.wholeText()));
      return;
    }
    String code = CodeFences.blockText(pre);
    if (code.isBlank()) {
      return;
    }
    String fence = CodeFences.blockFence(code);
    List<String> lines = new ArrayList<>();
    lines.add(fence + CodeFences.language(pre));
    StringBuilder plain = new StringBuilder(code.length());
    for (String line : code.split("\n", -1)) {
      String trimmed = Whitespace.stripTrailing(line);
      lines.add(trimmed);
      plain.append(plain.length() > 0 ? "\n" : "").append(trimmed);
    }
    lines.add(fence);
    out.lines(lines, plain.toString());
  }
}
