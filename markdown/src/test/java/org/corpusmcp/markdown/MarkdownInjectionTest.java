package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * Archive text that looks like Markdown must stay text: the only live links in the output are the
 * renderer's own, made from an {@code <a href>} the link resolver accepted. Expected strings are
 * hand-checked against CommonMark: a backslash before {@code [} makes it a literal bracket, so no
 * link, image or reference definition can open there.
 */
class MarkdownInjectionTest {

  private static String md(String html) {
    return MarkdownRenderer.standard()
        .render(Jsoup.parseBodyFragment(html).body(), LinkResolver.keepAsIs());
  }

  @Test
  void markdownLinkSyntaxInPageTextIsEscaped() {
    assertEquals("\\[click me](javascript:alert(9))", md("<p>[click me](javascript:alert(9))</p>"));
  }

  @Test
  void markdownImageSyntaxInPageTextIsEscaped() {
    assertEquals(
        "!\\[img](data:image/png;base64,iVBORw0KGgo=)",
        md("<p>![img](data:image/png;base64,iVBORw0KGgo=)</p>"));
  }

  @Test
  void aLinkSplitAcrossElementsIsEscapedToo() {
    assertEquals(
        "\\[click me](javascript:alert(9))",
        md("<p>[click me]<span>(javascript:alert(9))</span></p>"));
  }

  @Test
  void referenceDefinitionsInPageTextAreEscaped() {
    assertEquals(
        "\\[x]\n\n\\[x]: javascript:alert(9)", md("<p>[x]</p><p>[x]: javascript:alert(9)</p>"));
  }

  @Test
  void realLinksStayLiveAndTheirTextIsEscaped() {
    assertEquals(
        "[a \\[b\\]](https://example.org/)", md("<a href=\"https://example.org/\">a [b]</a>"));
  }

  @Test
  void bidiOverridesAndControlCharactersAreRemoved() {
    assertEquals("evil gnp.exe", md("<p>evil \u202Egnp.exe\u202C</p>"));
    assertEquals("abc", md("<p>a\u0007b\u0000\u009Bc</p>"));
    assertEquals("a b", md("<p>a \u2066b\u2069</p>"));
  }

  @Test
  void aBidiOverrideCannotHideAHeadingMarker() {
    assertEquals("\\# not a heading", md("<p>\u202E# not a heading</p>"));
  }

  @Test
  void codeAndLinkTargetsLoseThemToo() {
    assertEquals("`rm\u00A0-rf x`".replace('\u00A0', ' '), md("<code>rm -rf \u202Ex</code>"));
    assertEquals(
        "[t](https://example.org/ab)", md("<a href=\"https://example.org/a\u202Eb\">t</a>"));
  }

  @Test
  void rightToLeftMarksStay() {
    assertEquals("\u05E9\u05DC\u05D5\u05DD\u200F", md("<p>\u05E9\u05DC\u05D5\u05DD\u200F</p>"));
  }
}
