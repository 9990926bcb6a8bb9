package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.corpusmcp.corpus.FetchResponse.SectionView;
import org.corpusmcp.corpus.SearchResult.LibraryFailure;
import org.corpusmcp.corpus.SearchResult.RankedResult;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.corpus.search.LibrarySearcher;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.search.SearchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search() and fetch() over real sample archives; expected values are hand-checked facts. */
public class CorpusServiceTest {

  @TempDir static Path dir;

  static CorpusService service(
      String name,
      Map<String, String> libraries,
      int maxFetchChars,
      int maxConsecutive,
      Function<Library, LibrarySearcher> searchers) {
    Path config = TestCorpus.writeConfig(dir.resolve(name), libraries);
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .maxFetchChars(maxFetchChars)
            .maxFetchTokens(0)
            .searchWorkers(4)
            .maxConsecutive(maxConsecutive)
            .logQueries(false)
            .build();
    return new CorpusService(
        Corpus.open(settings, TestCorpus.adapters(), null), searchers, TestCorpus.WORKERS);
  }

  static CorpusService service(String name, Map<String, String> libraries) {
    return service(name, libraries, 100_000, 2, CorpusSearchers.forCorpus());
  }

  public static List<RankedResult> results(Reply<SearchResult> reply) {
    return body(reply).results();
  }

  @SuppressWarnings("unchecked")
  public static <T> T body(Reply<T> reply) {
    return ((Reply.Ok<T>) assertInstanceOf(Reply.Ok.class, reply)).value();
  }

  static Reply.Failed<?> failure(Reply<?> reply, String code) {
    Reply.Failed<?> f = assertInstanceOf(Reply.Failed.class, reply);
    assertEquals(code, f.code(), f.message());
    return f;
  }

  @Test
  void anExactTitleComesFirstWithProvenance() {
    try (CorpusService s = service("exact", Map.of("Ray", TestCorpus.RAY_MINI))) {
      List<RankedResult> results = results(s.search("Ray Charles", 5));
      RankedResult first = results.get(0);
      assertEquals("corpus://Ray/Ray_Charles", first.ref());
      assertEquals("Ray", first.library());
      assertEquals("article", first.kind());
      assertEquals("2020-03", first.snapshot()); // M/Date 2020-03-31 (SOURCES.md)
      String snippet = first.snippet();
      assertFalse(snippet.isBlank() || snippet.contains("<"), snippet);
      assertTrue(results.size() <= 5);
    }
  }

  @Test
  void redirectsAreFollowedAndDeduplicated() {
    // SOURCES.md (checked with libzim): Georgia_On_My_Mind redirects to A/Georgia_on_My_Mind.
    try (CorpusService s = service("redirect", Map.of("Ray", TestCorpus.RAY_MINI))) {
      FetchResponse doc = body(s.fetch("corpus://Ray/Georgia_On_My_Mind", List.of()));
      assertEquals("corpus://Ray/Georgia_on_My_Mind", doc.ref());
      assertEquals("corpus://Ray/Georgia_On_My_Mind", doc.requestedRef());
      List<RankedResult> results = results(s.search("Georgia on my mind", 10));
      long copies =
          results.stream().filter(r -> r.ref().equals("corpus://Ray/Georgia_on_My_Mind")).count();
      assertEquals(1, copies, results.toString());
    }
  }

  @Test
  void oneFailingLibraryDegradesTheAnswerAndIsNamed() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Ray", TestCorpus.RAY_MINI);
    libraries.put("Broken", TestCorpus.HUNDRED);
    Function<Library, LibrarySearcher> normal = CorpusSearchers.forCorpus();
    Function<Library, LibrarySearcher> searchers =
        library ->
            library.name().equals("Broken")
                ? (query, mode, count) -> {
                  throw new SearchException(SearchException.Reason.CORRUPT_INDEX, "index damaged");
                }
                : normal.apply(library);
    try (CorpusService s = service("degraded", libraries, 100_000, 2, searchers)) {
      SearchResult body = body(s.search("Ray Charles", 5));
      assertFalse(body.results().isEmpty());
      // our words, not the exception's class name
      assertEquals(
          List.of(
              new LibraryFailure(
                  "Broken", "the archive's full-text index is damaged: index damaged")),
          body.degraded());
    }
  }

  @Test
  void anEmptyAnswerSaysSo() {
    try (CorpusService s = service("empty", Map.of("Ray", TestCorpus.RAY_MINI))) {
      SearchResult body = body(s.search("zzqqxxnotaword", 5));
      assertEquals(List.of(), body.results());
      assertTrue(String.valueOf(body.notice()).contains("No document"), body.toString());
    }
  }

  @Test
  void fetchReturnsSectionsWithSubtreesHashesAndTheArchiveIdentity() throws Exception {
    try (CorpusService s = service("fetch", Map.of("Maxi", TestCorpus.RAY_MAXI))) {
      FetchResponse whole = body(s.fetch("corpus://Maxi/Ray_Charles", List.of()));
      assertFalse(whole.truncated());
      List<OutlineEntry> available = whole.availableSections();
      assertEquals("", available.get(0).id());
      assertEquals(36, whole.archive().uuid().length());
      // the hashes below cover this rendering; it names the renderer and its version
      assertTrue(whole.rendering().matches("corpus-mcp-markdown/[0-9]+"), whole.rendering());
      List<SectionView> sections = whole.sections();
      for (SectionView section : sections) {
        assertEquals(sha256(section.content()), section.contentHash());
      }
      // a level-2 section followed by a level-3 one: asking for the parent returns the child too,
      // each as the same section object (same content, same hash) as in the whole document
      int parent = -1;
      for (int i = 1; i + 1 < available.size(); i++) {
        if (available.get(i).level() == 2 && available.get(i + 1).level() == 3) {
          parent = i;
          break;
        }
      }
      assertTrue(parent > 0, "the maxi article has nested sections: " + available);
      String parentId = available.get(parent).id();
      String childId = available.get(parent + 1).id();
      List<SectionView> subtree =
          body(s.fetch("corpus://Maxi/Ray_Charles", List.of(parentId))).sections();
      assertEquals(parentId, subtree.get(0).id());
      assertEquals(childId, subtree.get(1).id());
      Map<String, String> wholeHashes = hashes(sections);
      for (SectionView x : subtree) {
        assertEquals(wholeHashes.get(x.id()), x.contentHash(), "section " + x.id());
      }
      assertTrue(subtree.get(1).content().startsWith("### "), subtree.toString());
    }
  }

  /** The text block a client receives for a reply: the budget bounds exactly this. */
  static int clientChars(FetchResponse reply) {
    return TestCorpus.fetchText(reply).length();
  }

  @Test
  void theBudgetBoundsWhatTheClientReceivesAndNamesEverySectionLeftOut() {
    try (CorpusService s =
        service(
            "budget", Map.of("Maxi", TestCorpus.RAY_MAXI), 8000, 2, CorpusSearchers.forCorpus())) {
      FetchResponse doc = body(s.fetch("corpus://Maxi/Ray_Charles", List.of()));
      assertTrue(doc.truncated());
      assertTrue(
          clientChars(doc) <= 8000,
          "the reply's text block exceeds the budget: " + clientChars(doc));
      List<String> omitted = doc.omittedSections();
      List<String> both = new ArrayList<>(doc.sections().stream().map(SectionView::id).toList());
      both.addAll(omitted);
      assertEquals(
          doc.availableSections().stream().map(OutlineEntry::id).toList(),
          both,
          "returned then omitted must be every section, in document order");
      assertFalse(omitted.isEmpty());
    }
  }

  @Test
  void aSectionLargerThanTheBudgetIsCutBetweenBlocksWithAMarker() throws Exception {
    // the article's longest section without subsections, fetched alone under a budget its reply
    // exceeds by 2,000 characters
    String id;
    String full;
    int fullReply;
    try (CorpusService big = service("cut-full", Map.of("Maxi", TestCorpus.RAY_MAXI))) {
      List<SectionView> all = body(big.fetch("corpus://Maxi/Ray_Charles", List.of())).sections();
      SectionView longest = all.get(0);
      for (SectionView x : all) {
        if (x.content().length() > longest.content().length()) {
          longest = x;
        }
      }
      id = longest.id();
      FetchResponse alone = body(big.fetch("corpus://Maxi/Ray_Charles", List.of(id)));
      List<SectionView> got = alone.sections();
      assertEquals(1, got.size(), "pick a section without subsections: " + id);
      full = got.get(0).content();
      fullReply = clientChars(alone);
    }
    assertTrue(full.length() > 5000, "the longest section is long: " + full.length());
    int budget = fullReply - 2000;
    try (CorpusService s =
        service(
            "cut", Map.of("Maxi", TestCorpus.RAY_MAXI), budget, 2, CorpusSearchers.forCorpus())) {
      FetchResponse doc = body(s.fetch("corpus://Maxi/Ray_Charles", List.of(id)));
      assertTrue(clientChars(doc) <= budget, "text block: " + clientChars(doc) + " > " + budget);
      assertTrue(doc.truncated());
      SectionView cut = doc.sections().get(0);
      assertTrue(cut.truncated());
      assertEquals(full.length(), cut.fullChars());
      String content = cut.content();
      int marker = content.lastIndexOf("\n\n[…truncated: ");
      assertTrue(marker > 0 && content.endsWith("fetched by id.]"), content);
      String shown = content.substring(0, marker);
      // as late as the rule allows: the next line (here a table row, which is never split) would
      // not have fitted
      int nextLineEnd = full.indexOf('\n', shown.length() + 1);
      int nextLine = (nextLineEnd < 0 ? full.length() : nextLineEnd) - shown.length();
      assertTrue(
          clientChars(doc) + nextLine > budget,
          "cut early: " + shown.length() + " of " + full.length());
      assertTrue(full.startsWith(shown), "the cut part is a prefix of the section");
      assertTrue(
          full.startsWith("\n", shown.length()) || full.startsWith(" ", shown.length()),
          "cut between lines or words: …" + full.substring(shown.length(), shown.length() + 40));
      assertEquals(sha256(content), cut.contentHash());
    }
  }

  /**
   * On every sample archive, every document read in pieces under a small budget (whole fetch, then
   * the omitted ids, until none are left) comes back as exactly the whole document's sections, hash
   * for hash, each piece within the budget.
   */
  @Test
  void onEverySampleDocumentsFitAndPiecesAddUpToTheWhole() {
    Map<String, String> samples = new LinkedHashMap<>();
    samples.put("Hundred", TestCorpus.HUNDRED);
    samples.put("Maxi", TestCorpus.RAY_MAXI);
    samples.put("Mini", TestCorpus.RAY_MINI);
    samples.put("Ray2015", "mediawiki/wikipedia_en_ray_charles_2015-06.zim");
    samples.put("Be", "mediawiki/wikibooks_be_all_nopic_2017-02.zim");
    int small = 12_000;
    int documents = 0;
    int pieced = 0;
    try (CorpusService whole =
            service("pieces-whole", samples, 10_000_000, 2, CorpusSearchers.forCorpus());
        CorpusService tight =
            service("pieces-small", samples, small, 2, CorpusSearchers.forCorpus())) {
      for (Library library : whole.corpus().libraries()) {
        for (Entry entry : library.archive().allEntries()) {
          if (entry.isRedirect() || !library.isDocument(entry)) {
            continue;
          }
          String ref = Refs.encode(library.name(), library.refPath(entry));
          if (!(whole.fetch(ref, List.of()) instanceof Reply.Ok<FetchResponse> everything)) {
            continue;
          }
          documents++;
          Map<String, String> expected = hashes(everything.value().sections());
          Map<String, String> got = new LinkedHashMap<>();
          List<String> wanted = List.of();
          for (int round = 0; round < 1000; round++) {
            FetchResponse part = body(tight.fetch(ref, wanted));
            assertTrue(clientChars(part) <= small, ref + " piece: " + clientChars(part));
            List<SectionView> sections = part.sections();
            assertFalse(sections.isEmpty(), ref + ": a piece made no progress");
            for (SectionView x : sections) {
              if (!x.truncated()) {
                got.put(x.id(), x.contentHash());
              } else {
                // only a section larger than the budget may come cut, and then it is the only one
                assertEquals(1, sections.size(), ref);
                assertTrue(x.fullChars() > small / 2, ref + " " + x.id());
                got.put(x.id(), expected.get(x.id()));
              }
            }
            List<String> omitted = part.omittedSections();
            if (omitted.isEmpty()) {
              break;
            }
            wanted = omitted;
          }
          if (got.size() > 1) {
            pieced++;
          }
          assertEquals(expected, got, ref);
        }
      }
    }
    assertTrue(documents > 300, "documents compared: " + documents);
    assertTrue(pieced > 100, "documents with more than one section: " + pieced);
  }

  private static Map<String, String> hashes(List<SectionView> sections) {
    Map<String, String> out = new LinkedHashMap<>();
    sections.forEach(x -> out.put(x.id(), x.contentHash()));
    return out;
  }

  @Test
  void fetchErrorsAreTheSeedsTypedErrors() {
    try (CorpusService s = service("errors", Map.of("Ray", TestCorpus.RAY_MINI))) {
      assertTrue(
          failure(s.fetch("Ray_Charles", List.of()), "invalid_ref")
              .message()
              .startsWith("invalid reference: "));
      assertEquals(
          "Document not found in Ray: Foo_bar",
          failure(s.fetch("corpus://Ray/Foo_bar", List.of()), "not_found").message());
      failure(s.fetch("corpus://Nope/Ray_Charles", List.of()), "not_found");
      Reply.MissingSections missing =
          failure(
                  s.fetch("corpus://Ray/Ray_Charles", List.of("", "Experiments")),
                  "section_not_found")
              .missing();
      assertEquals(List.of("Experiments"), missing.missingSections());
      assertFalse(missing.availableSections().isEmpty());
    }
  }

  @Test
  void hostileQueriesGetAnAnswerNeverAnException() {
    try (CorpusService s = service("hostile", Map.of("Ray", TestCorpus.RAY_MINI))) {
      for (String query :
          List.of(
              "\u0000\u0001 ray",
              "\ud800charles",
              "x".repeat(500),
              "((( \"",
              "OR AND NOT",
              "*",
              "日本語 ray",
              "ray\ncharles\t",
              "-ray +charles")) {
        Reply<SearchResult> result = s.search(query, 5);
        assertInstanceOf(Reply.Ok.class, result, query + " -> " + result);
      }
    }
  }

  static String sha256(String s) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256")
                .digest(
                    java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFC)
                        .getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The query log line quotes the client's query: a newline in it must not start a forged line of
   * its own, and terminal controls must not reach the log raw, whatever the logging set-up.
   */
  @Test
  void queriesAreQuotedForTheLogOnOneLineWithControlsEscaped() {
    assertEquals(
        "'q\\n04:44:00.000 ERROR o.c.h.Auth - FORGED\\u001b[2J\\u0007\\u0000'",
        CorpusService.forLog("q\n04:44:00.000 ERROR o.c.h.Auth - FORGED\u001b[2J\u0007\u0000"));
    assertEquals("'plain words'", CorpusService.forLog("plain words"));
    String cut = CorpusService.forLog("x".repeat(76) + "\n" + "y".repeat(50));
    assertEquals("'" + "x".repeat(76) + "\\n...'", cut);
  }
}
