package org.corpusmcp.zim.search;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over query text, as clients type it, against a real archive and its index (read in place
 * from the shared samples): the query parser under both semantics, the ranking, and the snippet
 * builder over each hit's HTML (which runs the HTML-to-text extractor). A query may be refused only
 * as too long; everything else returns results.
 */
@Tag("fuzz")
class QueryAndSnippetFuzzTest {

  private static final Archive ARCHIVE =
      Zim.open(
          Path.of(
              System.getProperty("shared.dir", "../shared"),
              "corpus-samples",
              "mediawiki",
              "wikipedia_en_ray_charles_mini_2020-03.zim"));
  private static final Searcher LIBZIM_9 = Searcher.open(ARCHIVE, Semantics.LIBZIM_9);
  private static final Searcher[] SEARCHERS = {
    LIBZIM_9,
    Searcher.open(ARCHIVE, Semantics.LIBZIM_9),
    Searcher.open(ARCHIVE, Semantics.LIBZIM_8_1)
  };

  @FuzzTest(maxDuration = "60s")
  void anyQueryGetsResultsWithSnippets(FuzzedDataProvider data) {
    Searcher searcher = SEARCHERS[data.consumeInt(0, SEARCHERS.length - 1)];
    int count = data.consumeInt(0, 5);
    String query = data.consumeRemainingAsString();
    try {
      searcher.describe(query);
      searcher.search(query, 0, count, true);
    } catch (SearchException e) {
      if (e.reason() != SearchException.Reason.QUERY_TOO_LONG) {
        throw e;
      }
    }
  }
}
