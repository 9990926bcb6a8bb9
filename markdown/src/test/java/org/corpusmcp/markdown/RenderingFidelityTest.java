package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * What real archive markup must keep when rendered: sub- and superscripts, invisible break hints,
 * table rows under row spans, and no empty reference-list sections. Expected strings were read by
 * hand from the article HTML.
 */
class RenderingFidelityTest {

  private static final MarkdownRenderer R = MarkdownRenderer.standard();

  private static String md(String html) {
    return R.render(Jsoup.parseBodyFragment(html).body(), LinkResolver.keepAsIs());
  }

  static String article(String archive, String path) {
    String shared = System.getProperty("shared.dir");
    assumeTrue(shared != null, "system property shared.dir is not set (run through Maven)");
    try (Archive a = Zim.open(Path.of(shared, "corpus-samples", "mediawiki", archive))) {
      return a.expectByPath(path).content().text();
    }
  }

  @Test
  void digitsInSubAndSuperscriptsBecomeUnicodeScriptDigits() {
    // Oxygen (100 mini 2022): "O<sub>2</sub>", the configuration "2s<sup>2</sup> 2p<sup>4</sup>".
    assertEquals(
        "O₂ and 2s² 2p⁴, 14,200,000 km²",
        md(
            "<p>O<sub>2</sub> and 2s<sup>2</sup> 2p<sup>4</sup>, 14,200,000<span>&nbsp;</span>km<sup>2</sup></p>"));
    assertEquals("10⁻³ m", md("<p>10<sup>−3</sup> m</p>"));
  }

  @Test
  void wordsInSubscriptsAndSuperscriptsStayRunInTextAndOtherExponentsGetACaret() {
    assertEquals(
        "the 19th century, Hmax, note\\[1]",
        md("<p>the 19<sup>th</sup> century, H<sub>max</sub>, note<sup>[1]</sup></p>"));
    assertEquals("x^(n+m) and 2^(x-1)", md("<p>x<sup>n+m</sup> and 2<sup>x-1</sup></p>"));
  }

  @Test
  void zeroWidthSpacesAndSoftHyphensAreRemoved() {
    assertEquals(
        "Shakespeare's plays, nationality",
        md("<p>Shake\u00ADspeare's\u200B plays, nation\u00ADality</p>"));
    assertEquals("`a.b`", md("<code>a\u200B.b</code>"));
  }

  @Test
  void rowSpansAreExpandedSoEveryRowKeepsItsColumns() {
    String html = article("wikipedia_en_ray_charles_maxi_2019-08.zim", "A/Ray_Charles_discography");
    Document doc =
        new HtmlSectionizer(CleaningPolicy.builder().build())
            .toDocument("Ray Charles discography", html, LinkResolver.dropAll());
    String all = doc.lead().toMarkdown() + "\n";
    for (var s : doc.allSections()) {
      all += s.markdown() + "\n";
    }
    // The first studio-album table: "1957" spans two rows, "Atlantic" eleven.
    assertTrue(
        all.contains(
            "| 1957 | *Ray Charles* | — | Atlantic |\n| 1957 | *The Great Ray Charles* | — | Atlantic |\n"
                + "| 1958 | *Soul Brothers* (with Milt Jackson) | — | Atlantic |"),
        all);
    // The ABC table: a two-row header ("Peak positions" over US and UK) and a label spanning 13
    // rows.
    assertTrue(all.contains("| 1961 | *Genius + Soul = Jazz* | 4 | — | ABC |"), all);
  }

  @Test
  void anEmptyReferenceListSectionIsDropped() {
    Document d =
        new HtmlSectionizer(CleaningPolicy.builder().remove(".reflist").build())
            .toDocument(
                "T",
                "<p>Lead.</p><h2 id=History>History</h2><p>Text.</p><h2 id=Notes>Notes</h2>"
                    + "<div class=reflist><ol><li>a note</li></ol></div><h2 id=References>References</h2>"
                    + "<h2 id=Sources>Sources</h2><h3 id=Books>Books</h3><p>A book.</p>",
                LinkResolver.dropAll());
    List<String> ids = d.allSections().stream().map(s -> s.id().value()).toList();
    assertEquals(
        List.of("", "History", "Sources", "Books"),
        ids,
        "empty Notes/References leaves go; a heading whose subsection has content stays");
    assertFalse(d.lead().toMarkdown().contains("References"));
  }
}
