package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

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
import org.corpusmcp.zim.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parsed-document cache under concurrent requests for one document. */
class DocumentStoreTest {

  /** The generic adapter, counting its parses and taking long enough for requests to overlap. */
  static final class SlowCountingAdapter implements CorpusAdapter {
    final AtomicInteger parses = new AtomicInteger();
    private final CorpusAdapter generic = new TestCorpus.GenericAdapter();

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
        Thread.sleep(300);
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
    try (Corpus corpus = Corpus.open(settings,
        Map.of("generic", new AdapterBinding(adapter, "test", getClass().getClassLoader())), null)) {
      Library ray = corpus.library("Ray");
      Entry article = ray.entry("Ray_Charles").resolve();
      DocumentStore store = new DocumentStore(1 << 26, settings.maxDocumentBytes(), settings.maxClusterBytes());
      CyclicBarrier start = new CyclicBarrier(clients);
      List<Future<DocumentStore.Parsed>> loads = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        loads.add(pool.submit(() -> {
          start.await();
          return store.load(ray, article);
        }));
      }
      DocumentStore.Parsed first = loads.get(0).get(30, TimeUnit.SECONDS);
      assertNotNull(first);
      for (Future<DocumentStore.Parsed> load : loads) {
        assertSame(first, load.get(30, TimeUnit.SECONDS), "every request gets the one parsed document");
      }
      assertEquals(1, adapter.parses.get(), "parses of one document requested " + clients + " times at once");
    } finally {
      pool.shutdownNow();
    }
  }
}
