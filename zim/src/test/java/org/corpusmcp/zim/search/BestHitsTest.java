package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Searcher#searchBest} skips documents, yet returns exactly the first hits of {@link
 * Searcher#searchScored}: the same documents with the same weights (to the bit) in the same order,
 * over many seeded queries of each sample archive's own words, with its own statistics and with a
 * collection's.
 */
class BestHitsTest {

  private static final int[] DEPTHS = {1, 3, 10, 25};

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim",
        "mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim",
        "mediawiki/wikipedia_en_100_mini_2022-10.zim",
        "other/tonedear.com_en_2024-09.zim"
      })
  void theBestHitsAreTheFirstOfTheFullRanking(String sample) {
    try (Archive archive = Zim.open(Oracle.sample(sample))) {
      Searcher relaxed = Searcher.open(archive, Semantics.LIBZIM_8_1);
      Searcher strict = relaxed.withSemantics(Semantics.LIBZIM_9);
      List<String> words = vocabulary(relaxed.database());
      assertTrue(words.size() > 50, sample + ": too few words to draw queries from");
      Random rnd = new Random(38);
      int compared = 0;
      for (int i = 0; i < 150; i++) {
        String text = query(words, rnd);
        Searcher s = text.contains(" OR ") || text.contains("*") ? relaxed : strict;
        PreparedQuery q = s.prepare(text);
        CollectionStats own = s.statistics(q.terms());
        // a collection twice this size where every term is rarer: other term weights, other order
        CollectionStats other =
            new CollectionStats(
                own.docCount() * 2 + 7, own.totalLength() * 3, 1, Map.copyOf(own.termFreqs()));
        for (CollectionStats stats : new CollectionStats[] {null, other}) {
          for (int depth : DEPTHS) {
            ScoredResults all = s.searchScored(q, 0, depth, stats);
            assertEquals(all, s.searchBest(q, depth, stats), sample + ": " + text + " @" + depth);
            compared += all.hits().size();
          }
        }
      }
      assertTrue(compared > 1000, sample + ": only " + compared + " hits compared");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"the OR of OR piano", "music OR the OR soul OR gospel"})
  void aBroadQueryIsAnsweredWithoutWeighingEveryMatch(String text) {
    try (Archive archive =
        Zim.open(Oracle.sample("mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim"))) {
      Searcher s = Searcher.open(archive, Semantics.LIBZIM_8_1);
      QueryNode q = s.parse(s.normalise(text));
      Matcher.Outcome all = new Matcher(s.database(), Bm25.FULLTEXT).run(q, 0, 3, null);
      Matcher.Outcome best = new Matcher(s.database(), Bm25.FULLTEXT).best(q, 3);
      assertEquals(all.hits(), best.hits());
      assertFalse(all.hits().isEmpty());
      assertTrue(
          best.matched() < all.matched() / 2,
          "weighed " + best.matched() + " of " + all.matched() + " matches");
    }
  }

  /** Words of the index (every 7th of those under each letter), rare and frequent alike. */
  private static List<String> vocabulary(GlassDatabase db) {
    List<String> out = new ArrayList<>();
    for (char c = 'a'; c <= 'z'; c++) {
      List<GlassDatabase.TermEntry> under =
          db.termsWithPrefix(String.valueOf(c).getBytes(StandardCharsets.UTF_8), 5000);
      for (int i = 0; i < under.size(); i += 7) {
        String t = new String(under.get(i).term(), StandardCharsets.UTF_8);
        if (t.chars().allMatch(Character::isLetter)) {
          out.add(t);
        }
      }
    }
    return out;
  }

  private static String prefix(String word) {
    return word.substring(0, Math.min(2, word.length()));
  }

  /** ORs of 2 to 8 words, often with a wildcard or a NOT; ANDs of 1 to 3 words. */
  private static String query(List<String> words, Random rnd) {
    int shape = rnd.nextInt(10);
    int n = shape < 7 ? 2 + rnd.nextInt(7) : 1 + rnd.nextInt(3);
    List<String> picked = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      picked.add(words.get(rnd.nextInt(words.size())));
    }
    if (shape >= 7) {
      return String.join(" ", picked);
    }
    String or = String.join(" OR ", picked);
    if (shape == 5) {
      or += " OR " + prefix(words.get(rnd.nextInt(words.size()))) + "*";
    } else if (shape == 6) {
      or = "(" + or + ") NOT " + words.get(rnd.nextInt(words.size()));
    }
    return or;
  }
}
