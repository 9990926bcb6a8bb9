package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.corpus.BodyIndex;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the sidecar body index: query text searched in both modes over the index built for a
 * real archive without a full-text index of its own (the 2015 Ray Charles Wikipedia), and the
 * completion marker rewritten with any text. A search answers without an exception, at most the
 * count asked, no entry twice, only documents of the library; a marker is read without an exception
 * and the index is used only when the marker names this archive and this format.
 */
@Tag("fuzz")
class BodyIndexFuzzTest {

  private static final String NAME = "Ray2015";
  private static final String SAMPLE = "mediawiki/wikipedia_en_ray_charles_2015-06.zim";
  private static final String[] PREFIXES = {"", "ray ", "apotheosis ", "\"", "-", "title:"};

  private static @Nullable Corpus corpus;
  private static @Nullable Path dir;
  private static @Nullable BodyIndexSearcher searcher;

  /** Built on the first input, so the classes it loads are instrumented (see HttpFrontFuzzTest). */
  private static synchronized BodyIndexSearcher searcher() {
    if (searcher == null) {
      try {
        dir = Files.createTempDirectory("body-index-fuzz");
        Path config = TestCorpus.writeConfig(dir.resolve("config"), Map.of(NAME, SAMPLE));
        CorpusSettings settings =
            CorpusSettings.builder(TestCorpus.SAMPLES, config)
                .searchWorkers(1)
                .logQueries(false)
                .bodyIndexDir(dir.resolve("index"))
                .build();
        corpus = Corpus.open(settings, TestCorpus.adapters(), null);
        Library library = corpus.library(NAME);
        BodyIndex index = new BodyIndex(dir.resolve("index"));
        index.build(library, settings, null);
        searcher =
            (BodyIndexSearcher) CorpusSearchers.forCorpus(dir.resolve("index")).apply(library);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return searcher;
  }

  @AfterAll
  static synchronized void close() throws IOException {
    if (corpus != null) {
      corpus.close();
    }
    if (dir != null) {
      try (var files = Files.walk(dir)) {
        for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @FuzzTest(maxDuration = "30s")
  void searchesAnswerWithinTheirCountAndMarkersAreReadSafely(FuzzedDataProvider data)
      throws IOException {
    BodyIndexSearcher search = searcher();
    Library library = corpus.library(NAME);
    if (data.consumeInt(0, 15) == 0) {
      marker(data, library);
      return;
    }
    int count = data.consumeInt(1, 30);
    LibrarySearcher.Mode mode =
        data.consumeBoolean() ? LibrarySearcher.Mode.STRICT : LibrarySearcher.Mode.RELAXED;
    String text =
        PREFIXES[data.consumeInt(0, PREFIXES.length - 1)] + data.consumeRemainingAsString();
    List<LibrarySearcher.Hit> hits = search.search(Query.of(text), mode, count);
    assertTrue(hits.size() <= count, hits.size() + " hits for " + count);
    Set<Integer> seen = new HashSet<>();
    for (LibrarySearcher.Hit h : hits) {
      assertTrue(seen.add(h.entry().index()), "entry twice: " + h.entry().path());
      assertTrue(library.isDocument(h.entry().resolve()), "not a document: " + h.entry().path());
    }
  }

  /**
   * A marker of any text is read without an exception; one that still names this archive after the
   * fuzzer's lines are added is trusted, one whose archive line is changed is not.
   */
  private static void marker(FuzzedDataProvider data, Library library) throws IOException {
    BodyIndex index = new BodyIndex(dir.resolve("index"));
    Path marker = index.location(library).resolve("corpus-mcp-body-index.properties");
    byte[] kept = Files.readAllBytes(marker);
    String extra = data.consumeString(200);
    String uuid = "uuid=" + library.uuid();
    String format = "format=" + BodyIndex.FORMAT;
    try {
      Files.writeString(marker, data.consumeRemainingAsString(), StandardCharsets.UTF_8);
      index.isBuilt(library);
      // the fuzzer's lines first (commented out when they would set a key), then the marker's
      String comment = "#" + extra.replaceAll("[\\r\\n\\\\]", " ") + "\n";
      Files.writeString(marker, comment + uuid + "\n" + format + "\n", StandardCharsets.UTF_8);
      assertTrue(index.isBuilt(library), "a marker naming this archive was not trusted");
      String other = uuid.substring(0, uuid.length() - 1) + (uuid.endsWith("0") ? "1" : "0");
      Files.writeString(marker, comment + other + "\n" + format + "\n", StandardCharsets.UTF_8);
      assertFalse(index.isBuilt(library), "a marker naming another archive was trusted");
    } finally {
      Files.write(marker, kept);
    }
  }
}
