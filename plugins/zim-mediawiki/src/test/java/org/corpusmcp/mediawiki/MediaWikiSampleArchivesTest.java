package org.corpusmcp.mediawiki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests over every real MediaWiki sample in {@code shared/corpus-samples/mediawiki}, read in
 * place with our {@code zim} module. Expected values are never our own output: every property is
 * derived independently from the page's HTML with jsoup (heading ids and texts, infobox keys,
 * navbox and reference texts), plus a few exact snippets checked by reading the HTML by hand.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MediaWikiSampleArchivesTest {

  private static final Pattern PARSOID_ID = Pattern.compile("mw[A-Za-z0-9_-]{1,6}");

  /** Tag-like markup that escaped the renderer (its own escapes are "\<"). */
  private static final Pattern TAG = Pattern.compile("(?<!\\\\)<[A-Za-z/!?]");

  /**
   * Citation markers ("[12]", "[note 3]"); single letters are left out: quotes say "deliver[s]".
   */
  private static final Pattern CITATION = Pattern.compile("\\[(\\d{1,3}|note \\d+)\\]");

  /** A reference list rendered as a list: "1. ↑ Deitel, …" (the arrow is the back link). */
  private static final Pattern REFERENCE_ITEM = Pattern.compile("(?m)^\\s*\\d+\\. [↑^] ");

  /** The headings of reference lists, which the sectionizer drops when cleaning left them empty. */
  private static final Set<String> REFERENCE_TITLES =
      Set.of(
          "notes",
          "references",
          "footnotes",
          "citations",
          "sources",
          "notes and references",
          "references and notes",
          "explanatory notes",
          "reference notes");

  private static final LinkResolver RESOLVER =
      href -> href.startsWith("#") || href.contains("://") ? null : "ref:" + href;

  /** One parsed page with its source. */
  record Page(String archive, EntryFacts facts, String html, boolean main, ParseResult result) {
    @Override
    public String toString() {
      return archive + ":" + facts.path();
    }
  }

  private final MediaWikiAdapter adapter = new MediaWikiAdapter();
  private final Map<String, List<Page>> pages = new LinkedHashMap<>();

  static Path samples() {
    String shared = System.getProperty("shared.dir");
    assumeTrue(shared != null, "system property shared.dir is not set (run through Maven)");
    Path dir = Path.of(shared, "corpus-samples", "mediawiki");
    assertTrue(Files.isDirectory(dir), "no sample directory " + dir);
    return dir;
  }

  static List<String> archives() {
    return List.of(
        "wikipedia_en_ray_charles_2015-06.zim",
        "wikibooks_be_all_nopic_2017-02.zim",
        "wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim",
        "wikipedia_en_ray_charles_maxi_2019-08.zim",
        "wikipedia_en_ray_charles_mini_2020-03.zim",
        "wikipedia_en_100_mini_2022-10.zim");
  }

  @BeforeAll
  void readEveryArchive() throws Exception {
    Path dir = samples();
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(
          Set.copyOf(archives()),
          Set.copyOf(
              files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".zim")).toList()),
          "a MediaWiki sample was added or removed: update archives()");
    }
    for (String name : archives()) {
      List<Page> list = new ArrayList<>();
      try (Archive archive = Zim.open(dir.resolve(name))) {
        Entry main = archive.mainEntry();
        String mainPath = main == null ? "" : main.resolve().rawPath();
        for (Entry e : archive.entriesByPath()) {
          boolean article =
              archive.hasNewNamespaceScheme() ? e.namespace() == 'C' : e.namespace() == 'A';
          if (e.isRedirect() || !e.isItem() || !article) {
            continue;
          }
          EntryFacts facts = new EntryFacts(e.rawPath(), e.title(), e.mimeType(), true);
          if (!adapter.isDocument(facts)) {
            continue;
          }
          String html = e.content().text();
          list.add(
              new Page(
                  name,
                  facts,
                  html,
                  e.rawPath().equals(mainPath),
                  adapter.parse(facts, html, RESOLVER)));
        }
      }
      assertFalse(list.isEmpty(), name + " has no HTML articles");
      pages.put(name, list);
    }
  }

  @AfterAll
  void release() {
    pages.clear();
  }

  Stream<Page> allPages() {
    return pages.values().stream().flatMap(List::stream);
  }

  private Document doc(String archive, String path) {
    Page p = page(archive, path);
    return assertInstanceOf(Document.class, p.result(), p.toString());
  }

  private Page page(String archive, String path) {
    for (Page p : pages.get(archive)) {
      if (p.facts().path().equals(path)) {
        return p;
      }
    }
    throw new AssertionError("no page " + path + " in " + archive);
  }

  // --------------------------------------------------------------------------- every page

  @ParameterizedTest(name = "{0}")
  @MethodSource("archives")
  void everyArticleIsADocumentAndOnlyWikipediaHomePagesAreNot(String archive) {
    for (Page p : pages.get(archive)) {
      boolean articleList = p.main() && archive.startsWith("wikipedia_");
      if (articleList) {
        assertInstanceOf(NotADocument.class, p.result(), p.toString());
      } else {
        Document d = assertInstanceOf(Document.class, p.result(), p.toString());
        assertEquals(p.facts().title().strip(), d.title(), p.toString());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("archives")
  void sectionIdsAndTitlesAreTheWikisHeadingsInOrder(String archive) {
    for (Page p : pages.get(archive)) {
      if (!(p.result() instanceof Document d)) {
        continue;
      }
      List<String[]> headings = expectedHeadings(p.html());
      List<Section> sections = d.allSections().subList(1, d.allSections().size());
      // A reference-list section left empty by cleaning is dropped; only a leaf may go.
      List<String[]> expected = new ArrayList<>();
      for (int i = 0, at = 0; i < headings.size(); i++) {
        String[] h = headings.get(i);
        boolean present = at < sections.size() && sections.get(at).id().value().equals(h[0]);
        boolean leaf =
            i + 1 == headings.size()
                || Integer.parseInt(headings.get(i + 1)[2]) <= Integer.parseInt(h[2]);
        if (!present
            && leaf
            && REFERENCE_TITLES.contains(h[1].toLowerCase(java.util.Locale.ROOT))) {
          continue;
        }
        expected.add(h);
        at++;
      }
      assertEquals(expected.size(), sections.size(), p + ": number of sections");
      for (int i = 0; i < expected.size(); i++) {
        assertEquals(expected.get(i)[0], sections.get(i).id().value(), p + ": id of section " + i);
        assertEquals(expected.get(i)[1], sections.get(i).title(), p + ": title of section " + i);
        assertEquals(Integer.parseInt(expected.get(i)[2]), sections.get(i).level(), p + ": level");
      }
    }
  }

  /**
   * The headings of the page as the wiki anchors them: every h2–h6 of {@code #mw-content-text}
   * outside navboxes and tables, with its id, or (legacy Parsoid node ids) its text with spaces as
   * underscores; repeated anchors numbered {@code _2}, {@code _3} as MediaWiki does.
   */
  private static List<String[]> expectedHeadings(String html) {
    Element root = Jsoup.parse(html).expectFirst("#mw-content-text");
    List<String[]> out = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (Element h : root.select("h2, h3, h4, h5, h6")) {
      if (h.parents().stream().anyMatch(up -> up.is(".navbox, table, [role=navigation]"))) {
        continue;
      }
      String text = h.text().strip().replaceAll("\\s+", " ");
      if (text.isEmpty()) {
        continue;
      }
      String id =
          h.id().isEmpty() || PARSOID_ID.matcher(h.id()).matches()
              ? text.replace(' ', '_')
              : h.id();
      int n = seen.merge(id, 1, Integer::sum);
      out.add(new String[] {n == 1 ? id : id + "_" + n, text, h.normalName().substring(1)});
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("archives")
  void noChromeMarkupOrCitationNoise(String archive) {
    for (Page p : pages.get(archive)) {
      if (!(p.result() instanceof Document d)) {
        continue;
      }
      String md = d.toMarkdown();
      for (String gone :
          List.of(
              "[edit]",
              "This article is issued from",
              "&nbsp;",
              "&amp;",
              "cite_note",
              "mw-parser-output")) {
        assertFalse(md.contains(gone), p + ": contains '" + gone + "'");
      }
      assertFalse(TAG.matcher(withoutCode(md)).find(), p + ": tag-like markup in\n" + md);
      assertFalse(REFERENCE_ITEM.matcher(md).find(), p + ": a reference list item in\n" + md);
      // Citation markers: every "[12]"-like marker of the source is gone, so such a text may
      // appear no more often than it does in the source outside markers ("int a[100]" may).
      Element root = Jsoup.parse(p.html()).expectFirst("#mw-content-text");
      List<String> markers =
          root.select("sup.reference, sup[id^=cite_ref], span.mw-ref").eachText();
      root.select("sup.reference, sup[id^=cite_ref], span.mw-ref").remove();
      String rest = root.text();
      for (String marker : new HashSet<>(markers)) {
        if (CITATION.matcher(marker).matches()) {
          assertTrue(
              count(md, marker) <= count(rest, marker),
              p + ": citation marker " + marker + " in\n" + md);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("archives")
  void navboxAndReferenceListTextIsGone(String archive) {
    for (Page p : pages.get(archive)) {
      if (!(p.result() instanceof Document d)) {
        continue;
      }
      Element root = Jsoup.parse(p.html()).expectFirst("#mw-content-text");
      Set<String> removedOnly = new HashSet<>();
      for (Element a : root.select(".navbox a, ol.references li, ol.mw-references li")) {
        String t = a.text().strip().replaceAll("\\s+", " ");
        if (t.length() >= 12) {
          removedOnly.add(t.length() > 60 ? t.substring(0, 60) : t);
        }
      }
      root.select(
              ".navbox, ol.references, ol.mw-references, .reflist, .mw-references-wrap, [role=navigation]")
          .remove();
      String rest = root.text();
      String md = d.toMarkdown().replace("*", "").replace("\\", "");
      for (String t : removedOnly) {
        if (!rest.contains(t)) {
          assertFalse(md.contains(t), p + ": navbox/reference text survived: " + t);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("archives")
  void infoboxFactsAreKeyValueLines(String archive) {
    int checked = 0;
    for (Page p : pages.get(archive)) {
      if (!(p.result() instanceof Document d)) {
        continue;
      }
      String lead = d.toMarkdown(); // infoboxes of cover versions sit in later sections
      String plain = lead.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("*", "");
      // Rows of the infobox itself; rows of boxes nested in its cells are flattened inline.
      for (Element tr :
          Jsoup.parse(p.html()).select("table.infobox > tbody > tr, table.infobox > tr")) {
        Element th = tr.selectFirst("> th[scope=row]");
        Element td = tr.selectFirst("> td");
        if (th == null
            || td == null
            || tr.children().size() != 2
            || td.text().isBlank()
            || th.text().isBlank()) {
          continue;
        }
        String key = th.text().strip().replaceAll("\\s+", " ");
        // Emphasis and links inside the key (<i>Glottolog</i>, <a>Time zone</a>) add markup:
        // compare the plain text.
        assertTrue(
            plain.contains("- " + key + (key.endsWith(":") ? " " : ": ")),
            p + ": infobox key '" + key + "' missing in\n" + lead);
        checked++;
      }
    }
    if (archive.startsWith("wikipedia_en_ray_charles")) {
      assertTrue(checked > 100, archive + ": only " + checked + " infobox rows checked");
    }
  }

  @Test
  void parsingTheSameArchiveTwiceGivesTheSameBytes() {
    for (Page p : pages.get("wikipedia_en_ray_charles_maxi_2019-08.zim")) {
      ParseResult again = adapter.parse(p.facts(), p.html(), RESOLVER);
      assertEquals(p.result(), again, p.toString());
    }
  }

  // --------------------------------------------------------------------------- hand-checked

  @Test
  void rayCharles2019LeadInfoboxAndFilmTable() {
    Document d = doc("wikipedia_en_ray_charles_maxi_2019-08.zim", "Ray_Charles");
    assertTrue(
        d.lead()
            .markdown()
            .startsWith(
                "**Ray Charles Robinson** (September 23, 1930 – June 10, "
                    + "2004), professionally known as simply **Ray Charles**, was an American singer, songwriter, "
                    + "musician, and composer."),
        d.lead().markdown());
    assertTrue(d.lead().markdown().contains("\n- **Birth name**: Ray Charles Robinson\n"));
    Section film = d.section(SectionId.of("Film"));
    assertNotNull(film);
    assertEquals(3, film.level());
    assertTrue(
        film.markdown().startsWith("| Year | Title | Role | Notes |\n| --- | --- | --- | --- |\n"));
    assertTrue(
        film.markdown().contains("\n| 1980 | *The Blues Brothers* | Ray | Cameo appearance |\n"));
  }

  @Test
  void rayCharles2015LegacyAnchors() {
    Document d = doc("wikipedia_en_ray_charles_2015-06.zim", "Ray_Charles.html");
    Section early = d.section(SectionId.of("Early_years_(1930–45)"));
    assertNotNull(early);
    assertEquals("Early years (1930–45)", early.title());
    assertEquals(SectionId.of("Life_and_career"), d.sections().get(1).id());
    assertTrue(d.lead().markdown().contains("- **Birth name**: Ray Charles Robinson"));
  }

  @Test
  void rayCharlesMini2020IsLeadOnly() {
    Document d = doc("wikipedia_en_ray_charles_mini_2020-03.zim", "Ray_Charles");
    assertEquals(1, d.allSections().size());
    assertTrue(
        d.lead()
            .markdown()
            .startsWith(
                "**Ray Charles Robinson** (September 23, 1930 – June 10, "
                    + "2004) was an American singer, songwriter, pianist, and composer."),
        d.lead().markdown());
  }

  @Test
  void ant2022Lead() {
    Document d = doc("wikipedia_en_100_mini_2022-10.zim", "Ant");
    assertTrue(
        d.lead()
            .markdown()
            .startsWith(
                "**Ants** are eusocial insects of the family "
                    + "**Formicidae** and, along with the related wasps and bees, belong to the "
                    + "[order](ref:Taxonomy_(biology)) Hymenoptera."),
        d.lead().markdown());
  }

  @Test
  void wikibooks2017BothVariantsAgree() {
    Document old = doc("wikibooks_be_all_nopic_2017-02.zim", "Эспэранта.html");
    Document renamed = doc("wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim", "Эспэранта.html");
    assertEquals(old, renamed);
    Section contents = old.section(SectionId.of("Зьмест"));
    assertNotNull(contents);
    assertTrue(contents.markdown().startsWith("1. Уступ\n2. [Альфабэт]("), contents.markdown());
  }

  /**
   * mwoffliner archives of 2018 wrote the wiki's display title, markup and all, into the entry
   * title. The real pages of the 2019 and 2020 archives still carry that markup in their title
   * heading ({@code <span id="title_0"><i>A Man and His Soul</i></span>}) while their entry titles
   * are plain text: given the heading's HTML as entry title, the document title is the plain entry
   * title all the same.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("archivesWithTitleHeadings")
  void markupInAnEntryTitleIsNeverInTheDocumentTitle(String archive) {
    int checked = 0;
    for (Page p : pages.get(archive)) {
      Element heading = Jsoup.parse(p.html()).selectFirst("#title_0");
      if (p.main() || heading == null || heading.html().equals(p.facts().title())) {
        continue;
      }
      EntryFacts markup =
          new EntryFacts(p.facts().path(), heading.html(), p.facts().mimeType(), true);
      Document d =
          assertInstanceOf(Document.class, adapter.parse(markup, p.html(), RESOLVER), p.toString());
      assertEquals(p.facts().title(), d.title(), p + ": title from " + heading.html());
      checked++;
    }
    assertTrue(checked >= 10, archive + ": only " + checked + " titles with markup checked");
  }

  static List<String> archivesWithTitleHeadings() {
    return List.of(
        "wikipedia_en_ray_charles_maxi_2019-08.zim",
        "wikipedia_en_ray_charles_mini_2020-03.zim",
        "wikipedia_en_100_mini_2022-10.zim");
  }

  @Test
  void anItalicEntryTitleReadByHand() {
    Page p = page("wikipedia_en_ray_charles_maxi_2019-08.zim", "A_Man_and_His_Soul");
    EntryFacts markup =
        new EntryFacts(p.facts().path(), "<i>A Man and His Soul</i>", "text/html", true);
    Document d = assertInstanceOf(Document.class, adapter.parse(markup, p.html(), RESOLVER));
    assertEquals("A Man and His Soul", d.title());
  }

  /**
   * Oxygen's infobox holds a locator map, "Oxygen in the periodic table": 118 cells whose labels,
   * the element names, are written in transparent ink, then the neighbours "nitrogen ← oxygen →
   * fluorine". None of it is content; the infobox's facts around it stay.
   */
  @Test
  void oxygenInfoboxLosesThePeriodicTableWidgetAndKeepsItsFacts() {
    Page p = page("wikipedia_en_100_mini_2022-10.zim", "Oxygen");
    Document d = doc("wikipedia_en_100_mini_2022-10.zim", "Oxygen");
    String md = d.toMarkdown();
    org.jsoup.nodes.Document html = Jsoup.parse(p.html());
    List<String> names = html.select("table.infobox span[style*=color:transparent]").eachText();
    assertEquals(118, names.size(), "element names in the widget");
    assertEquals("Hydrogen", names.get(0));
    assertEquals("Oganesson", names.get(117));
    // names the article mentions outside the widget (Nitrogen, Carbon…) may stay
    html.select("table.infobox span[style*=color:transparent]").remove();
    String elsewhere = html.expectFirst("#mw-content-text").text();
    int absent = 0;
    for (String name : names) {
      if (!elsewhere.contains(name)) {
        assertFalse(md.contains(name), "element name " + name + " rendered in\n" + md);
        absent++;
      }
    }
    assertTrue(absent > 100, absent + " names only in the widget");
    for (String widget : List.of("Oxygen in the periodic table", "nitrogen ← ", "→ fluorine")) {
      assertFalse(md.contains(widget), widget + " in\n" + md);
    }
    for (String fact :
        List.of(
            "- **Allotropes**: O",
            "- **Group**: group 16 (chalcogens)",
            "- **Period**: period 2",
            "- **Electrons per shell**: 2, 6",
            "Physical properties")) {
      assertTrue(md.contains(fact), fact + " missing in\n" + md);
    }
  }

  /**
   * Text in transparent ink is invisible anywhere: Noble gas's side table names every element so.
   */
  @Test
  void invisibleTextIsNotRendered() {
    Page p = page("wikipedia_en_100_mini_2022-10.zim", "Noble_gas");
    String md = doc("wikipedia_en_100_mini_2022-10.zim", "Noble_gas").toMarkdown();
    org.jsoup.nodes.Document html = Jsoup.parse(p.html());
    List<String> hidden = html.select("[style~=(^|;)\\s*color:\\s*transparent]").eachText();
    assertTrue(hidden.size() >= 118, hidden.size() + " invisible labels");
    html.select("[style~=(^|;)\\s*color:\\s*transparent]").remove();
    String visible = html.expectFirst("#mw-content-text").text();
    int absent = 0;
    for (String name : hidden) {
      if (!name.isBlank() && !visible.contains(name)) {
        assertFalse(md.contains(name), "invisible " + name + " rendered");
        absent++;
      }
    }
    assertTrue(absent > 80, absent + " labels only in invisible ink");
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  private static String withoutCode(String md) {
    StringBuilder sb = new StringBuilder();
    boolean fence = false;
    for (String line : md.split("\n", -1)) {
      if (line.stripLeading().startsWith("```")) {
        fence = !fence;
        continue;
      }
      if (!fence) {
        sb.append(line.replaceAll("`[^`]*`", "")).append('\n');
      }
    }
    return sb.toString();
  }
}
