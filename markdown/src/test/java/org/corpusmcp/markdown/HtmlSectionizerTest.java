package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.junit.jupiter.api.Test;

class HtmlSectionizerTest {

  private static final CleaningPolicy POLICY =
      CleaningPolicy.builder()
          .contentRoots("#content")
          .remove(".chrome", "sup.ref")
          .unwrap("font")
          .noindexComment("htdig_noindex")
          .syntheticIds(Pattern.compile("mw[A-Za-z0-9]{1,6}"))
          .build();

  private static Document doc(String html) {
    return new HtmlSectionizer(POLICY).toDocument("T", html, LinkResolver.dropAll());
  }

  private static List<String> ids(Document d) {
    return d.allSections().stream().map(s -> s.id().value()).toList();
  }

  @Test
  void leadThenHeadingsNestedByLevel() {
    Document d =
        doc(
            "<div id=content><p>Lead.</p><h2 id=A>A</h2><p>a</p><h3 id=A1>A one</h3>"
                + "<p>a1</p><h2 id=B>B</h2><h4 id=B1>deep</h4><p>b1</p></div>");
    assertEquals(List.of("", "A", "A1", "B", "B1"), ids(d));
    assertEquals("Lead.", d.lead().markdown());
    Section a = d.sections().get(1);
    assertEquals("a", a.markdown(), "own Markdown excludes subsections");
    assertEquals("A one", a.children().get(0).title());
    assertEquals("## A\n\na\n\n### A one\n\na1", a.toMarkdown());
    assertEquals(4, d.section(SectionId.of("B1")).level());
  }

  @Test
  void headingsAreFoundThroughWrappersButNotInsideTables() {
    Document d =
        doc(
            "<div id=content><p>lead</p>"
                + "<details><summary><h2 id=\"Early_life\">Early life</h2></summary><p>e</p>"
                + "<details><summary><h3 id=\"X\">X</h3></summary><p>x</p></details></details>"
                + "<section data-mw-section-id=1><div class=\"mw-heading mw-heading2\"><h2 id=\"Modern\">Modern</h2></div>"
                + "<table><tr><td><h3 id=\"InTable\">In table</h3></td><td>v</td></tr></table></section></div>");
    assertEquals(List.of("", "Early_life", "X", "Modern"), ids(d));
    assertEquals(
        "| **In table** | v |\n| --- | --- |", d.section(SectionId.of("Modern")).markdown());
  }

  @Test
  void syntheticIdsFallBackToTheHeadingText() {
    Document d =
        doc(
            "<div id=content><h2 id=\"mweQ\"> Life and  career </h2><h3 id=\"mwAqs\">Early years (1930–45)</h3></div>");
    assertEquals(List.of("", "Life_and_career", "Early_years_(1930–45)"), ids(d));
    assertEquals("Life and career", d.sections().get(1).title());
  }

  @Test
  void anchorsFromHeadlineSpanSectionAndEmptyAnchorBefore() {
    Document d =
        doc(
            "<div id=content><h2><span class=mw-headline id=\"Old_skin\">Old skin</span></h2>"
                + "<section id=\"sec-id\"><h2>Sec</h2></section>"
                + "<span id=\"before\"></span><h2>Before</h2></div>");
    assertEquals(List.of("", "Old_skin", "sec-id", "before"), ids(d));
  }

  @Test
  void duplicateAndCaseVariantAnchorsStayDistinct() {
    // Each section holds text: an empty "Notes" section would be dropped as an empty reference
    // list.
    Document d =
        doc(
            "<div id=content><h2 id=Notes>Notes</h2><p>1</p><h2 id=Notes>Notes</h2><p>2</p>"
                + "<h2 id=notes>notes</h2><p>3</p><h2>Notes</h2><p>4</p></div>");
    assertEquals(List.of("", "Notes", "Notes_2", "notes", "Notes_3"), ids(d));
  }

  @Test
  void blankHeadingsDoNotStartSections() {
    Document d = doc("<div id=content><p>a</p><h2 id=x> </h2><p>b</p></div>");
    assertEquals(List.of(""), ids(d));
    assertEquals("a\n\nb", d.lead().markdown());
  }

  @Test
  void cleaningRemovesUnwrapsAndDropsNoindexBlocks() {
    Document d =
        doc(
            "<div id=content><p>keep<sup class=ref>[1]</sup> <font>this</font></p>"
                + "<div class=chrome>menu</div><!--htdig_noindex--><p>footer</p><!--/htdig_noindex--><p>end</p></div>"
                + "<p>outside the root</p>");
    assertEquals("keep this\n\nend", d.lead().markdown());
  }

  @Test
  void policiesRejectBadSelectorsNamingThem() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CleaningPolicy.builder().remove("div[unclosed"));
    assertEquals(true, e.getMessage().contains("div[unclosed"), e.getMessage());
  }

  @Test
  void policyToBuilderRoundTrips() {
    CleaningPolicy copy = POLICY.toBuilder().build();
    assertEquals(POLICY.remove(), copy.remove());
    assertEquals(POLICY.contentRoots(), copy.contentRoots());
    assertEquals(POLICY.headings(), copy.headings());
  }
}
