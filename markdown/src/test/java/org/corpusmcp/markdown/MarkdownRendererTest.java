package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** Hand-written HTML in, hand-checked Markdown out: one behaviour per test. */
class MarkdownRendererTest {

  private static final MarkdownRenderer R = MarkdownRenderer.standard();

  private static String md(String html) {
    return md(html, LinkResolver.keepAsIs());
  }

  private static String md(String html, LinkResolver links) {
    Element body = Jsoup.parseBodyFragment(html).body();
    return R.render(body, links);
  }

  @Test
  void paragraphsAreSeparatedByOneBlankLineAndWhitespaceCollapses() {
    assertEquals("One two.\n\nThree.", md("<p>  One\n\t two. </p>\n\n<p>Three.</p>"));
  }

  @Test
  void noBreakSpacesBecomeSpaces() {
    assertEquals("(aged 73)", md("<p>(aged<span>&nbsp;</span>73)</p>"));
  }

  @Test
  void aSpaceLeftBeforeClosingPunctuationByRemovedContentIsDropped() {
    assertEquals(
        "(word), more.", md("<p>(<span>word</span> <span></span>), more<span> </span>.</p>"));
    assertEquals("keeps a ) typed in one text node", md("<p>keeps a ) typed in one text node</p>"));
  }

  @Test
  void emphasisKeepsWhitespaceOutsideTheMarkers() {
    assertEquals("a **b** *c* d", md("<p>a<b> b </b><i>c </i>d</p>"));
    assertEquals("x y", md("<p>x <b> </b>y</p>"), "empty emphasis disappears");
    assertEquals("**bold italic**", md("<p><b><strong>bold <b>italic</b></strong></b></p>"));
    assertEquals("~~gone~~", md("<p><del>gone</del></p>"));
  }

  @Test
  void adjacentEmphasisMerges() {
    assertEquals("**A^** note", md("<p><b>A</b><b>^</b> note</p>"));
    assertEquals("**A** **B**", md("<p><b>A</b> <b>B</b></p>"));
  }

  @Test
  void captionsAndHeaderCellsAreNotBoldedTwice() {
    assertEquals(
        "**Poem**\n| a | b |\n| --- | --- |",
        md("<table><caption><b>Poem</b></caption><tr><td>a</td><td>b</td></tr></table>"));
  }

  @Test
  void emphasisIsClosedAndReopenedAcrossBlocks() {
    assertEquals("**a**\n\n**b**", md("<b><p>a</p><p>b</p></b>"));
  }

  @Test
  void headingsInsideContentAreAtxHeadings() {
    assertEquals("### Sub\n\nText", md("<h3>Sub</h3><p>Text</p>"));
  }

  @Test
  void inlineCodeUsesALongerFenceWhenTheCodeHasBackticks() {
    assertEquals("Call `f(x)` now", md("<p>Call <code>f(x)</code> now</p>"));
    assertEquals("``a`b``", md("<p><code>a`b</code></p>"));
    assertEquals("`` `x` ``", md("<p><code>`x`</code></p>"));
  }

  @Test
  void codeBlocksAreFencedWithTheirLanguage() {
    assertEquals(
        "```python\nif x:\n    pass\n```",
        md("<pre data-language=\"python\">if x:\n    pass\n</pre>"));
    assertEquals(
        "```cpp\nint x;\n```",
        md("<div class=\"mw-highlight mw-highlight-lang-cpp\"><pre>int x;</pre></div>"));
    assertEquals(
        "```cs\nvar x;\n```", md("<pre class=\"lang-cs s-code-block\"><code>var x;</code></pre>"));
    assertEquals("```\nplain\n```", md("<pre>plain</pre>"));
    assertEquals("````\n```\n````", md("<pre>```</pre>"), "fence longer than any run inside");
  }

  @Test
  void listsNestAndCount() {
    assertEquals(
        "- a\n- b\n  - b1\n  - b2\n- c",
        md("<ul><li>a</li><li>b<ul><li>b1</li><li>b2</li></ul></li><li>c</li></ul>"));
    assertEquals("3. x\n4. y", md("<ol start=\"3\"><li>x</li><li>y</li></ol>"));
    assertEquals("1. one\n   - inner", md("<ol><li>one<ul><li>inner</li></ul></li></ol>"));
  }

  @Test
  void listsAreSeparatedFromParagraphs() {
    assertEquals("Before\n\n- a\n\nAfter", md("<p>Before</p><ul><li>a</li></ul><p>After</p>"));
  }

  @Test
  void paragraphsInsideListItemsStayTight() {
    assertEquals("- p1\n  p2", md("<ul><li><p>p1</p><p>p2</p></li></ul>"));
  }

  @Test
  void definitionLists() {
    assertEquals("**Term**\n: Meaning", md("<dl><dt>Term</dt><dd>Meaning</dd></dl>"));
    assertEquals(": indented", md("<dl><dd>indented</dd></dl>"));
  }

  @Test
  void blockquotesPrefixEveryLine() {
    assertEquals("> one\n>\n> two", md("<blockquote><p>one</p><p>two</p></blockquote>"));
  }

  @Test
  void theBlankLineBeforeAndAfterAQuoteBelongsToNeither() {
    assertEquals("a\n\n> b\n\nc", md("<p>a</p><blockquote><p>b</p></blockquote><p>c</p>"));
  }

  @Test
  void pipeTablesUseTheFirstRowAsHeader() {
    String html =
        "<table><tr><th>Year</th><th>Title</th></tr>"
            + "<tr><td>1961</td><td><i>Swingin' Along</i></td></tr>"
            + "<tr><td colspan=\"2\">both | columns</td></tr></table>";
    assertEquals(
        "| Year | Title |\n| --- | --- |\n| 1961 | *Swingin' Along* |\n" + "| both \\| columns | |",
        md(html));
  }

  @Test
  void keyValueTablesBecomeKeyValueLines() {
    String html =
        "<table class=\"infobox\"><tr><th colspan=\"2\">Ray Charles</th></tr>"
            + "<tr><td colspan=\"2\">Charles in 1968</td></tr>"
            + "<tr><th scope=\"row\">Born</th><td>September 23, 1930<br>Albany, Georgia</td></tr>"
            + "<tr><th scope=\"row\">Genres</th><td><div class=\"hlist\"><ul><li>R&amp;B</li><li>soul</li></ul></div></td></tr>"
            + "</table>";
    assertEquals(
        "**Ray Charles**\nCharles in 1968\n- **Born**: September 23, 1930 Albany, Georgia\n"
            + "- **Genres**: R&B, soul",
        md(html));
  }

  @Test
  void aSingleCellTableIsJustItsContent() {
    assertEquals(
        "Layout text\n\nMore",
        md("<table><tr><td><p>Layout text</p><p>More</p></td></tr></table>"));
  }

  @Test
  void linksGoThroughTheResolver() {
    List<String> seen = new ArrayList<>();
    LinkResolver resolver =
        href -> {
          seen.add(href);
          return href.startsWith("#") ? null : "corpus://W/" + href;
        };
    assertEquals(
        "See [Georgia](corpus://W/Georgia_on_My_Mind) and note 1.",
        md(
            "<p>See <a href=\"Georgia_on_My_Mind\">Georgia</a> and <a href=\"#cite\">note 1</a>.</p>",
            resolver));
    assertEquals(List.of("Georgia_on_My_Mind", "#cite"), seen, "hrefs are passed exactly as found");
  }

  @Test
  void linkTargetsAreEscapedOnlyWhereMarkdownNeedsIt() {
    assertEquals(
        "[x](corpus://W/Foo_(bar))", md("<a href=\"y\">x</a>", h -> "corpus://W/Foo_(bar)"));
    assertEquals("[x](a%20b\\))", md("<a href=\"y\">x</a>", h -> "a b)"));
  }

  @Test
  void nestedLinksKeepOnlyTheOuterTarget() {
    // The HTML parser never nests <a>, so build the tree by hand (as a DOM rewrite might).
    Element outer = new Element("a").attr("href", "o").appendText("a ");
    outer.appendChild(new Element("a").attr("href", "i").appendText("b"));
    assertEquals("[a b](o)", R.render(outer, h -> h));
  }

  @Test
  void imagesLeaveOnlyTheirAltText() {
    assertEquals(
        "A diagram of X",
        md("<p><img src=\"data:image/png;base64,AAAA\" alt=\"A diagram of X\"></p>"));
    assertEquals("", md("<p><img src=\"data:image/png;base64,AAAA\"></p>"));
  }

  @Test
  void hiddenAndNonContentElementsVanish() {
    assertEquals(
        "Visible",
        md(
            "<p><span style=\"display: none\">(1930-09-23)</span>Visible"
                + "<script>x()</script><style>p{}</style><svg><text>s</text></svg><math><mi>x</mi></math>"
                + "<span hidden>h</span></p>"));
  }

  @Test
  void markdownSyntaxInTextIsEscapedWhereItWouldChangeStructure() {
    assertEquals(
        "\\# not a heading\n\n\\- not a list\n\n1\\. not ordered\n\n2 \\* 3 and \\`x\\`",
        md("<p># not a heading</p><p>- not a list</p><p>1. not ordered</p><p>2 * 3 and `x`</p>"));
    assertEquals("a \\<script> b < c", md("<p>a &lt;script&gt; b &lt; c</p>"));
  }

  @Test
  void lineBreaksAndRules() {
    assertEquals("a\nb\n\n---\n\nc", md("<p>a<br>b</p><hr><p>c</p>"));
  }

  @Test
  void noTrailingSpacesNoLeadingOrTrailingBlankLines() {
    String out = md("<div>\n\n<p>x </p>\n<div></div><p></p>\n</div>");
    assertEquals("x", out);
  }

  @Test
  void sameInputSameBytes() {
    String html =
        "<h2>T</h2><p>a <b>b</b></p><ul><li>x<ol><li>y</li></ol></li></ul>"
            + "<table><tr><th>k</th><td>v</td></tr></table><pre class=\"lang-c\">int</pre>";
    String first = md(html);
    for (int i = 0; i < 5; i++) {
      assertEquals(first, md(html));
    }
  }

  @Test
  void deepNestingNeitherOverflowsNorExplodes() throws Exception {
    String html =
        "<ul><li>".repeat(30_000)
            + "leaf"
            + "</li></ul>".repeat(30_000)
            + "<blockquote>".repeat(30_000)
            + "q"
            + "</blockquote>".repeat(30_000)
            + "<table><tr><td>".repeat(2_000)
            + "cell"
            + "</td></tr></table>".repeat(2_000);
    Element body = Jsoup.parseBodyFragment(html).body();
    String[] out = new String[1];
    Thread t =
        new Thread(
            null, () -> out[0] = R.render(body, LinkResolver.dropAll()), "small", 256 * 1024);
    t.start();
    t.join(60_000);
    assertFalse(t.isAlive());
    assertTrue(out[0].contains("leaf") && out[0].contains("q") && out[0].contains("cell"), out[0]);
    int longest = 0;
    for (String line : out[0].split("\n", -1)) {
      longest = Math.max(longest, line.length());
    }
    assertTrue(longest < 200, "indentation must stop growing, longest line " + longest);
  }

  @Test
  void renderInlineFlattensBlocks() {
    Element body = Jsoup.parseBodyFragment("<p>a</p><ul><li>b</li><li>c</li></ul>").body();
    assertEquals("a b, c", R.renderInline(body, LinkResolver.dropAll()));
  }
}
