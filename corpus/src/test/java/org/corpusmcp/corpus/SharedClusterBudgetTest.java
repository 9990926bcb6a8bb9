package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimOptions;
import org.corpusmcp.zim.format.ClusterBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CLUSTER_CACHE_TOTAL_BYTES bounds the decoded clusters of all libraries together: reading every
 * item of two libraries, each of which alone fills the budget, never holds more than it, and
 * closing the corpus gives it all back.
 */
class SharedClusterBudgetTest {

  /** The sample archives' compressed clusters are 1-1.6 MiB, 3.7 and 5 MiB in all. */
  private static final long BUDGET = 5L << 19;

  @Test
  void allLibrariesTogetherStayWithinTheOneBudget(@TempDir Path dir) {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Hundred", TestCorpus.HUNDRED);
    libraries.put("Maxi", TestCorpus.RAY_MAXI);
    Path config = TestCorpus.writeConfig(dir.resolve("corpus"), libraries);
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .logQueries(false)
            .clusterCacheTotalBytes(BUDGET)
            .build();
    Corpus corpus = Corpus.open(settings, TestCorpus.adapters(), null);
    ClusterBudget budget = corpus.clusterBudget();
    try (corpus) {
      assertEquals(BUDGET, budget.maxBytes());
      long[] peakAfter = new long[2];
      int k = 0;
      for (Library library : corpus.libraries()) {
        long alone = keptAlone(TestCorpus.SAMPLES.resolve(libraries.get(library.name())));
        assertTrue(alone > BUDGET, library.name() + " alone keeps more: " + alone + " bytes");
        readEveryItem(library.archive(), budget, BUDGET);
        peakAfter[k++] = budget.usedBytes();
      }
      assertTrue(peakAfter[0] > BUDGET / 2, "the first library filled it: " + peakAfter[0]);
      assertTrue(peakAfter[1] <= BUDGET, "both together within it: " + peakAfter[1]);
    }
    assertEquals(0, budget.usedBytes(), "closing the libraries gave their clusters back");
    assertEquals(0, budget.clusters());
  }

  /** What reading all of an archive keeps with a budget of its own that never evicts. */
  private static long keptAlone(Path path) {
    ClusterBudget unbounded = ClusterBudget.of(Long.MAX_VALUE);
    try (Archive alone = Zim.open(path, ZimOptions.builder().clusterBudget(unbounded).build())) {
      readEveryItem(alone, unbounded, Long.MAX_VALUE);
      return unbounded.usedBytes();
    }
  }

  /** Reads every item's content whole, checking the bound after each. */
  private static void readEveryItem(Archive archive, ClusterBudget budget, long bound) {
    for (Entry e : archive.allEntries()) {
      if (!e.isRedirect()) {
        e.content().bytes();
        assertTrue(budget.usedBytes() <= bound, "used " + budget.usedBytes());
      }
    }
  }
}
