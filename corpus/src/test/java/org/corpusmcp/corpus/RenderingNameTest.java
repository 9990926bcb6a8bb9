package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A fetch names the rendering of the adapter that made its Markdown, not one the corpus assumes.
 */
class RenderingNameTest {

  private static final CorpusAdapter PARSER = new TestCorpus.GenericAdapter();

  /** The generic adapter's parsing under a rendering name of its own. */
  private record Renamed(String name, String rendering) implements CorpusAdapter {
    @Override
    public DocumentKind kind() {
      return DocumentKind.ARTICLE;
    }

    @Override
    public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
      return PARSER.parse(entry, html, links);
    }
  }

  /** Same parsing, plugin-api's default rendering: what a third-party adapter gets. */
  private record Unnamed(String name) implements CorpusAdapter {
    @Override
    public DocumentKind kind() {
      return DocumentKind.ARTICLE;
    }

    @Override
    public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
      return PARSER.parse(entry, html, links);
    }
  }

  /**
   * A third-party adapter whose rendering() breaks plugin-api's promise of a name: null, blank, or
   * a throw.
   */
  private record Broken(String name, Supplier<@Nullable String> renderingName)
      implements CorpusAdapter {
    @Override
    public DocumentKind kind() {
      return DocumentKind.ARTICLE;
    }

    @Override
    public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
      return PARSER.parse(entry, html, links);
    }

    @Override
    public String rendering() {
      return renderingName.get();
    }
  }

  private static CorpusSettings settings(Path dir) {
    Path config = TestCorpus.writeConfig(dir, Map.of("Mini", TestCorpus.RAY_MINI));
    return CorpusSettings.builder(TestCorpus.SAMPLES, config).logQueries(false).build();
  }

  private static Map<String, AdapterBinding> adapters(CorpusAdapter adapter) {
    return Map.of(
        "generic",
        new AdapterBinding(adapter, "test-plugin", RenderingNameTest.class.getClassLoader()));
  }

  private static String renderingOfFetch(Path dir, CorpusAdapter adapter) {
    try (CorpusService service =
        new CorpusService(
            Corpus.open(settings(dir), adapters(adapter), null),
            CorpusSearchers.forCorpus(),
            TestCorpus.WORKERS)) {
      return CorpusServiceTest.body(service.fetch("corpus://Mini/Ray_Charles", List.of()))
          .rendering();
    }
  }

  @Test
  void aFetchCarriesItsAdaptersRendering(@TempDir Path dir) {
    assertEquals(
        "their-renderer/7", renderingOfFetch(dir, new Renamed("generic", "their-renderer/7")));
  }

  @Test
  void anAdapterThatNamesNoRenderingGetsOneOfItsOwnName(@TempDir Path dir) {
    assertEquals("generic-adapter", renderingOfFetch(dir, new Unnamed("generic")));
  }

  /**
   * Serving refuses to start, and {@code corpus validate} names the library, with the adapter and
   * its plugin: never a fetch that fails later, nor a NullPointerException.
   */
  @ParameterizedTest
  @ValueSource(strings = {"null", "blank", "throws"})
  void anAdapterThatNamesNoRenderingIsRefusedWhenItsLibraryOpens(String how, @TempDir Path dir) {
    CorpusAdapter broken =
        new Broken(
            "generic",
            () -> {
              if (how.equals("throws")) {
                throw new IllegalStateException("no renderer configured");
              }
              return how.equals("null") ? null : " ";
            });
    String expected = "library 'Mini' (";
    String adapter = "adapter 'generic' (plugin test-plugin) ";
    CorpusConfigException refused =
        assertThrows(
            CorpusConfigException.class,
            () -> Corpus.open(settings(dir), adapters(broken), null).close());
    assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
    assertTrue(refused.getMessage().contains(adapter), refused.getMessage());
    assertTrue(
        refused
            .getMessage()
            .endsWith(
                how.equals("throws")
                    ? "failed to name its rendering: no renderer configured"
                    : "names no rendering (rendering() returned "
                        + (how.equals("null") ? "null" : "a blank name")
                        + "; report it to its author)"),
        refused.getMessage());
    Corpus.Opening report = Corpus.openEach(settings(dir), adapters(broken), null);
    report.corpus().close();
    assertEquals(refused.getMessage(), report.failures().get("Mini"));
  }
}
