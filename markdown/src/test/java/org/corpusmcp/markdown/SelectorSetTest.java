package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * {@link SelectorSet} selects exactly what jsoup's own parse of the joined selector list selects,
 * element for element and in the same order: on hand-made markup that tries jsoup's case rules, and
 * on every HTML page of every sample archive.
 */
class SelectorSetTest {

  /** Every form a cleaning policy uses, simple and not, with upper case where jsoup ignores it. */
  private static final List<String> SELECTORS =
      List.of(
          "script",
          "style",
          "link",
          "h1.section-heading",
          "p.lead",
          "#toc",
          "#firstHeading",
          ".mw-editsection",
          ".NavBox",
          ".navbox-styles",
          ".reference",
          "sup.reference",
          ".nivbox",
          "sup[id^=cite_ref]",
          "[role=navigation]",
          "a:matchesOwn(^\\s*[\\^↑]\\s*$)",
          "span.nowrap:has(> span.haudio)",
          "div[style*=linear-gradient(180deg, #E8E8E8]",
          "table.infobox td",
          "ul > li.toclevel-1");

  private static final String HAND_MADE =
      """
      <h1 class="section-heading">T</h1><h2 class="section-heading">kept</h2>
      <div class="NAVBOX">a</div><div class="navbox other">b</div><div class=" x   NavBox ">c</div>
      <div class="nıvbox">dotless i</div><div class="NIVBOX">upper</div><div class="navboxes">no</div>
      <p class="LEAD">p</p><div class="lead">not a p</div><div id="TOC">case</div><div id="toc">id</div>
      <sup class="reference">1</sup><span class="reference">2</span><sup id="cite_ref-3">3</sup>
      <a href="#x">↑</a><a href="#y">up</a><span class="nowrap"><span class="haudio">(listen)</span></span>
      <table class="infobox"><tr><td>cell</td></tr></table><ul><li class="toclevel-1">i</li></ul>
      <script>x</script><style>y</style><div role="navigation">nav</div>
      """;

  @Test
  void handMadeMarkupSelectsWhatJsoupSelects() {
    Document dom = Jsoup.parse(HAND_MADE);
    Elements expected = dom.select(QueryParser.parse(String.join(", ", SELECTORS)));
    Elements actual = dom.select(SelectorSet.anyOf(SELECTORS));
    assertSameElements(expected, actual, "hand-made markup");
    // The cases that make the rules matter, checked by hand against jsoup's documented behaviour.
    assertTrue(actual.stream().anyMatch(e -> e.className().equals("nıvbox")), "dotless i");
    assertTrue(actual.stream().anyMatch(e -> e.className().equals("NAVBOX")), "class case");
    assertTrue(actual.stream().noneMatch(e -> e.id().equals("TOC")), "ids compare exactly");
    assertTrue(
        actual.stream().noneMatch(e -> e.text().equals("not a p")), "tag.class wants the tag");
    assertTrue(actual.stream().noneMatch(e -> e.className().equals("navboxes")), "whole names");
  }

  @Test
  void onlySimpleOrOnlyComplexOrNone() {
    Document dom = Jsoup.parse(HAND_MADE);
    for (List<String> list :
        List.of(
            List.of("script", ".navbox", "#toc"),
            List.of("sup[id^=cite_ref]", "span.nowrap:has(> span.haudio)"))) {
      assertSameElements(
          dom.select(QueryParser.parse(String.join(", ", list))),
          dom.select(SelectorSet.anyOf(list)),
          list.toString());
    }
    assertNull(SelectorSet.anyOf(List.of()));
  }

  @Test
  void everySamplePageSelectsWhatJsoupSelects() throws IOException {
    String shared = System.getProperty("shared.dir");
    assumeTrue(shared != null, "system property shared.dir is not set (run through Maven)");
    Evaluator jsoup = QueryParser.parse(String.join(", ", SELECTORS));
    Evaluator ours = SelectorSet.anyOf(SELECTORS);
    int pages = 0;
    int selected = 0;
    List<Path> archives;
    try (Stream<Path> files = Files.walk(Path.of(shared, "corpus-samples"))) {
      archives =
          files
              .filter(p -> p.toString().endsWith(".zim"))
              // the testing suite's deliberately broken archives have no pages to compare
              .filter(p -> !p.getFileName().toString().startsWith("invalid."))
              .sorted()
              .toList();
    }
    for (Path path : archives) {
      try (Archive archive = Zim.open(path)) {
        for (Entry e : archive.entriesByPath()) {
          if (!e.isItem() || !e.mimeType().startsWith("text/html")) {
            continue;
          }
          Document dom = Jsoup.parse(e.content().text());
          Elements expected = dom.select(jsoup);
          assertSameElements(expected, dom.select(ours), path.getFileName() + " " + e.path());
          selected += expected.size();
          pages++;
        }
      }
    }
    assertTrue(pages > 500, "pages compared: " + pages);
    assertTrue(selected > 5000, "elements selected: " + selected);
  }

  private static void assertSameElements(Elements expected, Elements actual, String where) {
    assertEquals(expected.size(), actual.size(), where + ": how many");
    for (int i = 0; i < expected.size(); i++) {
      Element e = expected.get(i);
      Assertions.assertSame(e, actual.get(i), where + ": element " + i + " <" + e.tagName() + ">");
    }
  }
}
