package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A library whose archive says {@code Language=fra} (written by the real libzim writer, {@code
 * french_archive.py}) reads a French question with French stopwords: "est", "la" and "de" are no
 * evidence, in the words the search ranks by and in the any-word query it asks. The expected words
 * are those left once Snowball's French list (Lucene's french_stop.txt: "la", "de") and "est" are
 * taken out, read by hand.
 */
class FrenchStopwordsTest {

  private static final Path SCRIPT =
      Path.of("src", "test", "resources", "french_archive.py").toAbsolutePath();

  @TempDir static Path dir;
  private static Corpus corpus;
  private static ExecutorService workers;

  @BeforeAll
  static void open() throws Exception {
    Path root = dir.resolve("root");
    java.nio.file.Files.createDirectories(root);
    Process p =
        new ProcessBuilder(
                "/usr/bin/python3", SCRIPT.toString(), root.resolve("villes.zim").toString())
            .inheritIO()
            .start();
    assertEquals(0, p.waitFor());
    Path config = TestCorpus.writeConfig(dir.resolve("config"), Map.of("Villes", "villes.zim"));
    corpus =
        Corpus.open(
            CorpusSettings.builder(root, config).logQueries(false).build(),
            TestCorpus.adapters(),
            null);
    workers = Executors.newFixedThreadPool(2);
  }

  @AfterAll
  static void close() {
    workers.shutdownNow();
    corpus.close();
  }

  @Test
  void aFrenchQuestionIsRankedByItsMeaningfulWordsOnly() {
    SearchPipeline search =
        new SearchPipeline(corpus.libraries(), CorpusSearchers.forCorpus(), workers, 3);
    SearchPipeline.Ranking ranking = search.search("Quelle est la capitale de la France ?", 5);
    assertEquals(List.of("capitale", "france"), ranking.typed().terms());
    assertEquals("Paris", ranking.candidates().get(0).entry().title());
  }
}
