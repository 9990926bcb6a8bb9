package org.corpusmcp.markdown;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.jspecify.annotations.Nullable;

/**
 * The one shared, deterministic HTML → Markdown renderer. Every corpus family renders through it,
 * so headings, lists, code, tables and links look the same everywhere and a fingerprint of the
 * rendered text is stable: the same input gives byte-identical output on every run and thread.
 *
 * <p>What it writes (GitHub-flavoured Markdown, chosen to be readable as plain text):
 *
 * <ul>
 *   <li>{@code p}, {@code div} and other blocks → paragraphs separated by one blank line; inside
 *       list items, blocks are separated by a single newline (tight lists).
 *   <li>{@code h1}–{@code h6} met inside content → ATX headings {@code "### Title"} (bold text
 *       inside lists and table cells). Section headings are normally cut out before rendering by
 *       {@link HtmlSectionizer}.
 *   <li>{@code b}/{@code strong} → {@code **x**}; {@code i}/{@code em}/{@code cite}/{@code var} →
 *       {@code *x*}; {@code s}/{@code del}/{@code strike} → {@code ~~x~~}. Nested emphasis of the
 *       same kind is written once; whitespace moves outside the markers ({@code <b> x </b>} →
 *       {@code " **x** "}); empty emphasis disappears.
 *   <li>{@code code}/{@code kbd}/{@code samp}/{@code tt} → {@code `x`} (a longer fence if the code
 *       holds backticks); {@code pre} → a fenced block with the language from
 *       {@code data-language}, or a class {@code lang-X}, {@code language-X},
 *       {@code mw-highlight-lang-X}, {@code highlight-X} or {@code sourceCode X} on the
 *       {@code pre}, its {@code code} child or its parent.
 *   <li>{@code ul}/{@code ol} (with {@code start}) → {@code "- "} / {@code "1. "} items, nested
 *       lists indented by the parent marker's width; {@code dl} → {@code **term**} lines and
 *       {@code ": definition"} lines; {@code blockquote} → {@code "> "} lines; {@code hr} →
 *       {@code ---}; {@code br} → a line break.
 *   <li>Tables → pipe tables (first row is the header, {@code colspan} repeated as empty cells,
 *       cells flattened to one line, {@code |} escaped). A table whose rows are all key/value pairs
 *       ({@code th}+{@code td}, like an infobox) → {@code "- **Key**: value"} lines, with
 *       single-cell rows as {@code **Header**} or plain lines. A one-cell table → its content.
 *       Tables nested deeper than {@value #MAX_TABLE_DEPTH} are flattened to text.
 *   <li>{@code a[href]} → {@code [text](target)} where the target is what the {@link LinkResolver}
 *       answers; {@code null} keeps the text only. Links inside links and links with an empty
 *       {@code href} keep their text only (the resolver is not asked).
 *   <li>{@code img} → its {@code alt} text (never the source, so {@code data:} URIs never appear);
 *       {@code svg}, {@code math}, media, form controls, {@code script}, {@code style},
 *       {@code template}, comments and elements hidden with {@code hidden} or
 *       {@code style="display:none"} → nothing.
 * </ul>
 *
 * <p>Text: whitespace runs (including no-break spaces) collapse to one space; lines carry no
 * trailing spaces; the output has no leading or trailing blank lines and never three newlines in a
 * row outside code blocks. Markdown-significant characters in text are escaped only where they
 * would change the structure: {@code *}, {@code `} and {@code [} everywhere (so text cannot open a
 * link or an image of its own), {@code <} before a letter, {@code /}, {@code !} or {@code ?} (so
 * no tag-like markup or autolink survives), {@code ]} inside link text, and {@code # > - + = |} or
 * {@code 1.} at the start of a line. Control characters and bidi overrides are removed
 * ({@link SafeText}).
 *
 * <p>The walk is iterative ({@link NodeTraversor}); only table cells are rendered by a nested walk,
 * bounded by {@value #MAX_TABLE_DEPTH}, and indentation stops growing after {@value
 * #MAX_INDENT_DEPTH} levels, so deeply nested hostile HTML cannot overflow the stack or blow up the
 * output. Instances are immutable and thread-safe; the input tree is not modified.
 */
public final class MarkdownRenderer {

  /** Tables nested deeper than this inside table cells are flattened to plain text. */
  public static final int MAX_TABLE_DEPTH = 3;

  /** List and blockquote nesting beyond this depth adds no further indentation. */
  public static final int MAX_INDENT_DEPTH = 8;

  private static final MarkdownRenderer STANDARD = new MarkdownRenderer();

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

  private static final Pattern LANGUAGE_CLASS =
      Pattern.compile(
          "^(?:lang|language|mw-highlight-lang|highlight|source)-([A-Za-z0-9_+#.-]{1,32})$");

  private static final Pattern ORDERED_AT_START = Pattern.compile("^(\\d{1,9})([.)])(\\s|$)");

  private MarkdownRenderer() {}

  /** The renderer. Stateless, so one instance serves every caller. */
  public static MarkdownRenderer standard() {
    return STANDARD;
  }

  /**
   * Renders {@code node} (itself included) and everything below it.
   *
   * <pre>{@code
   * Element p = Jsoup.parseBodyFragment("<p>A <b>bold</b> <a href='X'>link</a>.</p>").body();
   * renderer.render(p, LinkResolver.keepAsIs());  // "A **bold** [link](X)."
   * }</pre>
   *
   * @param links decides every link target; see {@link LinkResolver}
   * @return Markdown without leading or trailing blank lines; "" when there is no visible content
   */
  public String render(Node node, LinkResolver links) {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(links, "links");
    return new Run(links, false, 0).run(node);
  }

  /**
   * Renders {@code node} as one line of inline Markdown: blocks, list items and line breaks become
   * single spaces (as in a table cell).
   */
  public String renderInline(Node node, LinkResolver links) {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(links, "links");
    return new Run(links, true, 0).run(node);
  }

  /** Whitespace collapsed the way the renderer collapses text, trimmed. */
  public static String normalizeSpace(String text) {
    return collapse(text).strip();
  }

  /**
   * Runs of whitespace (ASCII whitespace, no-break and other Unicode spaces, line and paragraph
   * separators) replaced by one space. A loop, not a regex: this runs on every text node.
   */
  static String collapse(String text) {
    int n = text.length();
    boolean needed = false;
    for (int i = 0; i < n && !needed; i++) {
      char c = text.charAt(i);
      needed = isSpace(c) && (c != ' ' || (i + 1 < n && isSpace(text.charAt(i + 1))));
    }
    if (!needed) {
      return text; // the common case: words separated by single plain spaces
    }
    StringBuilder sb = new StringBuilder(n);
    boolean previousSpace = false;
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (isSpace(c)) {
        if (!previousSpace) {
          sb.append(' ');
        }
        previousSpace = true;
      } else {
        sb.append(c);
        previousSpace = false;
      }
    }
    return sb.toString();
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000B'
        || c == '\u00A0' || c == '\u1680' || (c >= '\u2000' && c <= '\u200A') || c == '\u2028'
        || c == '\u2029' || c == '\u202F' || c == '\u205F' || c == '\u3000';
  }

  // ---------------------------------------------------------------------------------------------

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

  /** The state of one render call. */
  private static final class Run implements NodeFilter {
    private final LinkResolver links;
    private final boolean inline;
    private final int tableDepth;
    private final StringBuilder out = new StringBuilder();

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

    Run(LinkResolver links, boolean inline, int tableDepth) {
      this.links = links;
      this.inline = inline;
      this.tableDepth = tableDepth;
    }

    String run(Node node) {
      NodeTraversor.filter(this, node);
      return finish();
    }

    @Override
    public FilterResult head(Node node, int depth) {
      if (node instanceof TextNode text) {
        writeText(text.getWholeText());
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
            emitToken("---");
            blockBreak();
          } else {
            space();
          }
        }
        case "img" -> {
          String alt = normalizeSpace(el.attr("alt"));
          if (!alt.isEmpty()) {
            writeText(alt);
          }
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
        case "li" -> openItem(el, itemMarker());
        case "dd" -> openItem(el, ": ");
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
      push(el, "[", "](" + escapeTarget(target.strip()) + ")");
    }

    /** Writes pending breaks, the line prefix or a pending space, then unflushed frame openers. */
    private void startContent() {
      if (inline) {
        if (pendingSpace && out.length() > 0) {
          out.append(' ');
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
      String text = collapse(raw);
      boolean leading = text.charAt(0) == ' ';
      boolean trailing = text.charAt(text.length() - 1) == ' ';
      String core = text.strip();
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
      out.append(escape(core, atStart && !framesToOpen));
      if (trailing) {
        space();
      }
    }

    private static boolean startsWithClosingPunctuation(String text) {
      char c = text.charAt(0);
      return c == ')' || c == ',' || c == ';' || c == '.';
    }

    private void space() {
      if (out.length() > 0 && (inline || !lineStart)) {
        pendingSpace = true;
      }
    }

    /** Writes a literal token (already Markdown) as content. */
    private void emitToken(String token) {
      startContent();
      out.append(token);
    }

    private String escape(String text, boolean atLineStart) {
      StringBuilder sb = new StringBuilder(text.length() + 8);
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        switch (c) {
          case '*', '`' -> sb.append('\\').append(c);
          case '<' -> {
            char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
            if (Character.isLetter(next) || next == '/' || next == '!' || next == '?') {
              sb.append('\\');
            }
            sb.append(c);
          }
          // Every '[' of text is escaped, so no link, image or reference definition can start
          // in it: "[click me](javascript:…)" or "![x](data:…)" in a page stays text, and the
          // only live links are the renderer's own, from an <a href> the LinkResolver accepted.
          case '[' -> sb.append("\\[");
          case ']' -> {
            if (linkDepth > 0) {
              sb.append('\\');
            }
            sb.append(c);
          }
          case '|' -> {
            if (inline) {
              sb.append('\\');
            }
            sb.append(c);
          }
          default -> sb.append(c);
        }
      }
      if (atLineStart && sb.length() > 0) {
        char first = sb.charAt(0);
        if (first == '#' || first == '>' || first == '=' || first == '|'
            || ((first == '-' || first == '+') && (sb.length() == 1 || sb.charAt(1) == ' '))) {
          sb.insert(0, '\\');
        } else {
          Matcher m = ORDERED_AT_START.matcher(sb);
          if (m.find()) {
            sb.insert(m.end(1), '\\');
          }
        }
      }
      return sb.toString();
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
      String effective = indentDepth < MAX_INDENT_DEPTH ? prefix : "";
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

    private String itemMarker() {
      ListFrame list = lists.peek();
      if (list == null || !list.ordered) {
        return "- ";
      }
      return (list.next++) + ". ";
    }

    private void openItem(Element el, String marker) {
      if (inline) {
        // In a table cell, items become a comma-separated run: "R&B, soul, blues".
        ListFrame list = lists.peek();
        if (list != null && list.items++ > 0 && out.length() > 0) {
          pendingSpace = false;
          startContent();
          out.append(',');
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
      pendingMarker = indentDepth <= MAX_INDENT_DEPTH ? marker : "";
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

    private static boolean isHidden(Element el) {
      if (el.hasAttr("hidden")) {
        return true;
      }
      String style = el.attr("style");
      return !style.isEmpty() && DISPLAY_NONE.matcher(style).find();
    }

    // --- code -----------------------------------------------------------------------------------

    private void writeInlineCode(String raw) {
      String code = normalizeSpace(raw);
      if (code.isEmpty()) {
        return;
      }
      String fence = "`".repeat(longestRun(code, '`') + 1);
      boolean pad = code.startsWith("`") || code.endsWith("`");
      emitToken(fence + (pad ? " " : "") + code + (pad ? " " : "") + fence);
    }

    private void writeCodeBlock(Element pre) {
      if (inline) {
        writeInlineCode(SafeText.strip(pre.wholeText()));
        return;
      }
      String code = SafeText.strip(pre.wholeText().replace("\r\n", "\n").replace('\r', '\n'));
      code = stripBlankEdges(code);
      if (code.isBlank()) {
        return;
      }
      String fence = "`".repeat(Math.max(3, longestRun(code, '`') + 1));
      blockBreak();
      startContent();
      out.append(fence).append(language(pre));
      for (String line : code.split("\n", -1)) {
        out.append('\n').append(joinedPrefix).append(stripTrailing(line));
      }
      out.append('\n').append(joinedPrefix).append(fence);
      blockBreak();
    }

    private static String language(Element pre) {
      String lang = pre.attr("data-language").strip();
      if (!lang.isEmpty() && lang.length() <= 32 && lang.matches("[A-Za-z0-9_+#.-]+")) {
        return lang.toLowerCase(Locale.ROOT);
      }
      List<Element> candidates = new ArrayList<>(3);
      candidates.add(pre);
      Element code = pre.firstElementChild();
      if (code != null && code.nameIs("code")) {
        candidates.add(code);
      }
      Element parent = pre.parent();
      if (parent != null) {
        candidates.add(parent);
      }
      for (Element el : candidates) {
        List<String> classes = new ArrayList<>(el.classNames());
        for (int i = 0; i < classes.size(); i++) {
          String cls = classes.get(i);
          Matcher m = LANGUAGE_CLASS.matcher(cls);
          if (m.matches()) {
            return m.group(1).toLowerCase(Locale.ROOT);
          }
          if (cls.equals("sourceCode") && i + 1 < classes.size()) {
            return classes.get(i + 1).toLowerCase(Locale.ROOT);
          }
        }
      }
      return "";
    }

    // --- tables ---------------------------------------------------------------------------------

    private void writeTable(Element table) {
      if (tableDepth >= MAX_TABLE_DEPTH) {
        writeText(" " + table.text() + " "); // Element.text() walks iteratively
        return;
      }
      List<List<Element>> rows = new ArrayList<>();
      Element caption = null;
      for (Element child : table.children()) {
        String n = child.normalName();
        if (n.equals("tr")) {
          rows.add(cells(child));
        } else if (n.equals("thead") || n.equals("tbody") || n.equals("tfoot")) {
          for (Element tr : child.children()) {
            if (tr.nameIs("tr")) {
              rows.add(cells(tr));
            }
          }
        } else if (n.equals("caption") && caption == null) {
          caption = child;
        }
      }
      rows.removeIf(List::isEmpty);
      List<String> lines = new ArrayList<>();
      String captionText = caption == null ? "" : cell(caption);
      if (!captionText.isEmpty()) {
        lines.add(bold(captionText));
      }
      if (inline) {
        writeInlineTable(rows);
        return;
      }
      if (rows.size() == 1 && rows.get(0).size() == 1) {
        // A layout wrapper: render the single cell's content as blocks.
        String content = new Run(links, false, tableDepth + 1).run(rows.get(0).get(0));
        emitLines(lines);
        if (!content.isEmpty()) {
          emitLines(List.of(content.split("\n", -1)));
        }
        return;
      }
      if (isKeyValue(rows)) {
        keyValueLines(rows, lines);
      } else {
        pipeLines(rows, lines);
      }
      emitLines(lines);
    }

    /**
     * A table inside a table cell cannot be a pipe table: its cells are joined with {@code ", "}
     * and its rows with {@code "; "} ({@code key: value} for key/value rows).
     */
    private void writeInlineTable(List<List<Element>> rows) {
      boolean keyValue = isKeyValue(rows);
      List<String> parts = new ArrayList<>();
      for (List<Element> row : rows) {
        List<String> cells = new ArrayList<>();
        for (Element c : row) {
          String text = cell(c);
          if (!text.isEmpty()) {
            cells.add(text);
          }
        }
        if (!cells.isEmpty()) {
          parts.add(keyValue && cells.size() == 2
              ? cells.get(0) + keySeparator(cells.get(0)) + cells.get(1)
              : String.join(", ", cells));
        }
      }
      if (!parts.isEmpty()) {
        space();
        emitToken(String.join("; ", parts)); // cells are Markdown already: no second escaping
        space();
      }
    }

    private void emitLines(List<String> lines) {
      if (lines.isEmpty()) {
        return;
      }
      blockBreak();
      startContent();
      out.append(lines.get(0));
      for (int i = 1; i < lines.size(); i++) {
        out.append('\n').append(joinedPrefix).append(lines.get(i));
      }
      blockBreak();
    }

    private static List<Element> cells(Element tr) {
      List<Element> cells = new ArrayList<>();
      for (Element c : tr.children()) {
        if ((c.nameIs("td") || c.nameIs("th")) && !isHidden(c)) {
          cells.add(c);
        }
      }
      return cells;
    }

    private String cell(Element cell) {
      if (tableDepth >= MAX_TABLE_DEPTH) {
        return normalizeSpace(SafeText.strip(cell.text())).replace("|", "\\|");
      }
      return new Run(links, true, tableDepth + 1).run(cell);
    }

    private static boolean isKeyValue(List<List<Element>> rows) {
      int pairs = 0;
      for (List<Element> row : rows) {
        if (row.size() > 2) {
          return false;
        }
        if (row.size() == 2) {
          boolean th0 = row.get(0).nameIs("th");
          boolean th1 = row.get(1).nameIs("th");
          if (th1) {
            return false;
          }
          if (th0) {
            pairs++;
          }
        }
      }
      return pairs > 0;
    }

    private void keyValueLines(List<List<Element>> rows, List<String> lines) {
      for (List<Element> row : rows) {
        if (row.size() == 1) {
          String text = cell(row.get(0));
          if (!text.isEmpty()) {
            lines.add(row.get(0).nameIs("th") ? bold(text) : text);
          }
        } else {
          String key = cell(row.get(0));
          String value = cell(row.get(1));
          if (key.isEmpty() && value.isEmpty()) {
            continue;
          }
          if (key.isEmpty()) {
            lines.add("- " + value);
          } else if (row.get(0).nameIs("th")) {
            lines.add("- " + bold(key) + keySeparator(key) + value);
          } else {
            lines.add("- " + key + keySeparator(key) + value);
          }
        }
      }
    }

    /** Wraps rendered Markdown in {@code **…**} unless it already holds bold text. */
    private static String bold(String markdown) {
      return markdown.contains("**") ? markdown : "**" + markdown + "**";
    }

    /** {@code ": "}, or just a space when the key already ends with a colon ("Chinese:"). */
    private static String keySeparator(String key) {
      return key.endsWith(":") || key.endsWith("：") ? " " : ": ";
    }

    private void pipeLines(List<List<Element>> rows, List<String> lines) {
      List<List<String>> grid = new ArrayList<>();
      int width = 0;
      for (List<Element> row : rows) {
        List<String> texts = new ArrayList<>();
        boolean any = false;
        for (Element c : row) {
          String text = cell(c);
          any |= !text.isEmpty();
          texts.add(text);
          int span = spanOf(c);
          for (int i = 1; i < span && texts.size() < 100; i++) {
            texts.add("");
          }
        }
        if (any) {
          grid.add(texts);
          width = Math.max(width, Math.min(100, texts.size()));
        }
      }
      if (grid.isEmpty()) {
        return;
      }
      for (int r = 0; r < grid.size(); r++) {
        List<String> row = grid.get(r);
        StringBuilder line = new StringBuilder("|");
        for (int c = 0; c < width; c++) {
          String text = c < row.size() ? row.get(c) : "";
          line.append(text.isEmpty() ? " " : " " + text + " ").append('|');
        }
        lines.add(line.toString());
        if (r == 0) {
          lines.add("|" + " --- |".repeat(width));
        }
      }
    }

    private static int spanOf(Element cell) {
      String span = cell.attr("colspan").strip();
      if (span.isEmpty() || span.length() > 3) {
        return 1;
      }
      try {
        return Math.max(1, Math.min(50, Integer.parseInt(span)));
      } catch (NumberFormatException e) {
        return 1;
      }
    }

    // --- finishing ------------------------------------------------------------------------------

    private String finish() {
      for (int i = frames.size() - 1; i >= 0; i--) {
        Frame f = frames.get(i);
        if (f.flushed) {
          out.append(f.close);
        }
      }
      frames.clear();
      if (inline) {
        return out.toString().strip();
      }
      String[] lines = out.toString().split("\n", -1);
      StringBuilder sb = new StringBuilder(out.length());
      for (String line : lines) {
        sb.append(stripTrailing(line)).append('\n');
      }
      return stripBlankEdges(sb.toString());
    }

    private static String stripTrailing(String line) {
      int end = line.length();
      while (end > 0 && (line.charAt(end - 1) == ' ' || line.charAt(end - 1) == '\t')) {
        end--;
      }
      return line.substring(0, end);
    }

    /** Drops blank lines at both ends and the final newline. */
    private static String stripBlankEdges(String text) {
      String[] lines = text.split("\n", -1);
      int first = 0;
      while (first < lines.length && lines[first].isBlank()) {
        first++;
      }
      int last = lines.length - 1;
      while (last >= first && lines[last].isBlank()) {
        last--;
      }
      if (first > last) {
        return "";
      }
      StringBuilder sb = new StringBuilder();
      for (int i = first; i <= last; i++) {
        if (i > first) {
          sb.append('\n');
        }
        sb.append(lines[i]);
      }
      return sb.toString();
    }

    private static int longestRun(String s, char c) {
      int best = 0;
      int run = 0;
      for (int i = 0; i < s.length(); i++) {
        run = s.charAt(i) == c ? run + 1 : 0;
        best = Math.max(best, run);
      }
      return best;
    }

    private static String escapeTarget(String target) {
      StringBuilder sb = new StringBuilder(target.length());
      int depth = 0;
      boolean balanced = true;
      for (int i = 0; i < target.length(); i++) {
        char c = target.charAt(i);
        if (c == '(') {
          depth++;
        } else if (c == ')' && --depth < 0) {
          balanced = false;
        }
      }
      balanced &= depth == 0;
      for (int i = 0; i < target.length(); i++) {
        char c = target.charAt(i);
        if (c > 0x7F && SafeText.isUnsafe(c)) {
          continue; // a bidi override or C1 control hides where a link really goes
        }
        if (Character.isWhitespace(c) || Character.isISOControl(c)) {
          sb.append(String.format("%%%02X", (int) c & 0xFF));
        } else if (c == '<' || c == '>') {
          sb.append(c == '<' ? "%3C" : "%3E");
        } else if ((c == '(' || c == ')') && !balanced) {
          sb.append('\\').append(c);
        } else {
          sb.append(c);
        }
      }
      return sb.toString();
    }
  }
}
