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
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.zim.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search() and fetch() over real sample archives; expected values are hand-checked facts. */
class CorpusServiceTest {

  @TempDir static Path dir;

  static CorpusService service(String name, Map<String, String> libraries, int maxFetchChars,
      int maxConsecutive, Function<Library, LibrarySearcher> searchers) {
    Path config = TestCorpus.writeConfig(dir.resolve(name), libraries);
    CorpusSettings settings = CorpusSettings.builder(TestCorpus.SAMPLES, config)
        .maxFetchChars(maxFetchChars).maxFetchTokens(0).searchWorkers(4).maxConsecutive(maxConsecutive)
        .logQueries(false).build();
    return new CorpusService(Corpus.open(settings, TestCorpus.adapters(), null), searchers,
        TestCorpus::replyText);
  }

  static CorpusService service(String name, Map<String, String> libraries) {
    return service(name, libraries, 100_000, 2, CorpusSearchers.forCorpus());
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> results(ToolResult result) {
    return (List<Map<String, Object>>) assertInstanceOf(ToolResult.Success.class, result).body().get("results");
  }

  static Map<String, Object> body(ToolResult result) {
    return assertInstanceOf(ToolResult.Success.class, result).body();
  }

  static Map<String, Object> failure(ToolResult result, String code) {
    ToolResult.Failure f = assertInstanceOf(ToolResult.Failure.class, result);
    assertEquals(code, f.code(), f.message());
    Map<String, Object> out = new LinkedHashMap<>(f.details());
    out.put("message", f.message());
    return out;
  }

  @Test
  void anExactTitleComesFirstWithProvenance() {
    try (CorpusService s = service("exact", Map.of("Ray", TestCorpus.RAY_MINI))) {
      List<Map<String, Object>> results = results(s.search("Ray Charles", 5));
      Map<String, Object> first = results.get(0);
      assertEquals("corpus://Ray/Ray_Charles", first.get("ref"));
      assertEquals("Ray", first.get("library"));
      assertEquals("article", first.get("kind"));
      assertEquals("2020-03", first.get("snapshot")); // M/Date 2020-03-31 (SOURCES.md)
      String snippet = (String) first.get("snippet");
      assertFalse(snippet.isBlank() || snippet.contains("<"), snippet);
      assertTrue(results.size() <= 5);
    }
  }

  @Test
  void redirectsAreFollowedAndDeduplicated() {
    // SOURCES.md (checked with libzim): Georgia_On_My_Mind redirects to A/Georgia_on_My_Mind.
    try (CorpusService s = service("redirect", Map.of("Ray", TestCorpus.RAY_MINI))) {
      Map<String, Object> doc = body(s.fetch("corpus://Ray/Georgia_On_My_Mind", List.of()));
      assertEquals("corpus://Ray/Georgia_on_My_Mind", doc.get("ref"));
      assertEquals("corpus://Ray/Georgia_On_My_Mind", doc.get("requested_ref"));
      List<Map<String, Object>> results = results(s.search("Georgia on my mind", 10));
      long copies = results.stream().filter(r -> r.get("ref").equals("corpus://Ray/Georgia_on_My_Mind")).count();
      assertEquals(1, copies, results.toString());
    }
  }

  @Test
  void oneFailingLibraryDegradesTheAnswerAndIsNamed() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Ray", TestCorpus.RAY_MINI);
    libraries.put("Broken", TestCorpus.HUNDRED);
    Function<Library, LibrarySearcher> normal = CorpusSearchers.forCorpus();
    Function<Library, LibrarySearcher> searchers = library -> library.name().equals("Broken")
        ? (query, mode, count) -> { throw new IllegalStateException("index damaged"); }
        : normal.apply(library);
    try (CorpusService s = service("degraded", libraries, 100_000, 2, searchers)) {
      Map<String, Object> body = body(s.search("Ray Charles", 5));
      assertFalse(((List<?>) body.get("results")).isEmpty());
      // our words, not the exception's class name
      assertEquals(List.of(Map.of("library", "Broken", "error", "the archive is damaged: index damaged")),
          body.get("degraded"));
    }
  }

  @Test
  void anEmptyAnswerSaysSo() {
    try (CorpusService s = service("empty", Map.of("Ray", TestCorpus.RAY_MINI))) {
      Map<String, Object> body = body(s.search("zzqqxxnotaword", 5));
      assertEquals(List.of(), body.get("results"));
      assertTrue(String.valueOf(body.get("notice")).contains("No document"), body.toString());
    }
  }

  @Test
  void fetchReturnsSectionsWithSubtreesHashesAndTheArchiveIdentity() throws Exception {
    try (CorpusService s = service("fetch", Map.of("Maxi", TestCorpus.RAY_MAXI))) {
      Map<String, Object> whole = body(s.fetch("corpus://Maxi/Ray_Charles", List.of()));
      assertEquals(Boolean.FALSE, whole.get("truncated"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> available = (List<Map<String, Object>>) whole.get("available_sections");
      assertEquals("", available.get(0).get("id"));
      @SuppressWarnings("unchecked")
      Map<String, Object> archive = (Map<String, Object>) whole.get("archive");
      assertEquals(36, String.valueOf(archive.get("uuid")).length());
      // the hashes below cover this rendering; it names the renderer and its version
      assertTrue(String.valueOf(whole.get("rendering")).matches("corpus-mcp-markdown/[0-9]+"),
          String.valueOf(whole.get("rendering")));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sections = (List<Map<String, Object>>) whole.get("sections");
      for (Map<String, Object> section : sections) {
        assertEquals(sha256((String) section.get("content")), section.get("content_hash"));
      }
      // a level-2 section followed by a level-3 one: asking for the parent returns the child too,
      // each as the same section object (same content, same hash) as in the whole document
      int parent = -1;
      for (int i = 1; i + 1 < available.size(); i++) {
        if ((int) available.get(i).get("level") == 2 && (int) available.get(i + 1).get("level") == 3) {
          parent = i;
          break;
        }
      }
      assertTrue(parent > 0, "the maxi article has nested sections: " + available);
      String parentId = (String) available.get(parent).get("id");
      String childId = (String) available.get(parent + 1).get("id");
      Map<String, Object> picked = body(s.fetch("corpus://Maxi/Ray_Charles", List.of(parentId)));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> subtree = (List<Map<String, Object>>) picked.get("sections");
      assertEquals(parentId, subtree.get(0).get("id"));
      assertEquals(childId, subtree.get(1).get("id"));
      Map<String, String> wholeHashes = new LinkedHashMap<>();
      sections.forEach(x -> wholeHashes.put((String) x.get("id"), (String) x.get("content_hash")));
      for (Map<String, Object> x : subtree) {
        assertEquals(wholeHashes.get(x.get("id")), x.get("content_hash"), "section " + x.get("id"));
      }
      assertTrue(((String) subtree.get(1).get("content")).startsWith("### "), subtree.toString());
    }
  }

  /** The text block a client receives for a reply: the budget bounds exactly this. */
  static int clientChars(Map<String, Object> reply) {
    return TestCorpus.replyText(reply).length();
  }

  @Test
  void theBudgetBoundsWhatTheClientReceivesAndNamesEverySectionLeftOut() {
    try (CorpusService s = service("budget", Map.of("Maxi", TestCorpus.RAY_MAXI), 8000, 2,
        CorpusSearchers.forCorpus())) {
      Map<String, Object> doc = body(s.fetch("corpus://Maxi/Ray_Charles", List.of()));
      assertEquals(Boolean.TRUE, doc.get("truncated"));
      assertTrue(clientChars(doc) <= 8000, "the reply's text block exceeds the budget: " + clientChars(doc));
      List<String> returned = ids(doc.get("sections"));
      @SuppressWarnings("unchecked")
      List<String> omitted = (List<String>) doc.get("omitted_sections");
      List<String> both = new ArrayList<>(returned);
      both.addAll(omitted);
      assertEquals(ids(doc.get("available_sections")), both,
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
      Map<String, Object> whole = body(big.fetch("corpus://Maxi/Ray_Charles", List.of()));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> all = (List<Map<String, Object>>) whole.get("sections");
      Map<String, Object> longest = all.get(0);
      for (Map<String, Object> x : all) {
        if (((String) x.get("content")).length() > ((String) longest.get("content")).length()) {
          longest = x;
        }
      }
      id = (String) longest.get("id");
      Map<String, Object> alone = body(big.fetch("corpus://Maxi/Ray_Charles", List.of(id)));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> got = (List<Map<String, Object>>) alone.get("sections");
      assertEquals(1, got.size(), "pick a section without subsections: " + id);
      full = (String) got.get(0).get("content");
      fullReply = clientChars(alone);
    }
    assertTrue(full.length() > 5000, "the longest section is long: " + full.length());
    int budget = fullReply - 2000;
    try (CorpusService s = service("cut", Map.of("Maxi", TestCorpus.RAY_MAXI), budget, 2,
        CorpusSearchers.forCorpus())) {
      Map<String, Object> doc = body(s.fetch("corpus://Maxi/Ray_Charles", List.of(id)));
      assertTrue(clientChars(doc) <= budget, "text block: " + clientChars(doc) + " > " + budget);
      assertEquals(Boolean.TRUE, doc.get("truncated"));
      @SuppressWarnings("unchecked")
      Map<String, Object> cut = ((List<Map<String, Object>>) doc.get("sections")).get(0);
      assertEquals(Boolean.TRUE, cut.get("truncated"));
      assertEquals(full.length(), cut.get("full_chars"));
      String content = (String) cut.get("content");
      int marker = content.lastIndexOf("\n\n[…truncated: ");
      assertTrue(marker > 0 && content.endsWith("fetched by id.]"), content);
      String shown = content.substring(0, marker);
      // as late as the rule allows: the next line (here a table row, which is never split) would
      // not have fitted
      int nextLineEnd = full.indexOf('\n', shown.length() + 1);
      int nextLine = (nextLineEnd < 0 ? full.length() : nextLineEnd) - shown.length();
      assertTrue(clientChars(doc) + nextLine > budget, "cut early: " + shown.length() + " of " + full.length());
      assertTrue(full.startsWith(shown), "the cut part is a prefix of the section");
      assertTrue(full.startsWith("\n", shown.length()) || full.startsWith(" ", shown.length()),
          "cut between lines or words: …" + full.substring(shown.length(), shown.length() + 40));
      assertEquals(sha256(content), cut.get("content_hash"));
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
    try (CorpusService whole = service("pieces-whole", samples, 10_000_000, 2, CorpusSearchers.forCorpus());
        CorpusService tight = service("pieces-small", samples, small, 2, CorpusSearchers.forCorpus())) {
      for (Library library : whole.corpus().libraries()) {
        for (Entry entry : library.archive().allEntries()) {
          if (entry.isRedirect() || !library.isDocument(entry)) {
            continue;
          }
          String ref = Refs.encode(library.name(), library.refPath(entry));
          if (!(whole.fetch(ref, List.of()) instanceof ToolResult.Success everything)) {
            continue;
          }
          documents++;
          Map<String, String> expected = hashes(everything.body().get("sections"));
          Map<String, String> got = new LinkedHashMap<>();
          List<String> wanted = List.of();
          for (int round = 0; round < 1000; round++) {
            Map<String, Object> part = body(tight.fetch(ref, wanted));
            assertTrue(clientChars(part) <= small, ref + " piece: " + clientChars(part));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> sections = (List<Map<String, Object>>) part.get("sections");
            assertFalse(sections.isEmpty(), ref + ": a piece made no progress");
            for (Map<String, Object> x : sections) {
              if (!Boolean.TRUE.equals(x.get("truncated"))) {
                got.put((String) x.get("id"), (String) x.get("content_hash"));
              } else {
                // only a section larger than the budget may come cut, and then it is the only one
                assertEquals(1, sections.size(), ref);
                assertTrue((int) x.get("full_chars") > small / 2, ref + " " + x.get("id"));
                got.put((String) x.get("id"), expected.get(x.get("id")));
              }
            }
            @SuppressWarnings("unchecked")
            List<String> omitted = (List<String>) part.getOrDefault("omitted_sections", List.of());
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

  private static List<String> ids(Object sections) {
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) sections) {
      out.add((String) ((Map<?, ?>) o).get("id"));
    }
    return out;
  }

  private static Map<String, String> hashes(Object sections) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Object o : (List<?>) sections) {
      Map<?, ?> x = (Map<?, ?>) o;
      out.put((String) x.get("id"), (String) x.get("content_hash"));
    }
    return out;
  }

  @Test
  void fetchErrorsAreTheSeedsTypedErrors() {
    try (CorpusService s = service("errors", Map.of("Ray", TestCorpus.RAY_MINI))) {
      assertTrue(failure(s.fetch("Ray_Charles", List.of()), "invalid_ref").get("message").toString()
          .startsWith("invalid reference: "));
      assertEquals("Document not found in Ray: Foo_bar",
          failure(s.fetch("corpus://Ray/Foo_bar", List.of()), "not_found").get("message"));
      failure(s.fetch("corpus://Nope/Ray_Charles", List.of()), "not_found");
      Map<String, Object> missing = failure(
          s.fetch("corpus://Ray/Ray_Charles", List.of("", "Experiments")), "section_not_found");
      assertEquals(List.of("Experiments"), missing.get("missing_sections"));
      assertFalse(((List<?>) missing.get("available_sections")).isEmpty());
    }
  }

  @Test
  void hostileQueriesGetAnAnswerNeverAnException() {
    try (CorpusService s = service("hostile", Map.of("Ray", TestCorpus.RAY_MINI))) {
      for (String query : List.of("\u0000\u0001 ray", "\ud800charles", "x".repeat(500), "((( \"",
          "OR AND NOT", "*", "日本語 ray", "ray\ncharles\t", "-ray +charles")) {
        ToolResult result = s.search(query, 5);
        assertInstanceOf(ToolResult.Success.class, result, query + " -> " + result);
      }
    }
  }

  static String sha256(String s) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest(java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFC).getBytes(StandardCharsets.UTF_8)));
  }
}
