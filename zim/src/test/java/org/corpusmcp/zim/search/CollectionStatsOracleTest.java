package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

/**
 * Two archives' indexes weighed as one collection give the weights Xapian's own multi-database
 * search gives (python3-xapian, add_database), document for document; weighed alone, the same
 * searcher still gives libzim's own weights.
 */
class CollectionStatsOracleTest {

  private static final String MINI = "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim";
  private static final String MAXI = "mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim";

  @Test
  void mergedStatisticsWeighAsXapiansMultiDatabaseSearch() throws Exception {
    Path a = Oracle.extract(Oracle.sample(MINI), "fulltext");
    Path b = Oracle.extract(Oracle.sample(MAXI), "fulltext");
    assertNotNull(a);
    assertNotNull(b);
    // both archives use the old namespace scheme: paths are the document data as stored (A/…)
    List<Searcher> members =
        List.of(
            Searcher.open(new ByteArraySource(Files.readAllBytes(a)), Semantics.LIBZIM_8_1, false),
            Searcher.open(new ByteArraySource(Files.readAllBytes(b)), Semantics.LIBZIM_8_1, false));
    for (String query :
        List.of("piano OR soul OR gospel", "georgia OR mind", "album OR country OR western")) {
      List<String> terms = members.get(0).queryTerms(query);
      assertEquals(terms, members.get(1).queryTerms(query), "one language, one parse");
      List<CollectionStats> stats = new ArrayList<>();
      for (Searcher s : members) {
        stats.add(s.statistics(terms));
      }
      CollectionStats merged = CollectionStats.merge(stats);

      Map<String, Double> xapian = new HashMap<>();
      String out =
          Oracle.python(
              List.of(
                  Oracle.script("multidb_oracle.py").toString(),
                  "40",
                  String.join(",", terms),
                  a.toString(),
                  b.toString()));
      for (String line : out.strip().split("\n", -1)) {
        @SuppressWarnings("unchecked")
        Map<String, Object> hit = (Map<String, Object>) MiniJson.parse(line);
        xapian.put(
            hit.get("db") + " " + hit.get("docid") + " " + hit.get("data"),
            ((Number) hit.get("weight")).doubleValue());
      }
      assertEquals(40, xapian.size(), query);

      int compared = 0;
      boolean differsFromOwn = false;
      for (int m = 0; m < members.size(); m++) {
        Map<Long, Double> own = new HashMap<>();
        for (ScoredHit h : members.get(m).searchScored(query, 0, 400, null).hits()) {
          own.put(h.docid(), h.weight());
        }
        for (ScoredHit h : members.get(m).searchScored(query, 0, 400, merged).hits()) {
          Double expected = xapian.get(m + " " + h.docid() + " " + h.path());
          if (expected != null) {
            assertEquals(expected, h.weight(), 1e-9 * expected, query + " " + m + " " + h.path());
            compared++;
            differsFromOwn |= Math.abs(own.get(h.docid()) - h.weight()) > 1e-6;
          }
        }
      }
      assertEquals(40, compared, query + ": every one of Xapian's top 40 found with its weight");
      assertTrue(differsFromOwn, query + ": merged statistics change the weights");
    }
  }

  @Test
  void withoutACollectionTheWeightsAreLibzims() throws Exception {
    Path a = Oracle.extract(Oracle.sample(MINI), "fulltext");
    assertNotNull(a);
    Searcher s =
        Searcher.open(new ByteArraySource(Files.readAllBytes(a)), Semantics.LIBZIM_9, false);
    SearchResults libzim = s.searchPaths("ray charles", 0, 30);
    ScoredResults scored = s.searchScored("ray charles", 0, 30, null);
    assertFalse(libzim.hits().isEmpty());
    assertEquals(libzim.hits().size(), scored.hits().size());
    for (int i = 0; i < libzim.hits().size(); i++) {
      assertEquals(libzim.hits().get(i).path(), scored.hits().get(i).path());
      assertEquals(libzim.hits().get(i).weight(), scored.hits().get(i).weight(), 0.0);
      assertEquals(2, scored.hits().get(i).matchedTerms(), "an AND query matches both terms");
    }
    assertEquals(2, scored.queryTerms());
  }
}
