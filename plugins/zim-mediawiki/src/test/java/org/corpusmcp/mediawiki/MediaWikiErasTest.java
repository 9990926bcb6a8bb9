package org.corpusmcp.mediawiki;

import static org.corpusmcp.mediawiki.Fixtures.REFS;
import static org.corpusmcp.mediawiki.Fixtures.html;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.SectionId;
import org.junit.jupiter.api.Test;

/**
 * One hand-written page per mwoffliner era (the eras MediaWikiPolicy lists), each expected value
 * worked out by reading the fixture HTML.
 */
class MediaWikiErasTest {

  private final MediaWikiAdapter adapter = new MediaWikiAdapter();

  private Document parse(String path, String title, String fixture) {
    return assertInstanceOf(
        Document.class, adapter.parse(EntryFacts.html(path, title), html(fixture), REFS));
  }

  private static List<String> ids(Document d) {
    return d.allSections().stream().map(s -> s.id().value()).toList();
  }

  private static String section(Document d, String id) {
    return d.section(SectionId.of(id)).markdown();
  }

  private static void assertAbsent(Document d, String... texts) {
    String all = d.toMarkdown();
    for (String t : texts) {
      assertFalse(all.contains(t), "'" + t + "' should be gone:\n" + all);
    }
  }

  @Test
  void legacyParsoid2015DerivesAnchorsFromHeadingText() {
    Document d = parse("Ray_Charles.html", "Ray Charles", "1a-parsoid-2015.html");
    assertEquals("Ray Charles", d.title());
    assertEquals(
        List.of(
            "",
            "Life_and_career",
            "Early_years_(1930–45)",
            "Early_years_(1930–45)_2",
            "External_links"),
        ids(d));
    assertEquals(
        "**Ray Charles**\nRay Charles in 1990\n- **Birth name**: Ray Charles Robinson\n"
            + "- **Born**: September 23, 1930 Albany, Georgia, U.S.\n\n"
            + "**Ray Charles Robinson** was an American singer. See "
            + "[Georgia on My Mind](ref:Georgia_on_My_Mind.html).",
        d.lead().markdown());
    assertEquals(
        "Ray Charles statue in Greenville, Florida\n\nHe was born in Albany.",
        section(d, "Early_years_(1930–45)"));
    assertEquals(
        "Early years (1930–45)", d.section(SectionId.of("Early_years_(1930–45)_2")).title());
    // The reference list was removed as chrome; the empty section it leaves is dropped.
    assertNull(d.section(SectionId.of("References")));
    assertEquals(
        "- [Official website](ref:http://www.raycharles.com)", section(d, "External_links"));
    assertAbsent(
        d,
        "[1]",
        "[13]",
        "↑",
        "Reference text one",
        "navbox",
        "Studio albums list",
        "issued from",
        "1930-09-23");
  }

  @Test
  void mobileSections2019UnwrapDetailsAndUseRealAnchors() {
    Document d = parse("Ray_Charles", "Ray Charles", "1b-mobile-2019.html");
    assertEquals(
        List.of("", "Early_life_and_education", "1952–1959:_Atlantic_Records", "Discography"),
        ids(d));
    assertEquals(
        List.of(SectionId.of("1952–1959:_Atlantic_Records")),
        d.section(SectionId.of("Early_life_and_education")).children().stream()
            .map(s -> s.id())
            .toList());
    assertEquals(
        "**Ray Charles Robinson** (September 23, 1930 – June 10, 2004) was an American singer."
            + "\n\n**Ray Charles**\nCharles in the 1960s\n"
            + "- **Genres**: [R&B](ref:Rhythm_and_blues), soul, blues",
        d.lead().markdown());
    assertEquals(
        "Ray Charles Robinson was the son of Bailey Robinson.",
        section(d, "Early_life_and_education"));
    assertEquals(
        "Charles in 1968\n\nIn June 1952, [Atlantic](ref:Atlantic_Records) bought his contract.",
        section(d, "1952–1959:_Atlantic_Records"));
    assertEquals(
        "| Year | Title |\n| --- | --- |\n| 1961 | *Swingin' Along* |", section(d, "Discography"));
    // The reference list was removed as chrome; the empty section it leaves is dropped.
    assertNull(d.section(SectionId.of("References")));
    assertAbsent(
        d,
        "See also",
        "[note 1]",
        ":29–38",
        "templatequote",
        "Secret reference text",
        "Retrieved",
        "Navbox album one",
        "issued from",
        "Ray Charles\n\n**Ray");
  }

  @Test
  void miniFlavourIsLeadOnly() {
    Document d = parse("Ant", "Ant", "1b-mini-2022.html");
    assertEquals(List.of(""), ids(d));
    assertEquals(
        "**Ants** are eusocial insects of the family **Formicidae** and belong to the "
            + "[order](ref:Taxonomy_(biology)) Hymenoptera.\n\nAnts form colonies.",
        d.lead().markdown());
  }

  @Test
  void desktop2025SectionsAndHeadingWrappers() {
    Document d = parse("Bell_test", "Bell test", "1c-desktop-2025.html");
    // An empty "References" section (its list removed as chrome) is dropped.
    assertEquals(
        List.of("", "Background", "Loopholes", "loopholes"),
        ids(d),
        "case-variant anchors stay distinct");
    assertEquals("A **Bell test** is a real-world experiment.", d.lead().markdown());
    assertEquals(
        "Bell showed that *local hidden variables* cannot reproduce `QM` correlations."
            + "\n\n: Indented remark.",
        section(d, "Background"));
    assertEquals(
        "- Detection loophole\n  - efficiency\n- Locality loophole", section(d, "Loopholes"));
    assertEquals(3, d.section(SectionId.of("Loopholes")).level());
    assertAbsent(d, "edit", "Hidden reference", "For the theorem", "issued from");
  }

  @Test
  void mobileHtml2025EditSectionHeaders() {
    // mwoffliner 1.14-1.15 WikimediaMobile renderer (page/mobile-html), era 1c.
    String html =
        "<html><body><div id=\"mw-content-text\"><section data-mw-section-id=\"0\">"
            + "<p>Lead <b>text</b>.</p></section><section data-mw-section-id=\"1\">"
            + "<div class=\"pcs-edit-section-header v2\"><h2 id=\"History\" class=\"pcs-edit-section-title\">"
            + "History</h2><span class=\"pcs-edit-section-link-container\"><a href=\"/edit\" "
            + "class=\"pcs-edit-section-link\">edit</a></span></div><p>Old.</p></section></div></body></html>";
    Document d =
        assertInstanceOf(
            Document.class, adapter.parse(EntryFacts.html("Topic", "Topic"), html, REFS));
    assertEquals(List.of("", "History"), ids(d));
    assertEquals("Lead **text**.", d.lead().markdown());
    assertEquals("Old.", section(d, "History"));
  }

  @Test
  void pronunciationAudioLinksGoIpaStays() {
    // As in the 2022 Antarctica page: {{IPAc-en}} followed by an audio "(listen)" link.
    String html =
        "<div id=\"mw-content-text\"><p><b>Antarctica</b> (<span class=\"rt-commentedText nowrap\">"
            + "<span class=\"IPA nopopups noexcerpt\">/ænˈtɑːrktɪkə/</span></span> "
            + "<span class=\"nowrap\" style=\"font-size:85%\">(<span class=\"unicode haudio\"><span class=\"fn\">"
            + "<a href=\"https://upload.wikimedia.org/En-us-Antarctica.ogg\">listen</a></span></span>)</span>) "
            + "is a continent.</p></div>";
    Document d =
        assertInstanceOf(
            Document.class, adapter.parse(EntryFacts.html("Antarctica", "Antarctica"), html, REFS));
    assertEquals("**Antarctica** (/ænˈtɑːrktɪkə/) is a continent.", d.lead().markdown());
  }

  @Test
  void actionParse2026VectorShell() {
    Document d = parse("BMW", "BMW", "1d-actionparse-2026.html");
    // The first "Notes" section is empty once its reference list is removed, so it is dropped;
    // the second keeps its own anchor.
    assertEquals(List.of("", "History", "Aircraft_engines", "Notes_2"), ids(d));
    assertEquals(
        """
        **Bayerische Motoren Werke AG**
        - **Founded**: 7 March 1916
        - **Headquarters**: [Munich](ref:./Munich), Germany

        **Bayerische Motoren Werke AG**, abbreviated as **BMW**, is a German manufacturer.""",
        d.lead().markdown());
    assertEquals("```python\nprint(\"engine\")\n```", section(d, "Aircraft_engines"));
    assertNull(d.section(SectionId.of("Notes")));
    assertEquals("Second notes section.", section(d, "Notes_2"));
    assertAbsent(
        d,
        "redirects here",
        "citation needed",
        "Hidden citation",
        "Navbox model list",
        ".hatnote",
        "issued from",
        "BMW\n");
  }

  @Test
  void wikibooks2017DefinitionListsAndSubpageTitles() {
    Document d = parse("Эспэранта_Суфіксы.html", "Эспэранта/Суфіксы", "wikibooks-2017.html");
    assertEquals("Эспэранта/Суфіксы", d.title());
    assertEquals(List.of("", "-ad-", "-ej-"), ids(d));
    assertEquals("Суфіксы ў мове **эспэранта**.", d.lead().markdown());
    assertEquals(": *kanti* — спяваць, *kantado* — сьпевы", section(d, "-ad-"));
    assertEquals("-ad-", d.section(SectionId.of("-ad-")).title());
    assertAbsent(d, "issued from", "&lt;");
  }

  @Test
  void articleListHomePagesAreNotDocuments() {
    assertInstanceOf(
        NotADocument.class,
        adapter.parse(
            EntryFacts.html("index", "Wikipedia 100"), html("article-list-home.html"), REFS));
    assertInstanceOf(
        NotADocument.class,
        adapter.parse(EntryFacts.html("index.htm", "Summary"), html("summary-2015.html"), REFS));
  }

  @Test
  void titleFallsBackToTheHeadingThenThePath() {
    Document d = parse("Bell_test", "", "1c-desktop-2025.html");
    assertEquals("Bell test", d.title());
    Document p =
        assertInstanceOf(
            Document.class, adapter.parse(EntryFacts.html("Some_page.html", ""), "<p>x</p>", REFS));
    assertEquals("Some page", p.title());
  }

  @Test
  void documentsAreHtmlFrontArticles() {
    assertTrue(adapter.isDocument(EntryFacts.html("Ray_Charles", "Ray Charles")));
    assertFalse(adapter.isDocument(new EntryFacts("s/style.css", "", "text/css", true)));
    assertFalse(adapter.isDocument(new EntryFacts("Ray_Charles", "", "text/html", false)));
    assertEquals("mediawiki", adapter.name());
    assertEquals(DocumentKind.ARTICLE, adapter.kind());
  }

  @Test
  void detectionFromRealMetadataValues() {
    // Values copied from the M/ entries of the samples in shared/corpus-samples/mediawiki.
    assertEquals(
        1.0,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of(
                    "Scraper",
                    "mwoffliner 1.11.12",
                    "Name",
                    "wikipedia_en_100",
                    "Flavour",
                    "mini",
                    "Tags",
                    "wikipedia;_category:wikipedia;_pictures:no;_videos:no;_details:no;_ftindex:yes"))));
    assertEquals(
        0.8,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of(
                    "Name", "kiwix.wikibooks_be_all", "Creator", "Wikibooks", "Tags", "nopic"))));
    assertEquals(
        0.6,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of("Creator", "Wikipedia", "Publisher", "Kiwix", "Title", "Wikipedia"))));
    assertEquals(
        0.0,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of("Scraper", "sotoki v3.0.2", "Name", "security.stackexchange.com_en_all"))));
    assertEquals(
        0.0,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of(
                    "Scraper",
                    "devdocs2zim v0.2.1",
                    "Name",
                    "devdocs_en_python",
                    "Tags",
                    "devdocs;python"))));
  }
}
