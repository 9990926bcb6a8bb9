package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.corpusmcp.zim.search.CollectionStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two snapshots of one wiki in one language are weighed as one collection: each library's index
 * parses the query once per mode, for the collection's statistics and its search alike.
 */
class QueryParsedOnceTest {

  @TempDir static Path dir;
  private static Corpus corpus;
  private static ExecutorService workers;

  @BeforeAll
  static void open() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Mini", TestCorpus.RAY_MINI);
    libraries.put("Maxi", TestCorpus.RAY_MAXI);
    Path config = TestCorpus.writeConfig(dir.resolve("parsed-once"), libraries);
    corpus =
        Corpus.open(
            CorpusSettings.builder(TestCorpus.SAMPLES, config).logQueries(false).build(),
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
  void eachLibraryParsesTheQueryOncePerMode() {
    Map<String, AtomicInteger> parses = new ConcurrentHashMap<>();
    Function<Library, LibrarySearcher> real = CorpusSearchers.forCorpus();
    Map<String, LibrarySearcher> counting = new ConcurrentHashMap<>();
    Function<Library, LibrarySearcher> searchers =
        library ->
            counting.computeIfAbsent(
                library.name(),
                name -> counted(name, (ComparableSearcher) real.apply(library), parses));
    SearchPipeline search = new SearchPipeline(corpus.libraries(), searchers, workers, 3);
    // a question: strict and any-word passes both run
    SearchPipeline.Ranked outcome = search.rank(Query.of("who played the piano on georgia"), 5);
    assertFalse(outcome.candidates().isEmpty());
    assertEquals(
        Map.of("Mini STRICT", 1, "Mini RELAXED", 1, "Maxi STRICT", 1, "Maxi RELAXED", 1),
        snapshot(parses));
  }

  private static Map<String, Integer> snapshot(Map<String, AtomicInteger> counts) {
    Map<String, Integer> out = new LinkedHashMap<>();
    counts.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  /** The real searcher, counting how often each mode's query is parsed. */
  private static ComparableSearcher counted(
      String name, ComparableSearcher real, Map<String, AtomicInteger> parses) {
    return new ComparableSearcher() {
      @Override
      public List<Hit> search(Query query, Mode mode, int count) {
        return real.search(query, mode, count);
      }

      @Override
      public Optional<ComparableSearcher> comparable() {
        return Optional.of(this);
      }

      @Override
      public String language() {
        return real.language();
      }

      @Override
      public Prepared prepare(Query query, Mode mode) {
        parses.computeIfAbsent(name + " " + mode, k -> new AtomicInteger()).incrementAndGet();
        return real.prepare(query, mode);
      }

      @Override
      public CollectionStats statistics(Collection<String> terms) {
        return real.statistics(terms);
      }
    };
  }
}
