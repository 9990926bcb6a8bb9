package org.corpusmcp.markdown;

import java.util.Objects;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.nodes.Node;

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
 *       holds backticks); {@code pre} → a fenced block with the language from {@code
 *       data-language}, or a class {@code lang-X}, {@code language-X}, {@code mw-highlight-lang-X},
 *       {@code highlight-X} or {@code sourceCode X} on the {@code pre}, its {@code code} child or
 *       its parent.
 *   <li>{@code ul}/{@code ol} (with {@code start}) → {@code "- "} / {@code "1. "} items, nested
 *       lists indented by the parent marker's width; {@code dl} → {@code **term**} lines and {@code
 *       ": definition"} lines; {@code blockquote} → {@code "> "} lines; {@code hr} → {@code ---};
 *       {@code br} → a line break.
 *   <li>Tables → pipe tables (first row is the header, {@code colspan} written as empty cells, a
 *       {@code rowspan} cell repeated in every row it covers, cells flattened to one line, {@code
 *       |} escaped). A table whose rows are all key/value pairs ({@code th}+{@code td}, like an
 *       infobox) → {@code "- **Key**: value"} lines, with single-cell rows as {@code **Header**} or
 *       plain lines. A one-cell table → its content. Tables nested deeper than {@value
 *       #MAX_TABLE_DEPTH} are flattened to text.
 *   <li>{@code a[href]} → {@code [text](target)} where the target is what the {@link LinkResolver}
 *       answers; {@code null} keeps the text only. Links inside links and links with an empty
 *       {@code href} keep their text only (the resolver is not asked).
 *   <li>{@code sub}/{@code sup} holding digits and signs → Unicode script digits ({@code km²},
 *       {@code O₂}, {@code 10⁻³}); other superscript formulas → {@code ^(n+m)}; words run in
 *       ({@code 19th}).
 *   <li>{@code img} → its {@code alt} text (never the source, so {@code data:} URIs never appear);
 *       {@code svg}, {@code math}, media, form controls, {@code script}, {@code style}, {@code
 *       template}, comments and elements hidden with {@code hidden} or {@code style="display:none"}
 *       → nothing.
 * </ul>
 *
 * <p>Text: whitespace runs (including no-break spaces) collapse to one space; lines carry no
 * trailing spaces; the output has no leading or trailing blank lines and never three newlines in a
 * row outside code blocks. Markdown-significant characters in text are escaped only where they
 * would change the structure: {@code *}, {@code `} and {@code [} everywhere (so text cannot open a
 * link or an image of its own), {@code <} before a letter, {@code /}, {@code !} or {@code ?} (so no
 * tag-like markup or autolink survives), {@code ]} inside link text, and {@code # > - + = |} or
 * {@code 1.} at the start of a line. Control characters, bidi overrides, zero-width spaces and soft
 * hyphens are removed ({@link SafeText}).
 *
 * <p><b>Plain text.</b> {@link #renderBoth} returns, from the same walk, the plain text of the same
 * content ({@link Rendered#text()}): no markers, prefixes or escapes, link text without targets,
 * code without fences, table cells separated by tabs. Search snippets, section hints and word lists
 * are made from it, so no one has to strip Markdown again.
 *
 * <p><b>Version.</b> {@link #RENDERING} names this rendering; it changes with any change to the
 * output, so a {@code content_hash} taken from a fetch can be checked against the rendering it
 * covers.
 *
 * <p>The walk ({@code RenderWalk}) is iterative (jsoup's {@code NodeTraversor}); only table cells
 * are rendered by a nested walk, bounded by {@value #MAX_TABLE_DEPTH}, and indentation stops
 * growing after {@value #MAX_INDENT_DEPTH} levels, so deeply nested hostile HTML cannot overflow
 * the stack or blow up the output. Instances are immutable and thread-safe; the input tree is not
 * modified.
 */
public final class MarkdownRenderer {

  /**
   * The rendering's name and version, reported by fetch beside every {@code content_hash}. Bump the
   * number with any change to the Markdown or plain text this renderer writes for the same input: a
   * hash recorded under one version is only checkable against the same version. The build holds
   * this: {@code RenderingVersionTest} fails with "rendering changed: bump RENDERING and re-record"
   * when the output on real pages differs from the digest recorded for this name in {@code
   * markdown/rendering/digest.txt}.
   */
  public static final String RENDERING = "corpus-mcp-markdown/2";

  /** Tables nested deeper than this inside table cells are flattened to plain text. */
  public static final int MAX_TABLE_DEPTH = 3;

  /** List and blockquote nesting beyond this depth adds no further indentation. */
  public static final int MAX_INDENT_DEPTH = 8;

  private static final MarkdownRenderer STANDARD = new MarkdownRenderer();

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
    return renderBoth(node, links).markdown();
  }

  /**
   * Renders {@code node} as Markdown and as plain text in one walk.
   *
   * <pre>{@code
   * renderer.renderBoth(p, LinkResolver.keepAsIs());  // ("A **bold** [link](X).", "A bold link.")
   * }</pre>
   */
  public Rendered renderBoth(Node node, LinkResolver links) {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(links, "links");
    return new RenderWalk(links, false, 0).run(node);
  }

  /**
   * Renders {@code node} as one line of inline Markdown: blocks, list items and line breaks become
   * single spaces (as in a table cell).
   */
  public String renderInline(Node node, LinkResolver links) {
    return renderInlineBoth(node, links).markdown();
  }

  /** {@link #renderInline}, with the line's plain text beside it. */
  public Rendered renderInlineBoth(Node node, LinkResolver links) {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(links, "links");
    return new RenderWalk(links, true, 0).run(node);
  }

  /** Whitespace collapsed the way the renderer collapses text, trimmed. */
  public static String normalizeSpace(String text) {
    return Whitespace.collapse(text).strip();
  }
}
