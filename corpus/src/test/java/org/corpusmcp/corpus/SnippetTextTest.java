package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.markdown.CleaningPolicy;
import org.corpusmcp.markdown.HtmlSectionizer;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Test;

/**
 * Search snippets read as the article does: they come from the renderer's plain text, not from
 * Markdown with its markers stripped. The real articles are from the Wikipedia 100 mini sample;
 * every expected string was read by hand from the article's HTML.
 */
class SnippetTextTest {

  private static final HtmlSectionizer ENGINE =
      new HtmlSectionizer(CleaningPolicy.builder().build());

  private static DocumentWords article(String path, String title) {
    try (Archive a = Zim.open(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED))) {
      String html = a.expectByPath(path).content().text();
      return DocumentWords.of(ENGINE.toDocument(title, html, href -> "corpus://W/" + href));
    }
  }

  private static String snippet(DocumentWords words, String query) {
    return Snippets.best(words, Lexical.terms(query));
  }

  @Test
  void boldTermsKeepTheirParenthesesAndCommasTight() {
    // <p>The <b>National Football League</b> (<b>NFL</b>) is a professional …</p>
    assertEquals(
        "The National Football League (NFL) is a professional American football league that"
            + " consists of 32 teams, divided equally between the American Football Conference (AFC) and"
            + " the National Football Conference (NFC).",
        snippet(
            article("A/National_Football_League", "National Football League"),
            "national football league"));
    // <p><b>Video games</b>,<b></b> also known as <b>computer games,</b> are electronic games …
    String video = snippet(article("A/Video_game", "Video game"), "video games computer games");
    assertTrue(
        video.startsWith(
            "Video games, also known as computer games, are electronic games that"
                + " involves interaction with a user interface or input device – such as a joystick"),
        video);
  }

  private static String snippetOf(String html, String query) {
    Document doc = ENGINE.toDocument("T", html, href -> "corpus://W/" + href);
    return snippet(DocumentWords.of(doc), query);
  }

  @Test
  void linkTextComesWithoutItsTargetEvenWhenTheTargetHoldsParentheses() {
    assertEquals(
        "Guido van Rossum created Python, which he named after Monty Python's Flying Circus.",
        snippetOf(
            "<p>Guido van Rossum created <a href=\"Python_(programming_language)\">Python</a>,"
                + " which he named after <i>Monty Python's Flying Circus</i>.</p>",
            "python"));
  }

  @Test
  void textKeepsWhatMarkdownWouldEscapeOrStrip() {
    assertEquals(
        "In Python, 2 * 3 evaluates to 6 and 2 ** 3 to 8, while [x] stays a list.",
        snippetOf(
            "<p>In Python, <code>2 * 3</code> evaluates to 6 and 2 ** 3 to 8, while [x] stays a list.</p>",
            "evaluates"));
    assertEquals(
        "The names MAX_VALUE and os.path_join keep their underscores, like snake_case does.",
        snippetOf(
            "<p>The names MAX_VALUE and <code>os.path_join</code> keep their underscores, like"
                + " snake_case does.</p>",
            "underscores"));
  }

  /**
   * Snippets are plain text, but clients render them as Markdown: archive text that would render as
   * a live link, image, autolink or HTML is neutralised (its brackets or its {@code <} escaped), as
   * fetch escapes it; brackets and angle brackets that render as themselves stay as they are.
   */
  @Test
  void archiveTextThatWouldRenderAsALinkImageOrHtmlIsNeutralised() {
    assertEquals(
        "Press \\[click me\\](javascript:alert(9)) to win.",
        snippetOf("<p>Press [click me](javascript:alert(9)) to win.</p>", "press"));
    assertEquals(
        "A pixel !\\[img\\](data:image/png;base64,iVBORw0KGgo=) shows here.",
        snippetOf(
            "<p>A pixel ![img](data:image/png;base64,iVBORw0KGgo=) shows here.</p>", "pixel"));
    assertEquals(
        "Nested \\[a [b] c\\](https://evil.example) and \\[ref\\][1] links die.",
        snippetOf(
            "<p>Nested [a [b] c](https://evil.example) and [ref][1] links die.</p>", "nested"));
    assertEquals(
        "Raw \\<script>alert(1)\\</script> and \\<img src=x onerror=alert(2)> and"
            + " \\<https://evil.example> and \\<!-- hidden --> and \\<?php ?> stay text.",
        snippetOf(
            "<p>Raw &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(2)&gt;"
                + " and &lt;https://evil.example&gt; and &lt;!-- hidden --&gt; and &lt;?php ?&gt;"
                + " stay text.</p>",
            "raw"));
    // what renders as itself is left alone
    assertEquals(
        "Plainly 2 < 3, [x] stays a list, a [note] (aside) and \\](x) are no links.",
        snippetOf(
            "<p>Plainly 2 &lt; 3, [x] stays a list, a [note] (aside) and \\](x) are no links.</p>",
            "plainly"));
  }

  @Test
  void listsTablesAndCodeAreNotSnippetProse() {
    String html =
        "<ul><li>A list item that is long enough to look like a sentence of prose.</li>"
            + "<li>Another list item that is long enough to look like a sentence.</li></ul>"
            + "<table><tr><th>Header cell</th><th>Another header</th></tr><tr><td>a cell holding the word"
            + " sentence</td><td>b</td></tr></table><p>The one paragraph, a real sentence of running text.</p>";
    assertEquals(
        "The one paragraph, a real sentence of running text.", snippetOf(html, "sentence"));
  }

  @Test
  void aLongSentenceIsCutAroundTheWordItMatched() {
    String before =
        "This paragraph runs on for a long while about nothing in particular, the kind of text"
            + " that fills an article's middle, with clause after clause and comma after comma,"
            + " until well past the length a snippet shows, and only then, near its end, names";
    String html = "<p>" + before + " unique1999, the one word that was searched for.</p>";
    String snippet = snippetOf(html, "unique1999");
    assertTrue(snippet.contains("unique1999"), snippet);
    assertTrue(snippet.startsWith("…"), snippet);
    assertTrue(snippet.length() <= Snippets.MAX_CHARS + 1, snippet);
    // from a word boundary at most sixty characters before the match
    int at = snippet.indexOf("unique1999");
    assertTrue(at <= 61, snippet);
    assertTrue(before.endsWith(snippet.substring(1, at).stripTrailing()), snippet);
  }

  @Test
  void theWordsOfTheDocumentsOwnTitleCountLessThanTheOthers() {
    Document doc =
        ENGINE.toDocument(
            "Ray Charles",
            "<p>Ray Charles toured with Ray Charles's own band for decades.</p>"
                + "<h2 id=\"The_Ray_Charles_Foundation\">The Ray Charles Foundation</h2>"
                + "<p>The foundation carries Ray Charles's name.</p>"
                + "<h2 id=\"Early_life\">Early life</h2>"
                + "<p>He was born in Albany, Georgia, in 1930.</p>",
            href -> "corpus://W/" + href);
    DocumentWords words = DocumentWords.of(doc);
    List<String> terms = Lexical.terms("Ray Charles Albany");
    Snippets.Passage passage = Snippets.passage(words, terms);
    assertEquals("He was born in Albany, Georgia, in 1930.", passage.text());
    // the passage's section is the hint; a section named with the title's words alone is not
    List<Map<String, String>> hints = SectionHints.of(words, terms, passage.section());
    assertEquals(List.of(Map.of("id", "Early_life", "title", "Early life")), hints);
    // the query names a heading (with the title's words): "Early life" of "Ray Charles"
    assertTrue(SectionHints.headingNamesQuery(words, Lexical.terms("Ray Charles early life")));
    assertTrue(SectionHints.headingNamesQuery(words, Lexical.terms("the early life")));
    // not when a query word is in neither, nor when the heading has a word the query lacks
    assertFalse(SectionHints.headingNamesQuery(words, Lexical.terms("Ray Charles early albums")));
    assertFalse(SectionHints.headingNamesQuery(words, Lexical.terms("early")));
    // a query of the title's words alone still finds the first sentence that holds them
    assertEquals(
        "Ray Charles toured with Ray Charles's own band for decades.",
        Snippets.best(words, Lexical.terms("Ray Charles")));
  }

  @Test
  void aFrenchHeadingIsNamedByTheQueryThatRepeatsIt() {
    // a French man page's heading asked as a query: read with French stopwords its terms are
    // créer, montage, miroir ("un" is in Lucene's french_stop.txt, read by hand), and the heading's
    // own "un" must be read with the same list, or the heading holds a word the query lacks
    DocumentWords words =
        DocumentWords.of(
            ENGINE.toDocument(
                "mdadm(8)",
                "<p>mdadm gère les périphériques RAID logiciels de Linux.</p>"
                    + "<h2 id=\"Creer\">Créer un montage miroir</h2>"
                    + "<p>mdadm --create /dev/md0 --level=1 /dev/sda1 /dev/sdb1</p>",
                href -> "corpus://W/" + href));
    Stopwords french = Stopwords.forLanguage("fra");
    List<String> terms = Lexical.terms("Créer un montage miroir", french);
    assertEquals(List.of("creer", "montage", "miroir"), terms);
    assertTrue(SectionHints.headingNamesQuery(words, terms, french));
    // a heading word the query lacks still keeps it from naming the heading
    assertFalse(
        SectionHints.headingNamesQuery(words, Lexical.terms("Créer un montage", french), french));
  }
}
