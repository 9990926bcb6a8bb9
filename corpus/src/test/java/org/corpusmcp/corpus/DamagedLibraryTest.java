package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An archive libzim opens despite damage (here: its first cluster pointer points past the file)
 * does not stop the corpus: it is served, and {@code corpus validate}'s description of it lists the
 * fault with its offset, while a sound library beside it reports none.
 */
class DamagedLibraryTest {

  /** libzim's test archive; its cluster pointer list starts at 41,123 (zim_oracle.py info). */
  private static final String DAMAGED =
      "zim-testing-suite/nons/invalid.outofbounds_first_clusterptr.zim";

  private static final long FIRST_CLUSTER_POINTER = 41_123;

  @Test
  void aDamagedArchiveLibzimOpensIsServedAndItsFaultsDescribed(@TempDir Path dir) {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Ray", TestCorpus.RAY_MINI);
    libraries.put("Damaged", DAMAGED);
    Path config = TestCorpus.writeConfig(dir.resolve("corpus"), libraries);
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .searchWorkers(4)
            .logQueries(false)
            .build();
    try (Corpus corpus = Corpus.open(settings, TestCorpus.adapters(), null)) {
      Map<String, LibraryReport> described = new LinkedHashMap<>();
      for (Library library : corpus.libraries()) {
        described.put(library.name(), library.describe());
      }
      assertTrue(described.get("Ray").valid());
      assertEquals(List.of(), described.get("Ray").faults());
      assertFalse(described.get("Damaged").valid());
      LibraryReport.Fault first = described.get("Damaged").faults().get(0);
      assertEquals("CLUSTER_POINTER", first.fault(), first.toString());
      assertEquals(FIRST_CLUSTER_POINTER, first.offset(), first.toString());
    }
  }
}
