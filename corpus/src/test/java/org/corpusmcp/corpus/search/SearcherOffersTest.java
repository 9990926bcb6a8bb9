package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.apache.lucene.util.BytesRef;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a library's searcher offers the search beside its hits, asked of the searcher instead of
 * tested by its class: weights that compare across libraries, and the words of its index.
 */
class SearcherOffersTest {

  @TempDir static Path root;
  private static CorpusService service;
  private static Library library;

  @BeforeAll
  static void open() {
    service = TestCorpus.service(root, Map.of("Ray", TestCorpus.RAY_MINI));
    library = service.corpus().library("Ray");
  }

  @AfterAll
  static void close() {
    service.close();
  }

  @Test
  void aFullTextSearcherIsComparableAndKnowsItsIndexsWords() throws Exception {
    LibrarySearcher searcher = CorpusSearchers.forCorpus().apply(library);
    assertSame(searcher, searcher.comparable().orElseThrow());
    Vocabulary words = searcher.vocabulary().orElseThrow();
    // "piano" is in the Ray Charles articles; a word the index holds is found by seeking to it
    assertEquals(
        org.apache.lucene.index.TermsEnum.SeekStatus.FOUND,
        words.terms().seekCeil(new BytesRef(words.form("piano"))));
  }

  @Test
  void aTitleSearcherOffersNeither() {
    LibrarySearcher titles = new TitleSearcher(library.archive());
    assertTrue(titles.comparable().isEmpty());
    assertTrue(titles.vocabulary().isEmpty());
  }
}
