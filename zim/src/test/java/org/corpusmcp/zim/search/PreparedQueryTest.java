package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A query parsed once searches as the text does, and every hit names the entry it found by index.
 */
class PreparedQueryTest {

  private static Archive archive;

  @BeforeAll
  static void open() {
    archive = Zim.open(Oracle.sample("mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim"));
  }

  @AfterAll
  static void close() {
    archive.close();
  }

  @Test
  void aPreparedQuerySearchesAsItsTextAsOftenAsAsked() {
    Searcher s = Searcher.open(archive, Semantics.LIBZIM_8_1);
    PreparedQuery q = s.prepare("piano OR soul OR gospel");
    assertEquals(s.queryTerms("piano OR soul OR gospel"), q.terms());
    assertEquals(List.of("piano", "soul", "gospel"), q.terms());
    ScoredResults fromText = s.searchScored("piano OR soul OR gospel", 0, 20, null);
    assertFalse(fromText.hits().isEmpty());
    assertEquals(fromText, s.searchScored(q, 0, 20, null));
    assertEquals(fromText, s.searchScored(q, 0, 20, null)); // reused, not consumed
  }

  @Test
  void aQueryPreparedByAnotherSearcherIsRefused() {
    PreparedQuery strict = Searcher.open(archive, Semantics.LIBZIM_9).prepare("ray charles");
    Searcher relaxed = Searcher.open(archive, Semantics.LIBZIM_8_1);
    assertThrows(IllegalArgumentException.class, () -> relaxed.searchScored(strict, 0, 5, null));
  }

  @Test
  void everyHitNamesItsEntryByIndex() {
    Searcher s = Searcher.open(archive, Semantics.LIBZIM_9);
    ScoredResults scored = s.searchScored("ray charles", 0, 30, null);
    SearchResults titled = s.search("ray charles", 0, 30, false);
    assertFalse(scored.hits().isEmpty());
    for (ScoredHit h : scored.hits()) {
      assertEquals(h.path(), archive.entryAt(h.entryIndex()).path());
    }
    for (SearchHit h : titled.hits()) {
      assertEquals(h.path(), archive.entryAt(h.entryIndex()).path());
      assertEquals(h.title(), archive.entryAt(h.entryIndex()).title());
    }
    for (SearchHit h : s.searchPaths("ray charles", 0, 30).hits()) {
      assertEquals(-1, h.entryIndex(), "paths only: no entry looked up");
    }
  }
}
