package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  private static String renderingOfFetch(Path dir, CorpusAdapter adapter) {
    Path config = TestCorpus.writeConfig(dir, Map.of("Mini", TestCorpus.RAY_MINI));
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config).logQueries(false).build();
    Map<String, AdapterBinding> adapters =
        Map.of(
            "generic",
            new AdapterBinding(adapter, "test-plugin", RenderingNameTest.class.getClassLoader()));
    try (CorpusService service =
        new CorpusService(
            Corpus.open(settings, adapters, null),
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
}
