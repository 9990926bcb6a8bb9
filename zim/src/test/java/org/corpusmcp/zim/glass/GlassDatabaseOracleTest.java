package org.corpusmcp.zim.glass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.search.MiniJson;
import org.corpusmcp.zim.search.Oracle;
import org.corpusmcp.zim.search.TestSources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every statistic, term, posting, document length, data item, value and the position list of every
 * (term, document) posting of the sample archives' embedded databases, against python3-xapian
 * (glass_dump.py); skips are probed at every 7th posting and values in the orders described below.
 */
class GlassDatabaseOracleTest {

  static Stream<Arguments> databases() {
    return Stream.of(
        Arguments.of("mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim", "fulltext"),
        Arguments.of("mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim", "title"),
        Arguments.of("mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim", "fulltext"),
        Arguments.of("mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim", "title"),
        Arguments.of("mediawiki/wikipedia_en_100_mini_2022-10.zim", "fulltext"),
        Arguments.of("mediawiki/wikipedia_en_100_mini_2022-10.zim", "title"),
        Arguments.of("mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim", "fulltext"),
        Arguments.of("other/tonedear.com_en_2024-09.zim", "fulltext"),
        Arguments.of("other/tonedear.com_en_2024-09.zim", "title"),
        Arguments.of("zim-testing-suite/withns/small.zim", "fulltext"),
        Arguments.of("zim-testing-suite/withns/small.zim", "title"),
        Arguments.of("zim-testing-suite/nons/small.zim", "title"));
  }

  private static long lengthOf(DocumentLengths lengths, long docid) {
    DocumentLengths.Chunk c = lengths.chunkHolding(docid);
    return c == null ? 0 : c.length(docid);
  }

  private static byte[] b64(Object o) {
    return Base64.getDecoder().decode((String) o);
  }

  @SuppressWarnings("unchecked")
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("databases")
  void matchesXapian(String archive, String which) throws Exception {
    Path db = Oracle.extract(Oracle.sample(archive), which);
    assertTrue(db != null, "sample has no " + which + " index: " + archive);
    Map<String, Object> exp =
        (Map<String, Object>)
            MiniJson.parse(
                Oracle.python(List.of(Oracle.script("glass_dump.py").toString(), db.toString())));
    try (ByteSource src = TestSources.file(db)) {
      GlassDatabase g = GlassDatabase.open(src, 16);
      assertEquals(((Long) exp.get("doccount")).longValue(), g.docCount());
      assertEquals(((Long) exp.get("lastdocid")).longValue(), g.header().lastDocid());
      assertEquals(((Number) exp.get("avlength")).doubleValue(), g.averageLength(), 0.0);
      assertEquals(((Long) exp.get("total_length")).longValue(), g.header().totalDoclen());
      assertEquals(((Long) exp.get("doclen_lbound")).longValue(), g.header().doclenLowerBound());
      assertEquals(exp.get("has_positions"), g.hasPositions());
      assertEquals(exp.get("uuid"), g.header().uuid());
      for (Map.Entry<String, Object> m : ((Map<String, Object>) exp.get("metadata")).entrySet()) {
        assertArrayEquals(b64(m.getValue()), g.metadata(m.getKey()), m.getKey());
      }
      List<Object> terms = (List<Object>) exp.get("terms");
      List<GlassDatabase.TermEntry> all = g.termsWithPrefix(new byte[0], Integer.MAX_VALUE);
      long positionLists = 0;
      long nonEmptyPositionLists = 0;
      assertEquals(terms.size(), all.size(), "allterms");
      for (int i = 0; i < terms.size(); i++) {
        Map<String, Object> t = (Map<String, Object>) terms.get(i);
        byte[] term = b64(t.get("term"));
        assertArrayEquals(term, all.get(i).term());
        PostingList pl = g.postingList(term);
        assertEquals(((Long) t.get("tf")).longValue(), pl.termFreq());
        assertEquals(((Long) t.get("cf")).longValue(), pl.collectionFreq());
        GlassDatabase.TermStats st =
            g.termStats(new String(term, java.nio.charset.StandardCharsets.UTF_8));
        if (new String(term, java.nio.charset.StandardCharsets.UTF_8)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)
                .length
            == term.length) {
          assertEquals(
              ((Long) t.get("wdf_ub")).longValue(),
              Math.min(st.wdfUpperBound(), g.header().wdfUpperBound()),
              "wdf bound (Database.get_wdf_upper_bound caps the posting-list bound by the header's)");
        }
        List<Object> postings = (List<Object>) t.get("postings");
        List<Object> positions = (List<Object>) t.get("positions");
        assertEquals(postings.size(), positions.size(), "one position list per posting");
        for (int k = 0; k < postings.size(); k++) {
          List<Object> pair = (List<Object>) postings.get(k);
          assertTrue(pl.next());
          assertEquals(((Long) pair.get(0)).longValue(), pl.docid());
          assertEquals(((Long) pair.get(1)).longValue(), pl.wdf());
          int[] want =
              ((List<Object>) positions.get(k))
                  .stream().mapToInt(x -> ((Long) x).intValue()).toArray();
          assertArrayEquals(
              want, g.positions(term, pl.docid()), "positions of a term in document " + pl.docid());
          positionLists++;
          nonEmptyPositionLists += want.length > 0 ? 1 : 0;
        }
        assertTrue(!pl.next(), "posting list longer than Xapian's");
        // skip_to probes: every 7th posting from a fresh iterator, then past the end
        PostingList sk = g.postingList(term);
        for (int j = 3; j < postings.size(); j += 7) {
          long target = (Long) ((List<Object>) postings.get(j)).get(0);
          assertTrue(sk.skipTo(target - 1 > 0 && j % 2 == 0 ? target - 1 : target));
          long expDoc =
              (Long)
                  ((List<Object>) postings.get(j % 2 == 0 ? firstAtLeast(postings, target - 1) : j))
                      .get(0);
          assertEquals(expDoc, sk.docid());
        }
        assertTrue(!g.postingList(term).skipTo(g.header().lastDocid() + 1));
      }
      // every (term, document) pair's position list was compared, and an index with positions has
      // some
      long pairs =
          terms.stream()
              .mapToLong(t -> ((List<Object>) ((Map<String, Object>) t).get("postings")).size())
              .sum();
      assertEquals(pairs, positionLists, "position lists compared");
      assertEquals(
          g.hasPositions(),
          nonEmptyPositionLists > 0,
          "non-empty position lists: " + nonEmptyPositionLists);
      PostingList dl = g.doclengthList();
      GlassDatabase.ValueReader v0 = g.valueReader(0);
      for (Object o : (List<Object>) exp.get("docs")) {
        Map<String, Object> d = (Map<String, Object>) o;
        long docid = (Long) d.get("docid");
        assertTrue(dl.next());
        assertEquals(docid, dl.docid());
        assertEquals(((Long) d.get("length")).longValue(), dl.wdf());
        assertArrayEquals(b64(d.get("data")), g.documentData(docid));
        List<Object> values = (List<Object>) d.get("values");
        assertArrayEquals(b64(values.get(0)), v0.get(docid));
        for (int s = 0; s < 3; s++) {
          assertArrayEquals(b64(values.get(s)), g.value(docid, s), "value " + s + " of " + docid);
        }
      }
      assertTrue(!dl.next());
      // the value reader skipping forward (every 7th document) and jumping back (reverse order)
      List<Object> docs = (List<Object>) exp.get("docs");
      // lengths by docid through the shared cache of decoded chunks: forwards, then backwards (so
      // every chunk is found again by its range), and through a cache too small to keep more than
      // one chunk
      for (DocumentLengths lengths : List.of(g.documentLengths(), new DocumentLengths(g, 1))) {
        for (int k = 0; k < 2 * docs.size(); k++) {
          int i = k < docs.size() ? k : 2 * docs.size() - 1 - k;
          Map<String, Object> d = (Map<String, Object>) docs.get(i);
          long docid = (Long) d.get("docid");
          assertEquals(((Long) d.get("length")).longValue(), lengthOf(lengths, docid), "" + docid);
        }
        assertEquals(0, lengthOf(lengths, g.header().lastDocid() + 1));
      }
      GlassDatabase.ValueReader sparse = g.valueReader(0);
      for (int i = 0; i < docs.size(); i += 7) {
        Map<String, Object> d = (Map<String, Object>) docs.get(i);
        assertArrayEquals(
            b64(((List<Object>) d.get("values")).get(0)), sparse.get((Long) d.get("docid")));
      }
      GlassDatabase.ValueReader back = g.valueReader(1);
      for (int i = docs.size() - 1; i >= 0; i -= 5) {
        Map<String, Object> d = (Map<String, Object>) docs.get(i);
        assertArrayEquals(
            b64(((List<Object>) d.get("values")).get(1)), back.get((Long) d.get("docid")));
      }
      // any order on every slot: ascending runs (the reader steps chunk to chunk and answers docids
      // between two stored values without moving), jumps back, repeats
      java.util.Random rnd = new java.util.Random(7);
      for (int s = 0; s < 3; s++) {
        GlassDatabase.ValueReader any = g.valueReader(s);
        int i = 0;
        for (int step = 0; step < 3 * docs.size(); step++) {
          i =
              rnd.nextInt(5) == 0
                  ? rnd.nextInt(docs.size())
                  : Math.min(docs.size() - 1, i + rnd.nextInt(3));
          Map<String, Object> d = (Map<String, Object>) docs.get(i);
          long docid = (Long) d.get("docid");
          assertArrayEquals(
              b64(((List<Object>) d.get("values")).get(s)),
              any.get(docid),
              "slot " + s + " docid " + docid + " at step " + step);
          if (rnd.nextInt(9) == 0) {
            assertArrayEquals(
                new byte[0],
                any.get(g.header().lastDocid() + 1 + rnd.nextInt(3)),
                "past the last docid");
          }
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static int firstAtLeast(List<Object> postings, long target) {
    for (int i = 0; i < postings.size(); i++) {
      if ((Long) ((List<Object>) postings.get(i)).get(0) >= target) {
        return i;
      }
    }
    return postings.size() - 1;
  }
}
