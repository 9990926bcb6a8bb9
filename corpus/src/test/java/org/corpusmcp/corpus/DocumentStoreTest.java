package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.zim.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parsed-document cache under concurrent requests for one document. */
class DocumentStoreTest {

  /** The generic adapter, counting its parses and taking long enough for requests to overlap. */
  static final class SlowCountingAdapter implements CorpusAdapter {
    final AtomicInteger parses = new AtomicInteger();
    private final CorpusAdapter generic = new TestCorpus.GenericAdapter();
    private final long sleepMillis;

    SlowCountingAdapter(long sleepMillis) {
      this.sleepMillis = sleepMillis;
    }

    SlowCountingAdapter() {
      this(300);
    }

    @Override
    public String name() {
      return "generic";
    }

    @Override
    public DocumentKind kind() {
      return DocumentKind.ARTICLE;
    }

    @Override
    public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
      parses.incrementAndGet();
      try {
        Thread.sleep(sleepMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return generic.parse(entry, html, links);
    }

    @Override
    public double detect(ArchiveMetadata metadata) {
      return generic.detect(metadata);
    }
  }

  @Test
  void eightConcurrentRequestsForOneDocumentParseItOnce(@TempDir Path dir) throws Exception {
    SlowCountingAdapter adapter = new SlowCountingAdapter();
    Path config = TestCorpus.writeConfig(dir, Map.of("Ray", TestCorpus.RAY_MINI));
    CorpusSettings settings = CorpusSettings.builder(TestCorpus.SAMPLES, config).build();
    int clients = 8;
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try (Corpus corpus =
        Corpus.open(
            settings,
            Map.of("generic", new AdapterBinding(adapter, "test", getClass().getClassLoader())),
            null)) {
      Library ray = corpus.library("Ray");
      Entry article = ray.entry("Ray_Charles").resolve();
      DocumentStore store =
          new DocumentStore(
              1 << 26, 1 << 25, settings.maxDocumentBytes(), settings.maxClusterBytes());
      CyclicBarrier start = new CyclicBarrier(clients);
      List<Future<DocumentStore.Parsed>> loads = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        loads.add(
            pool.submit(
                () -> {
                  start.await();
                  return store.load(ray, article);
                }));
      }
      DocumentStore.Parsed first = loads.get(0).get(30, TimeUnit.SECONDS);
      assertNotNull(first);
      for (Future<DocumentStore.Parsed> load : loads) {
        assertSame(
            first, load.get(30, TimeUnit.SECONDS), "every request gets the one parsed document");
      }
      assertEquals(
          1,
          adapter.parses.get(),
          "parses of one document requested " + clients + " times at once");
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Search makes a result's snippet and hints from the document's lexical view, kept on its own: a
   * document that a later search finds again is not parsed again, even when the parsed-document
   * cache keeps nothing (a large archive, where few searches hit the same recent documents).
   */
  @Test
  void aDocumentFoundAgainBySearchIsNotParsedAgain(@TempDir Path dir) {
    SlowCountingAdapter adapter = new SlowCountingAdapter(0);
    Path config = TestCorpus.writeConfig(dir, Map.of("Hundred", TestCorpus.HUNDRED));
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .documentCacheBytes(0)
            .logQueries(false)
            .build();
    try (CorpusService service =
        new CorpusService(
            Corpus.open(
                settings,
                Map.of("generic", new AdapterBinding(adapter, "test", getClass().getClassLoader())),
                null),
            CorpusSearchers.forCorpus(),
            TestCorpus.WORKERS)) {
      Reply<SearchResult> first = service.search("music history", 10);
      int parsed = adapter.parses.get();
      assertTrue(parsed >= 5, "the first search parses its results, parses: " + parsed);
      Reply<SearchResult> again = service.search("music history", 10);
      assertEquals(
          parsed, adapter.parses.get(), "parses for a second search finding the same documents");
      assertEquals(CorpusServiceTest.body(first), CorpusServiceTest.body(again));
    }
  }
}
