package org.corpusmcp.markdown;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.jspecify.annotations.Nullable;

/**
 * One render call: walks a DOM subtree once and writes its Markdown and its plain text side by
 * side. This class owns what the element means (block, list, emphasis, link, code, table) and
 * the layout of lines, prefixes and spaces; escaping, code fences, table layout and script digits
 * are delegated. The plain text shares the Markdown's line and paragraph breaks and its spacing
 * but none of its markers, prefixes or escapes.
 */
final class RenderWalk implements NodeFilter {

  private static final Set<String> SKIPPED =
      Set.of(
          "script", "style", "noscript", "template", "head", "title", "meta", "link", "base",
          "svg", "math", "button", "input", "select", "option", "optgroup", "textarea", "iframe",
          "frame", "frameset", "object", "embed", "param", "video", "audio", "source", "track",
          "canvas", "map", "area", "dialog", "datalist", "output", "progress", "meter", "wbr");

  private static final Set<String> BLOCKS =
      Set.of(
          "p", "div", "section", "article", "aside", "header", "footer", "main", "nav", "figure",
          "figcaption", "details", "summary", "center", "address", "fieldset", "legend", "hgroup",
          "body", "html", "form", "caption", "menu", "search");

  private static final Set<String> INLINE_CODE = Set.of("code", "kbd", "samp", "tt");

  private static final Pattern DISPLAY_NONE =
      Pattern.compile("(?i)(^|;)\\s*display\\s*:\\s*none\\s*(!important\\s*)?(;|$)");

  /** An inline wrapper whose opening marker is written lazily, before its first visible text. */
  private static final class Frame {
    final Node owner;
    final String open;
    final String close;
    boolean flushed;

    Frame(Node owner, String open, String close) {
      this.owner = owner;
      this.open = open;
      this.close = close;
    }
  }

  private static final class ListFrame {
    final boolean ordered;
    long next;
    int items;

    ListFrame(boolean ordered, long next) {
      this.ordered = ordered;
      this.next = next;
    }
  }

  private final LinkResolver links;
  private final boolean inline;
  private final int tableDepth;
  private final StringBuilder out = new StringBuilder();
  private final StringBuilder text = new StringBuilder();

  // Block layout.
  private int pendingBreaks; // newlines wanted before the next content (0, 1 or 2)
  // The prefix the pending breaks' blank lines may carry: what was open both when the break was
  // asked for and now. A paragraph followed by a quote gets "a\n\n> b", not "a\n>\n> b".
  private String breakPrefix = "";
  private boolean lineStart = true;
  private boolean pendingSpace;
  private final Deque<String> prefixes = new ArrayDeque<>(); // one per blockquote/list item
  private String joinedPrefix = "";
  private int indentDepth;
  private @Nullable String pendingMarker; // "- " / "3. " / ": " waiting for the item's content
  private int markerPrefixStart; // joinedPrefix length before the item's own continuation
  private int markerPrefixLength; // length of the item's continuation prefix

  // The plain text's own pending layout: taken over from the Markdown's when content starts, and
  // written only before plain text, so Markdown-only tokens ("---", markers) leave no gaps.
  private int textBreaks;
  private boolean textSpace;

  // Inline state.
  private final List<Frame> frames = new ArrayList<>();
  private int boldDepth;
  private int italicDepth;
  private int strikeDepth;
  private int linkDepth;
  private int itemDepth;
  private final Deque<ListFrame> lists = new ArrayDeque<>();
  private String lastClose = ""; // the last inline closer written, to merge "**a****b**"
  private int lastCloseEnd = -1;

  RenderWalk(LinkResolver links, boolean inline, int tableDepth) {
    this.links = links;
    this.inline = inline;
    this.tableDepth = tableDepth;
  }

  Rendered run(Node node) {
    NodeTraversor.filter(this, node);
    return finish();
  }

  @Override
  public FilterResult head(Node node, int depth) {
    if (node instanceof TextNode t) {
      writeText(t.getWholeText());
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
      case "br" -> lineBreak();
      case "hr" -> {
        if (!inline) {
          blockBreak();
          emitToken("---", "");
          blockBreak();
        } else {
          space();
        }
      }
      case "img" -> {
        String alt = MarkdownRenderer.normalizeSpace(el.attr("alt"));
        if (!alt.isEmpty()) {
          writeText(alt);
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
        writeTable(el);
        return FilterResult.SKIP_ENTIRELY;
      }
      case "b", "strong" -> {
        if (++boldDepth == 1) {
          push(el, "**", "**");
        }
      }
      case "i", "em", "cite", "var", "dfn" -> {
        if (++italicDepth == 1) {
          push(el, "*", "*");
        }
      }
      case "s", "del", "strike" -> {
        if (++strikeDepth == 1) {
          push(el, "~~", "~~");
        }
      }
      case "a" -> openLink(el);
      case "ul", "ol", "dl" -> {
        blockBreak();
        lists.push(new ListFrame(name.equals("ol"), startOf(el)));
      }
      case "li" -> openItem(itemMarker());
      case "dd" -> openItem(": ");
      case "dt" -> {
        lineBreakBlock();
        if (++boldDepth == 1) {
          push(el, "**", "**");
        }
      }
      case "blockquote" -> {
        blockBreak();
        pushPrefix("> ");
      }
      case "h1", "h2", "h3", "h4", "h5", "h6" -> {
        blockBreak();
        if (headingAsBold()) {
          if (++boldDepth == 1) {
            push(el, "**", "**");
          }
        } else {
          push(el, "#".repeat(name.charAt(1) - '0') + " ", "");
        }
      }
      default -> {
        if (INLINE_CODE.contains(name)) {
          writeInlineCode(SafeText.strip(el.wholeText()));
          return FilterResult.SKIP_ENTIRELY;
        }
        if (BLOCKS.contains(name) || name.equals("tr")) {
          blockBreak();
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
      case "b", "strong" -> {
        pop(el);
        boldDepth--;
      }
      case "i", "em", "cite", "var", "dfn" -> {
        pop(el);
        italicDepth--;
      }
      case "s", "del", "strike" -> {
        pop(el);
        strikeDepth--;
      }
      case "a" -> {
        if (pop(el)) {
          linkDepth--;
        }
      }
      case "ul", "ol", "dl" -> {
        if (!lists.isEmpty()) {
          lists.pop();
        }
        blockBreak();
      }
      case "li", "dd" -> closeItem();
      case "dt" -> {
        pop(el);
        boldDepth--;
        lineBreakBlock();
      }
      case "blockquote" -> {
        popPrefix();
        blockBreak();
      }
      case "h1", "h2", "h3", "h4", "h5", "h6" -> {
        pop(el);
        if (headingAsBold()) {
          boldDepth--; // the state at tail equals the state at head: inner elements restored it
        }
        blockBreak();
      }
      default -> {
        if (BLOCKS.contains(name) || name.equals("tr")) {
          blockBreak();
        }
      }
    }
    return FilterResult.CONTINUE;
  }

  /** Headings inside table cells, list items and quotes are written as bold text. */
  private boolean headingAsBold() {
    return inline || itemDepth > 0 || !prefixes.isEmpty();
  }

  // --- inline frames --------------------------------------------------------------------------

  private void push(Node owner, String open, String close) {
    frames.add(new Frame(owner, open, close));
  }

  /** Closes the frame owned by {@code owner} if it is on top; true if there was one. */
  private boolean pop(Node owner) {
    if (frames.isEmpty() || frames.get(frames.size() - 1).owner != owner) {
      return false;
    }
    Frame f = frames.remove(frames.size() - 1);
    if (f.flushed) {
      out.append(f.close);
      lastClose = f.close;
      lastCloseEnd = out.length();
    }
    return true;
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
    push(el, "[", "](" + MarkdownEscapes.target(target.strip()) + ")");
  }

  /** Writes pending breaks, the line prefix or a pending space, then unflushed frame openers. */
  private void startContent() {
    if (inline) {
      if (pendingSpace && out.length() > 0) {
        out.append(' ');
        textSpace = true;
      }
      pendingSpace = false;
    } else {
      if (pendingBreaks > 0 && out.length() > 0) {
        String blank = commonPrefix(breakPrefix, joinedPrefix).stripTrailing();
        for (int i = 1; i < pendingBreaks; i++) {
          out.append('\n').append(blank);
        }
        out.append('\n');
        lineStart = true;
        textBreaks = Math.max(textBreaks, pendingBreaks);
      }
      pendingBreaks = 0;
      if (lineStart) {
        out.append(linePrefix());
        pendingMarker = null;
        lineStart = false;
        pendingSpace = false;
      } else if (pendingSpace) {
        out.append(' ');
        pendingSpace = false;
        textSpace = true;
      }
    }
    for (Frame f : frames) {
      if (!f.flushed) {
        if (f.open.equals(lastClose) && out.length() == lastCloseEnd && !f.open.equals("[")) {
          out.setLength(out.length() - lastClose.length()); // "**a****b**" → "**ab**"
        } else {
          out.append(f.open);
        }
        f.flushed = true;
      }
    }
  }

  /** Appends plain text after the breaks or the space the Markdown had before it. */
  private void appendText(String plain) {
    if (plain.isEmpty()) {
      return;
    }
    if (text.length() > 0) {
      if (textBreaks > 0) {
        text.append("\n".repeat(textBreaks));
      } else if (textSpace && text.charAt(text.length() - 1) != ' ') {
        text.append(' ');
      }
    }
    textBreaks = 0;
    textSpace = false;
    text.append(plain);
  }

  private String linePrefix() {
    if (pendingMarker == null) {
      return joinedPrefix;
    }
    int end = Math.min(joinedPrefix.length(), markerPrefixStart + markerPrefixLength);
    return joinedPrefix.substring(0, Math.min(markerPrefixStart, joinedPrefix.length()))
        + pendingMarker
        + joinedPrefix.substring(end);
  }

  private void writeText(String source) {
    String raw = SafeText.strip(source);
    if (raw.isEmpty()) {
      return;
    }
    String collapsed = Whitespace.collapse(raw);
    boolean leading = collapsed.charAt(0) == ' ';
    boolean trailing = collapsed.charAt(collapsed.length() - 1) == ' ';
    String core = collapsed.strip();
    if (core.isEmpty()) {
      space();
      return;
    }
    if (leading) {
      space();
    }
    if (pendingSpace && !leading && startsWithClosingPunctuation(core)) {
      // "word )" and "word ," are left behind when cleaning removed what stood between them
      // ("(listen)" links, citation markers); a browser would never have shown that space.
      pendingSpace = false;
    }
    boolean atStart = !inline && (lineStart || pendingBreaks > 0 || out.length() == 0);
    boolean framesToOpen = false;
    for (Frame f : frames) {
      framesToOpen |= !f.flushed;
    }
    startContent();
    out.append(MarkdownEscapes.text(core, atStart && !framesToOpen, linkDepth > 0, inline));
    appendText(core);
    if (trailing) {
      space();
    }
  }

  private static boolean startsWithClosingPunctuation(String s) {
    char c = s.charAt(0);
    return c == ')' || c == ',' || c == ';' || c == '.';
  }

  private void space() {
    if (out.length() > 0 && (inline || !lineStart)) {
      pendingSpace = true;
    }
  }

  /** Writes a literal token (already Markdown) as content, and its plain form beside it. */
  private void emitToken(String markdown, String plain) {
    startContent();
    out.append(markdown);
    appendText(plain);
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
    writeText(mapped);
    return FilterResult.SKIP_ENTIRELY;
  }

  // --- blocks ---------------------------------------------------------------------------------

  /** A paragraph-level break: a blank line, or a single newline inside list items. */
  private void blockBreak() {
    breakLines(itemDepth > 0 ? 1 : 2);
  }

  /** A break that starts a new line without a blank line. */
  private void lineBreakBlock() {
    breakLines(1);
  }

  private void lineBreak() {
    breakLines(1);
  }

  private void breakLines(int n) {
    if (inline) {
      space();
      return;
    }
    // Close flushed inline markers at the break; they reopen before the next text.
    for (int i = frames.size() - 1; i >= 0; i--) {
      Frame f = frames.get(i);
      if (f.flushed) {
        out.append(f.close);
        f.flushed = false;
      }
    }
    pendingSpace = false;
    if (out.length() > 0 || pendingMarker != null) {
      breakPrefix = pendingBreaks == 0 ? joinedPrefix : commonPrefix(breakPrefix, joinedPrefix);
      pendingBreaks = Math.max(pendingBreaks, n);
    }
  }

  private static String commonPrefix(String a, String b) {
    int n = 0;
    int max = Math.min(a.length(), b.length());
    while (n < max && a.charAt(n) == b.charAt(n)) {
      n++;
    }
    return a.substring(0, n);
  }

  private void pushPrefix(String prefix) {
    String effective = indentDepth < MarkdownRenderer.MAX_INDENT_DEPTH ? prefix : "";
    indentDepth++;
    prefixes.push(effective);
    joinedPrefix = joinedPrefix + effective;
  }

  private void popPrefix() {
    if (prefixes.isEmpty()) {
      return;
    }
    String p = prefixes.pop();
    indentDepth--;
    joinedPrefix = joinedPrefix.substring(0, joinedPrefix.length() - p.length());
  }

  // --- lists ----------------------------------------------------------------------------------

  private String itemMarker() {
    ListFrame list = lists.peek();
    if (list == null || !list.ordered) {
      return "- ";
    }
    return (list.next++) + ". ";
  }

  private void openItem(String marker) {
    if (inline) {
      // In a table cell, items become a comma-separated run: "R&B, soul, blues".
      ListFrame list = lists.peek();
      if (list != null && list.items++ > 0 && out.length() > 0) {
        pendingSpace = false;
        startContent();
        out.append(',');
        if (text.length() > 0) {
          text.append(',');
        }
      }
      space();
      itemDepth++;
      return;
    }
    if (pendingMarker != null) {
      startContent(); // an item with no text of its own before a nested item: write its marker
    }
    itemDepth++;
    lineBreakBlock();
    if (out.length() == 0) {
      pendingBreaks = 0;
    }
    markerPrefixStart = joinedPrefix.length();
    pushPrefix(" ".repeat(marker.length()));
    markerPrefixLength = prefixes.peek().length();
    pendingMarker = indentDepth <= MarkdownRenderer.MAX_INDENT_DEPTH ? marker : "";
    if (pendingMarker.isEmpty()) {
      pendingMarker = null;
    }
  }

  private void closeItem() {
    if (inline) {
      itemDepth = Math.max(0, itemDepth - 1);
      space();
      return;
    }
    pendingMarker = null;
    popPrefix();
    itemDepth = Math.max(0, itemDepth - 1);
    lineBreakBlock();
  }

  private static long startOf(Element list) {
    String start = list.attr("start").strip();
    if (!start.isEmpty() && start.length() <= 9) {
      try {
        return Math.max(0, Long.parseLong(start));
      } catch (NumberFormatException ignored) {
        // not a number: count from 1 like a browser
      }
    }
    return 1;
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
      emitToken(CodeFences.span(code), code);
    }
  }

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
    blockBreak();
    startContent();
    out.append(fence).append(CodeFences.language(pre));
    StringBuilder plain = new StringBuilder(code.length());
    for (String line : code.split("\n", -1)) {
      String trimmed = Whitespace.stripTrailing(line);
      out.append('\n').append(joinedPrefix).append(trimmed);
      plain.append(plain.length() > 0 ? "\n" : "").append(trimmed);
    }
    out.append('\n').append(joinedPrefix).append(fence);
    appendText(plain.toString());
    blockBreak();
  }

  // --- tables ---------------------------------------------------------------------------------

  private void writeTable(Element table) {
    if (tableDepth >= MarkdownRenderer.MAX_TABLE_DEPTH) {
      writeText(" " + table.text() + " "); // Element.text() walks iteratively
      return;
    }
    List<List<Element>> rows = new ArrayList<>();
    Element caption = null;
    for (Element child : table.children()) {
      String n = child.normalName();
      if (n.equals("tr")) {
        rows.add(cellElements(child));
      } else if (n.equals("thead") || n.equals("tbody") || n.equals("tfoot")) {
        for (Element tr : child.children()) {
          if (tr.nameIs("tr")) {
            rows.add(cellElements(tr));
          }
        }
      } else if (n.equals("caption") && caption == null) {
        caption = child;
      }
    }
    rows.removeIf(List::isEmpty);
    if (inline) {
      Rendered joined = TableLayout.inline(rendered(rows));
      if (!joined.markdown().isEmpty()) {
        space();
        emitToken(joined.markdown(), joined.text()); // cells are Markdown already: no escaping
        space();
      }
      return;
    }
    Rendered captionText = caption == null ? Rendered.EMPTY : cell(caption);
    if (rows.size() == 1 && rows.get(0).size() == 1) {
      // A layout wrapper: render the single cell's content as blocks.
      Rendered content = new RenderWalk(links, false, tableDepth + 1).run(rows.get(0).get(0));
      if (!captionText.markdown().isEmpty()) {
        TableLayout.Lines lines = new TableLayout.Lines();
        lines.add(TableLayout.bold(captionText.markdown()), captionText.text());
        emitLines(lines);
      }
      if (!content.markdown().isEmpty()) {
        emitBlock(content);
      }
      return;
    }
    emitLines(TableLayout.block(captionText, rendered(rows)));
  }

  private void emitLines(TableLayout.Lines lines) {
    if (lines.markdown().isEmpty()) {
      return;
    }
    blockBreak();
    startContent();
    List<String> md = lines.markdown();
    out.append(md.get(0));
    for (int i = 1; i < md.size(); i++) {
      out.append('\n').append(joinedPrefix).append(md.get(i));
    }
    appendText(String.join("\n", lines.text()));
    blockBreak();
  }

  /** A nested block rendering, its lines carrying this walk's prefix. */
  private void emitBlock(Rendered content) {
    blockBreak();
    startContent();
    String[] md = content.markdown().split("\n", -1);
    out.append(md[0]);
    for (int i = 1; i < md.length; i++) {
      out.append('\n').append(joinedPrefix).append(md[i]);
    }
    appendText(content.text());
    blockBreak();
  }

  private static List<Element> cellElements(Element tr) {
    List<Element> cells = new ArrayList<>();
    for (Element c : tr.children()) {
      if ((c.nameIs("td") || c.nameIs("th")) && !isHidden(c)) {
        cells.add(c);
      }
    }
    return cells;
  }

  private List<List<TableLayout.Cell>> rendered(List<List<Element>> rows) {
    List<List<TableLayout.Cell>> out = new ArrayList<>(rows.size());
    for (List<Element> row : rows) {
      List<TableLayout.Cell> cells = new ArrayList<>(row.size());
      for (Element c : row) {
        cells.add(new TableLayout.Cell(cell(c), c.nameIs("th"),
            TableLayout.span(c.attr("colspan")), TableLayout.span(c.attr("rowspan"))));
      }
      out.add(cells);
    }
    return out;
  }

  private Rendered cell(Element cell) {
    if (tableDepth >= MarkdownRenderer.MAX_TABLE_DEPTH) {
      String plain = MarkdownRenderer.normalizeSpace(SafeText.strip(cell.text()));
      return new Rendered(plain.replace("|", "\\|"), plain);
    }
    return new RenderWalk(links, true, tableDepth + 1).run(cell);
  }

  // --- finishing ------------------------------------------------------------------------------

  private Rendered finish() {
    for (int i = frames.size() - 1; i >= 0; i--) {
      Frame f = frames.get(i);
      if (f.flushed) {
        out.append(f.close);
      }
    }
    frames.clear();
    if (inline) {
      return new Rendered(out.toString().strip(), text.toString().strip());
    }
    return new Rendered(Whitespace.trimLines(out.toString()), Whitespace.trimLines(text.toString()));
  }
}
