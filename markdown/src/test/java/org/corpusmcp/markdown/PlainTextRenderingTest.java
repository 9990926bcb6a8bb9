package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** The plain text written beside the Markdown in the same walk; hand-checked expectations. */
class PlainTextRenderingTest {

  private static final MarkdownRenderer R = MarkdownRenderer.standard();

  private static Rendered both(String html) {
    return R.renderBoth(Jsoup.parseBodyFragment(html).body(), LinkResolver.keepAsIs());
  }

  @Test
  void inlineMarkupLeavesNoMarkersAndNoSpacingDamage() {
    Rendered r = both("<p>The <b>National Football League</b> (<b>NFL</b>) is a league.</p>");
    assertEquals("The **National Football League** (**NFL**) is a league.", r.markdown());
    assertEquals("The National Football League (NFL) is a league.", r.text());
    assertEquals(
        "Video games, also known as computer games, are games.",
        both("<p><b>Video games</b>,<b></b> also known as <b>computer games,</b> are games.</p>")
            .text());
  }

  @Test
  void linksKeepTheirTextAndLoseTheirTargets() {
    Rendered r =
        both("<p>He created <a href=\"Python_(programming_language)\">Python</a>, which…</p>");
    assertEquals("He created [Python](Python_(programming_language)), which…", r.markdown());
    assertEquals("He created Python, which…", r.text());
  }

  @Test
  void escapesAreMarkdownOnly() {
    Rendered r =
        both(
            "<p>2 * 3 = 6, a_b, [x] and &lt;tag&gt;</p><p># not a heading</p><p>1. not a list</p>");
    assertEquals(
        "2 \\* 3 = 6, a_b, \\[x] and \\<tag>\n\n\\# not a heading\n\n1\\. not a list",
        r.markdown());
    assertEquals("2 * 3 = 6, a_b, [x] and <tag>\n\n# not a heading\n\n1. not a list", r.text());
  }

  @Test
  void blocksKeepTheirLinesWithoutMarkersPrefixesOrFences() {
    Rendered r =
        both(
            "<h3>Usage</h3><p>Intro text.</p><ul><li>one</li><li>two <i>parts</i></li></ul>"
                + "<blockquote><p>quoted</p></blockquote><pre class=\"lang-python\">x = 1\n\ny = 2</pre><hr><p>end</p>");
    assertEquals(
        "### Usage\n\nIntro text.\n\n- one\n- two *parts*\n\n> quoted\n\n```python\nx = 1\n\ny = 2\n```"
            + "\n\n---\n\nend",
        r.markdown());
    assertEquals(
        "Usage\n\nIntro text.\n\none\ntwo parts\n\nquoted\n\nx = 1\n\ny = 2\n\nend", r.text());
  }

  @Test
  void tableRowsAreLinesWithTabSeparatedCellsAndInfoboxesKeyValueLines() {
    Rendered table =
        both(
            "<table><tr><th>Year</th><th>Album</th></tr><tr><td>1957</td>"
                + "<td><i>Ray Charles</i> | live</td></tr></table>");
    assertEquals(
        "| Year | Album |\n| --- | --- |\n| 1957 | *Ray Charles* \\| live |", table.markdown());
    assertEquals("Year\tAlbum\n1957\tRay Charles | live", table.text());
    Rendered infobox =
        both(
            "<table><tr><th colspan=2>Ray Charles</th></tr><tr><th>Born</th>"
                + "<td>September 23, 1930</td></tr><tr><th>Genres</th><td><ul><li>R&amp;B</li><li>soul</li></ul></td></tr></table>");
    assertEquals(
        "**Ray Charles**\n- **Born**: September 23, 1930\n- **Genres**: R&B, soul",
        infobox.markdown());
    assertEquals("Ray Charles\nBorn: September 23, 1930\nGenres: R&B, soul", infobox.text());
  }

  @Test
  void inlineCodeIsItsText() {
    Rendered r = both("<p>Call <code>f(*args)</code> with <kbd>Ctrl</kbd>.</p>");
    assertEquals("Call `f(*args)` with `Ctrl`.", r.markdown());
    assertEquals("Call f(*args) with Ctrl.", r.text());
  }

  @Test
  void sectionsCarryTheirPlainText() {
    Document d =
        new HtmlSectionizer(CleaningPolicy.builder().build())
            .toDocument(
                "T",
                "<p>Lead with <b>bold</b>.</p><h2 id=A>A</h2><p>See <a href=\"X_(y)\">x</a>.</p>",
                LinkResolver.keepAsIs());
    assertEquals("Lead with bold.", d.lead().text());
    assertEquals("See [x](X_(y)).", d.sections().get(1).markdown());
    assertEquals("See x.", d.sections().get(1).text());
  }
}
