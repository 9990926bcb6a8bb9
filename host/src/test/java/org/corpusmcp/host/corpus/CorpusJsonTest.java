package org.corpusmcp.host.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.FetchJson;
import org.corpusmcp.corpus.FetchResponse;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.LibraryReport;
import org.corpusmcp.corpus.OutlineEntry;
import org.corpusmcp.corpus.Refs;
import org.corpusmcp.corpus.Reply;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.corpus.search.LibrarySearcher;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.mcp.McpServers;
import org.corpusmcp.host.plugins.PluginRuntime;
import org.corpusmcp.host.testing.SamplePlugins;
import org.corpusmcp.host.testing.TestCorpus;
import org.corpusmcp.zim.Entry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every reply the corpus gives, as {@link CorpusJson} maps it, on the real sample archives: valid
 * against its output schema, and with no field the schema does not declare; and every field of the
 * records has a place in the schema. So a field cannot reach clients undeclared, or be declared and
 * never filled.
 */
class CorpusJsonTest {

  @TempDir static Path dir;

  private static final JsonMapper JSON = JsonText.newMapper();
  private static final JsonSchemaValidator VALIDATOR = McpServers.schemaValidator(JSON);

  /** The generic test adapter (the shared sectionizer, default policy) as a real plugin. */
  private static PluginRuntime plugins;

  @BeforeAll
  static void loadTheAdapterPlugin() {
    TestCorpus.writeAdapterPlugin(dir.resolve("plugins"));
    plugins = PluginRuntime.start(SamplePlugins.settings(dir.resolve("plugins")));
  }

  @AfterAll
  static void unload() {
    plugins.close();
  }

  private static final Map<String, String> SAMPLES = new LinkedHashMap<>();

  /** The search threads this class's services share: daemons, as long as the test JVM. */
  private static final ExecutorService WORKERS =
      Executors.newFixedThreadPool(
          2,
          r -> {
            Thread t = new Thread(r, "test-corpus-search");
            t.setDaemon(true);
            return t;
          });

  static {
    SAMPLES.put("Hundred", TestCorpus.HUNDRED);
    SAMPLES.put("Maxi", TestCorpus.RAY_MAXI);
    SAMPLES.put("Mini", TestCorpus.RAY_MINI);
    SAMPLES.put("Ray2015", "mediawiki/wikipedia_en_ray_charles_2015-06.zim");
    SAMPLES.put("Be", "mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim");
  }

  static CorpusService service(
      String name, int maxFetchChars, Function<Library, LibrarySearcher> searchers) {
    Path config = TestCorpus.writeConfig(dir.resolve(name), SAMPLES);
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .maxFetchChars(maxFetchChars)
            .searchWorkers(2)
            .logQueries(false)
            .build();
    return new CorpusService(
        CorpusWiring.open(settings, plugins.plugins(), null), searchers, WORKERS);
  }

  @Test
  void everyFetchReplyOfEverySampleDocumentMatchesTheFetchSchema() {
    int checked = 0;
    boolean sawCut = false;
    boolean sawOmitted = false;
    boolean sawRedirect = false;
    // a small budget too, so cut sections (truncated, full_chars) and omitted_sections appear
    for (int budget : new int[] {10_000_000, 6_000}) {
      try (CorpusService service =
          service("fetch-" + budget, budget, CorpusSearchers.forCorpus())) {
        for (Library library : service.corpus().libraries()) {
          for (Entry entry : library.archive().allEntries()) {
            boolean redirect = entry.isRedirect();
            if (!redirect && !library.isDocument(entry)) {
              continue;
            }
            Reply<FetchResponse> reply =
                service.fetch(Refs.encode(library.name(), library.refPath(entry)), List.of());
            if (!(reply instanceof Reply.Ok<FetchResponse> ok)) {
              continue;
            }
            Map<String, Object> json = FetchJson.of(ok.value());
            assertMatches(FetchJson.SCHEMA, json);
            checked++;
            sawRedirect |= json.containsKey("requested_ref");
            sawOmitted |= json.containsKey("omitted_sections");
            sawCut |= ok.value().sections().stream().anyMatch(FetchResponse.SectionView::truncated);
          }
        }
      }
    }
    assertTrue(checked > 1000, "replies checked: " + checked);
    assertTrue(sawCut && sawOmitted && sawRedirect, "the optional fields were all exercised");
  }

  @Test
  void searchRepliesMatchTheSearchSchemaIncludingDegradedAndEmptyOnes() {
    Function<Library, LibrarySearcher> normal = CorpusSearchers.forCorpus();
    Function<Library, LibrarySearcher> oneBroken =
        library ->
            library.name().equals("Be")
                ? (query, mode, count) -> {
                  throw new IllegalStateException("index damaged");
                }
                : normal.apply(library);
    try (CorpusService service = service("search", 100_000, oneBroken)) {
      for (String query :
          List.of(
              "Ray Charles",
              "Georgia on my mind",
              "music history",
              "France",
              "zzqqxxnotaword",
              "Рэй",
              "soul",
              "Canada")) {
        @SuppressWarnings("unchecked")
        Reply.Ok<SearchResult> ok = assertInstanceOf(Reply.Ok.class, service.search(query, 10));
        Map<String, Object> json = CorpusJson.search(ok.value());
        assertMatches(CorpusJson.SEARCH_SCHEMA, json);
        assertTrue(json.containsKey("degraded"), query + ": the broken library is named");
        // a JDK exception from our code is a bug: an internal failure, never a damaged archive
        String said = String.valueOf(json.get("degraded"));
        assertTrue(said.contains("an unexpected internal failure (logged on the server)"), said);
        assertFalse(said.contains("damaged") || said.contains("IllegalState"), said);
      }
    }
  }

  @Test
  void everyLibraryReportMatchesItsSchema() {
    try (CorpusService service = service("reports", 100_000, CorpusSearchers.forCorpus())) {
      for (Library library : service.corpus().libraries()) {
        assertMatches(
            CorpusJson.LIBRARY_REPORT_SCHEMA, CorpusJson.libraryReport(library.describe()));
      }
    }
  }

  @Test
  void sectionNotFoundNamesTheMissingIdsAndTheOutline() {
    try (CorpusService service = service("missing", 100_000, CorpusSearchers.forCorpus())) {
      ToolResult.Failure failure =
          assertInstanceOf(
              ToolResult.Failure.class,
              CorpusJson.toolResult(
                  service.fetch("corpus://Mini/Ray_Charles", List.of("", "Experiments")),
                  FetchJson::of));
      assertEquals("section_not_found", failure.code());
      assertEquals(List.of("Experiments"), failure.details().get("missing_sections"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> outline =
          (List<Map<String, Object>>) failure.details().get("available_sections");
      assertEquals(
          Map.of("id", "", "title", "Ray Charles", "level", 1),
          Map.of(
              "id",
              outline.get(0).get("id"),
              "title",
              outline.get(0).get("title"),
              "level",
              outline.get(0).get("level")));
    }
  }

  @Test
  void sectionNotFoundSuggestsTheSectionAMisspeltOrTitleCasedIdMeant() {
    // The article's headings, read from its HTML: <h2 id="Death">, <h2
    // id="Early_life_and_education">.
    try (CorpusService service = service("did-you-mean", 100_000, CorpusSearchers.forCorpus())) {
      ToolResult.Failure failure =
          assertInstanceOf(
              ToolResult.Failure.class,
              CorpusJson.toolResult(
                  service.fetch(
                      "corpus://Maxi/Ray_Charles",
                      List.of("Deth", "Early life and education", "Quantum mechanics")),
                  FetchJson::of));
      assertEquals("section_not_found", failure.code());
      assertEquals(
          Map.of("Deth", "Death", "Early life and education", "Early_life_and_education"),
          failure.details().get("did_you_mean"));
      assertTrue(
          failure
              .message()
              .endsWith(
                  " Did you mean 'Death' for 'Deth'?"
                      + " Did you mean 'Early_life_and_education' for 'Early life and education'?"),
          failure.message());
    }
  }

  @Test
  void everyRecordFieldHasAPlaceInItsSchema() {
    Map<String, Object> fetch = schema(FetchJson.SCHEMA);
    Map<String, Object> search = schema(CorpusJson.SEARCH_SCHEMA);
    Map<String, Object> report = schema(CorpusJson.LIBRARY_REPORT_SCHEMA);
    assertDeclares(fetch, FetchResponse.class);
    assertDeclares(property(fetch, "archive"), FetchResponse.ArchiveInfo.class);
    assertDeclares(items(property(fetch, "sections")), FetchResponse.SectionView.class);
    assertDeclares(items(property(fetch, "available_sections")), OutlineEntry.class);
    assertDeclares(search, SearchResult.class);
    assertDeclares(items(property(search, "results")), SearchResult.RankedResult.class);
    assertDeclares(
        items(property(items(property(search, "results")), "relevant_sections")),
        SearchResult.SectionHint.class);
    assertDeclares(items(property(search, "degraded")), SearchResult.LibraryFailure.class);
    assertDeclares(report, LibraryReport.class);
    assertDeclares(items(property(report, "faults")), LibraryReport.Fault.class);
  }

  private static void assertMatches(String schemaText, Map<String, Object> json) {
    Map<String, Object> schema = schema(schemaText);
    JsonSchemaValidator.ValidationResponse response = VALIDATOR.validate(schema, json);
    assertTrue(response.valid(), response.errorMessage() + " in " + abbreviate(json));
    List<String> undeclared = new ArrayList<>();
    undeclared(schema, json, "$", undeclared);
    assertEquals(
        List.of(), undeclared, "fields the schema does not declare, in " + abbreviate(json));
  }

  /** Fields of {@code value} that {@code schema} has no property for (free-form objects aside). */
  @SuppressWarnings("unchecked")
  private static void undeclared(
      Map<String, Object> schema, Object value, String at, List<String> out) {
    if (value instanceof Map<?, ?> object) {
      Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
      if (properties == null) {
        return; // e.g. metadata: any plain JSON values
      }
      object.forEach(
          (k, v) -> {
            Map<String, Object> declared = (Map<String, Object>) properties.get(k);
            if (declared == null) {
              out.add(at + "." + k);
            } else {
              undeclared(declared, v, at + "." + k, out);
            }
          });
    } else if (value instanceof List<?> list && schema.get("items") instanceof Map<?, ?> items) {
      for (int i = 0; i < list.size(); i++) {
        undeclared((Map<String, Object>) items, list.get(i), at + "[" + i + "]", out);
      }
    }
  }

  private static void assertDeclares(Map<String, Object> schema, Class<? extends Record> type) {
    @SuppressWarnings("unchecked")
    Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
    for (RecordComponent c : type.getRecordComponents()) {
      String field = c.getName().replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
      assertTrue(
          properties.containsKey(field),
          type.getSimpleName()
              + "."
              + c.getName()
              + " has no '"
              + field
              + "' in its schema "
              + properties.keySet());
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema(String text) {
    return JSON.readValue(text, Map.class);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> property(Map<String, Object> schema, String name) {
    return (Map<String, Object>) ((Map<String, Object>) schema.get("properties")).get(name);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> items(Map<String, Object> schema) {
    return (Map<String, Object>) schema.get("items");
  }

  private static String abbreviate(Map<String, Object> json) {
    String s = json.toString();
    return s.length() < 400 ? s : s.substring(0, 400) + "…";
  }
}
