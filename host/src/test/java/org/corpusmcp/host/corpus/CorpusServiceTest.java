package org.corpusmcp.host.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.plugins.PluginRuntime;
import org.corpusmcp.host.testing.SamplePlugins;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search() and fetch() over real sample archives; expected values are hand-checked facts. */
class CorpusServiceTest {

  @TempDir static Path dir;
  static PluginRuntime plugins;

  @BeforeAll
  static void loadAdapter() {
    TestCorpus.writeAdapterPlugin(dir.resolve("plugins"));
    plugins = PluginRuntime.start(SamplePlugins.settings(dir.resolve("plugins")));
  }

  @AfterAll
  static void stop() {
    plugins.close();
  }

  static CorpusService service(String name, Map<String, String> libraries, int maxFetchChars,
      int maxConsecutive, Function<Library, LibrarySearcher> searchers) {
    Path config = TestCorpus.writeConfig(dir.resolve(name), libraries);
    CorpusSettings settings = new CorpusSettings(TestCorpus.SAMPLES, config, 5, 10, maxFetchChars,
        4, maxConsecutive, false, false);
    return new CorpusService(Corpus.open(settings, Adapters.collect(plugins.plugins()), null), searchers);
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
  void noLibraryHasMoreThanMaxConsecutiveResultsInARowWhileAnotherHasResults() {
    Map<String, String> twins = new LinkedHashMap<>();
    twins.put("RayA", TestCorpus.RAY_MINI);
    twins.put("RayB", TestCorpus.RAY_MINI);
    try (CorpusService s = service("diverse", twins, 100_000, 1, CorpusSearchers.forCorpus())) {
      List<Map<String, Object>> results = results(s.search("Ray Charles", 6));
      assertEquals(6, results.size());
      for (int i = 1; i < results.size(); i++) {
        assertFalse(results.get(i).get("library").equals(results.get(i - 1).get("library")),
            "two in a row at " + i + ": " + results);
      }
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
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sections = (List<Map<String, Object>>) whole.get("sections");
      for (Map<String, Object> section : sections) {
        assertEquals(sha256((String) section.get("content")), section.get("content_hash"));
      }
      // a level-2 section followed by a level-3 one: asking for the parent returns the child too
      int parent = -1;
      for (int i = 1; i + 1 < available.size(); i++) {
        if ((int) available.get(i).get("level") == 2 && (int) available.get(i + 1).get("level") == 3) {
          parent = i;
          break;
        }
      }
      assertTrue(parent > 0, "the maxi article has nested sections: " + available);
      String parentId = (String) available.get(parent).get("id");
      String childTitle = (String) available.get(parent + 1).get("title");
      Map<String, Object> picked = body(s.fetch("corpus://Maxi/Ray_Charles", List.of(parentId)));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> one = (List<Map<String, Object>>) picked.get("sections");
      assertEquals(1, one.size());
      assertTrue(((String) one.get(0).get("content")).contains("### " + childTitle), one.toString());
    }
  }

  @Test
  void theBudgetCutsAtASectionBoundaryAndSaysWhatWasLeftOut() {
    try (CorpusService s = service("budget", Map.of("Maxi", TestCorpus.RAY_MAXI), 3000, 2,
        CorpusSearchers.forCorpus())) {
      Map<String, Object> doc = body(s.fetch("corpus://Maxi/Ray_Charles", List.of()));
      assertEquals(Boolean.TRUE, doc.get("truncated"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sections = (List<Map<String, Object>>) doc.get("sections");
      int total = sections.stream().mapToInt(x -> ((String) x.get("content")).length()).sum();
      assertTrue(total <= 3000, "content exceeds the budget: " + total);
      assertFalse(((List<?>) doc.get("omitted_sections")).isEmpty());
    }
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
