package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings from the environment and from the builder; defaults as README's table states them. */
class CorpusSettingsTest {

  private static final Path CONFIG = Path.of("/srv/corpus/corpus.toml");

  @Test
  void theBuilderAndAnEmptyEnvironmentGiveTheDocumentedDefaults() {
    CorpusSettings built = CorpusSettings.builder(Path.of("/srv/corpus"), CONFIG).build();
    assertEquals(built, CorpusSettings.fromEnvironment(Map.of(), CONFIG, null));
    assertEquals(5, built.searchLimit());
    assertEquals(10, built.searchMaxLimit());
    assertEquals(100_000, built.maxFetchChars());
    assertEquals(24_000, built.maxFetchTokens());
    assertEquals(8, built.searchWorkers());
    assertEquals(2, built.maxConsecutive());
    assertTrue(built.logQueries());
    assertEquals(16_777_216L, built.maxDocumentBytes());
    assertEquals(33_554_432L, built.maxClusterBytes());
    assertEquals(16_777_216L, built.documentCacheBytes());
    assertEquals(8_388_608L, built.searchTextCacheBytes());
    assertEquals(4_194_304L, built.clusterCacheBytes());
  }

  @Test
  void theDocumentCacheIsBoundedByConfiguration() {
    CorpusSettings s =
        CorpusSettings.fromEnvironment(Map.of("DOCUMENT_CACHE_BYTES", "1048576"), CONFIG, null);
    assertEquals(1_048_576L, s.documentCacheBytes());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                CorpusSettings.fromEnvironment(Map.of("DOCUMENT_CACHE_BYTES", "-1"), CONFIG, null));
    assertTrue(e.getMessage().startsWith("DOCUMENT_CACHE_BYTES"), e.getMessage());
  }

  @Test
  void theSearchTextAndClusterCachesAreBoundedByConfiguration() {
    CorpusSettings s =
        CorpusSettings.fromEnvironment(
            Map.of("SEARCH_TEXT_CACHE_BYTES", "2048", "CLUSTER_CACHE_BYTES", "0"), CONFIG, null);
    assertEquals(2048L, s.searchTextCacheBytes());
    assertEquals(0L, s.clusterCacheBytes());
    for (String name : new String[] {"SEARCH_TEXT_CACHE_BYTES", "CLUSTER_CACHE_BYTES"}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> CorpusSettings.fromEnvironment(Map.of(name, "-1"), CONFIG, null));
      assertTrue(e.getMessage().startsWith(name), e.getMessage());
    }
  }

  @Test
  void theBodyIndexDirectoryIsCorpusIndexDirElseTheXdgCacheElseBesideTheCorpus() {
    Map<String, String> all =
        Map.of("CORPUS_INDEX_DIR", "/var/cache/idx", "XDG_CACHE_HOME", "/x", "HOME", "/home/u");
    assertEquals(
        Path.of("/var/cache/idx"),
        CorpusSettings.fromEnvironment(all, CONFIG, null).bodyIndexDir());
    assertEquals(
        Path.of("/x/corpus-mcp/body-index"),
        CorpusSettings.fromEnvironment(
                Map.of("XDG_CACHE_HOME", "/x", "HOME", "/home/u"), CONFIG, null)
            .bodyIndexDir());
    assertEquals(
        Path.of("/home/u/.cache/corpus-mcp/body-index"),
        CorpusSettings.fromEnvironment(Map.of("HOME", "/home/u"), CONFIG, null).bodyIndexDir());
    assertEquals(
        Path.of("/srv/corpus/.corpus-mcp-index"),
        CorpusSettings.fromEnvironment(Map.of(), CONFIG, null).bodyIndexDir());
  }
}
