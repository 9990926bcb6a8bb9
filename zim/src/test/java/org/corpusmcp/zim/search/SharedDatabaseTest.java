package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Test;

/** Two semantics over one opened index search as two separately opened searchers do. */
class SharedDatabaseTest {

  @Test
  void anotherSemanticsReadsTheSameDatabaseAndSearchesAsIfOpenedAlone() {
    try (Archive archive =
        Zim.open(Oracle.sample("mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim"))) {
      Searcher strict = Searcher.open(archive, Semantics.LIBZIM_9);
      Searcher relaxed = strict.withSemantics(Semantics.LIBZIM_8_1);
      assertSame(strict.database(), relaxed.database());
      assertSame(strict, strict.withSemantics(Semantics.LIBZIM_9));
      assertEquals(Semantics.LIBZIM_8_1, relaxed.semantics());
      Searcher alone = Searcher.open(archive, Semantics.LIBZIM_8_1);
      assertNotSame(alone.database(), relaxed.database());
      String query = "piano OR soul OR gospel";
      ScoredResults shared = relaxed.searchScored(query, 0, 20, null);
      assertFalse(shared.hits().isEmpty());
      assertEquals(alone.searchScored(query, 0, 20, null), shared);
      assertEquals(alone.describe(query), relaxed.describe(query));
    }
  }
}
