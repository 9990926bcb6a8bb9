package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

/**
 * Damaged indexes give a typed error (never another exception, a hang or runaway memory); odd query
 * strings give an answer or a clear error; searches on one Searcher from many threads give the
 * single-threaded answers.
 */
class SearchRobustnessTest {
  static final List<String> QUERIES =
      List.of("кухня", "мова урок", "c++", "італьянская мова", "a", "1", "суп з");

  @Test
  void damagedIndexGivesTypedErrors() throws Exception {
    Path db =
        Oracle.extract(
            Oracle.sample("mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim"),
            "fulltext");
    byte[] good = Files.readAllBytes(db);
    Random r = new Random(5);
    int typed = 0;
    int fine = 0;
    for (int i = 0; i < 400; i++) {
      byte[] bad;
      if (i % 4 == 0) {
        bad = java.util.Arrays.copyOf(good, r.nextInt(good.length)); // truncation
      } else {
        bad = good.clone();
        for (int k = 0; k < 1 + i % 3; k++) {
          int at = r.nextInt(bad.length);
          bad[at] ^= (byte) (1 << r.nextInt(8)); // bit flips
        }
      }
      try {
        Searcher s = Searcher.open(new ByteArraySource(bad), Semantics.LIBZIM_9, false);
        for (String q : QUERIES) {
          s.search(q, 0, 20, false);
        }
        fine++;
      } catch (SearchException e) {
        assertEquals(SearchException.Reason.CORRUPT_INDEX, e.reason(), e.getMessage());
        typed++;
      }
    }
    assertTrue(
        typed > 50, "only " + typed + " damaged copies were detected (" + fine + " searched fine)");
  }

  @Test
  void oddQueriesAnswerOrFailClearly() throws Exception {
    try (Archive a =
        Zim.open(Oracle.sample("mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim"))) {
      Searcher s = Searcher.open(a);
      SuggestionSearcher g = SuggestionSearcher.open(a);
      List<String> odd =
          new ArrayList<>(
              List.of(
                  "",
                  "\u0000",
                  "\u0000\u0001\u0002",
                  "\ud800",
                  "\udfff x",
                  "x\ud800",
                  "\uffff\ufffe",
                  "\t\n\r",
                  "((((((((",
                  "\"\"\"\"",
                  "-+-+-+",
                  "AND OR NOT",
                  "🎵🎵🎵",
                  "ray\u0000charles",
                  "x".repeat(Searcher.MAX_QUERY_LENGTH),
                  "ray ".repeat(2400)));
      Random r = new Random(9);
      for (int i = 0; i < 300; i++) {
        StringBuilder b = new StringBuilder();
        int len = r.nextInt(40);
        for (int k = 0; k < len; k++) {
          b.append((char) r.nextInt(0x10000));
        }
        odd.add(b.toString());
      }
      for (String q : odd) {
        s.search(q, 0, 10);
        g.suggest(q, 0, 10);
      }
      String huge = "x".repeat(Searcher.MAX_QUERY_LENGTH + 1);
      SearchException e = assertThrows(SearchException.class, () -> s.search(huge, 0, 10));
      assertEquals(SearchException.Reason.QUERY_TOO_LONG, e.reason());
      assertThrows(IllegalArgumentException.class, () -> s.search("ray", -1, 10));
    }
  }

  @Test
  void noIndexIsTypedAndArchiveStaysReadable() throws Exception {
    try (Archive a = Zim.open(Oracle.sample("zim-testing-suite/nons/small.zim"))) {
      SearchException e = assertThrows(SearchException.class, () -> Searcher.open(a));
      assertEquals(SearchException.Reason.NO_INDEX, e.reason());
      assertTrue(a.entryCount() > 0);
    }
  }

  @Test
  void searchesAreThreadSafe() throws Exception {
    try (Archive a =
        Zim.open(Oracle.sample("mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim"))) {
      Searcher s = Searcher.open(a);
      SuggestionSearcher g = SuggestionSearcher.open(a);
      List<String> qs =
          List.of(
              "ray charles",
              "music",
              "album",
              "soul jazz",
              "georgia",
              "records",
              "the",
              "blues",
              "piano",
              "song");
      List<String> expected = new ArrayList<>();
      for (String q : qs) {
        expected.add(s.search(q, 0, 10).toString() + g.suggest(q, 0, 10));
      }
      ExecutorService ex = Executors.newFixedThreadPool(4);
      try {
        List<Future<String>> fs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
          String q = qs.get(i % qs.size());
          fs.add(ex.submit(() -> s.search(q, 0, 10).toString() + g.suggest(q, 0, 10)));
        }
        for (int i = 0; i < fs.size(); i++) {
          assertEquals(expected.get(i % qs.size()), fs.get(i).get());
        }
      } finally {
        ex.shutdownNow();
      }
    }
  }
}
