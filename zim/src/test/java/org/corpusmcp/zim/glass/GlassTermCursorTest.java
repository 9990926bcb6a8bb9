package org.corpusmcp.zim.glass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.search.MiniJson;
import org.corpusmcp.zim.search.Oracle;
import org.corpusmcp.zim.search.TestSources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The vocabulary walk typo tolerance intersects with a Levenshtein automaton: every term and its
 * termfreq in order, and seeking to any term or between two terms, against python3-xapian's
 * allterms over the same glass file.
 */
class GlassTermCursorTest {

  @SuppressWarnings("unchecked")
  @ParameterizedTest
  @ValueSource(
      strings = {
        "mediawiki/wikipedia_en_100_mini_2022-10.zim",
        "mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim"
      })
  void walksAndSeeksTheVocabularyAsXapianListsIt(String archive) throws Exception {
    Path db = Oracle.extract(Oracle.sample(archive), "fulltext");
    List<Object> expected =
        (List<Object>)
            MiniJson.parse(
                Oracle.python(
                    List.of(Oracle.script("allterms_oracle.py").toString(), db.toString())));
    List<byte[]> terms = new ArrayList<>();
    List<Long> freqs = new ArrayList<>();
    for (Object o : expected) {
      List<Object> pair = (List<Object>) o;
      terms.add(Base64.getDecoder().decode((String) pair.get(0)));
      freqs.add((Long) pair.get(1));
    }
    try (ByteSource src = TestSources.file(db)) {
      GlassDatabase g = GlassDatabase.open(src, 16);
      GlassDatabase.TermCursor c = g.termCursor();
      int i = 0;
      for (byte[] t = c.seekCeil(new byte[0]); t != null; t = c.next(), i++) {
        assertArrayEquals(terms.get(i), t, "term " + i);
        assertEquals(freqs.get(i), c.termFreq(), "termfreq of term " + i);
      }
      assertEquals(terms.size(), i, "every term once");
      assertNull(c.next(), "stays at the end");

      GlassDatabase.TermCursor seek = g.termCursor();
      for (int k = 0; k < terms.size(); k += 13) {
        assertArrayEquals(terms.get(k), seek.seekCeil(terms.get(k)), "seek to term " + k);
        // just after term k (k followed by a NUL byte) is the next term, or the end
        byte[] after = Arrays.copyOf(terms.get(k), terms.get(k).length + 1);
        byte[] got = seek.seekCeil(after);
        if (k + 1 < terms.size()) {
          assertArrayEquals(terms.get(k + 1), got, "seek past term " + k);
          assertEquals(freqs.get(k + 1), seek.termFreq());
        } else {
          assertNull(got);
        }
      }
      byte[] last = terms.get(terms.size() - 1);
      byte[] beyond = Arrays.copyOf(last, last.length + 1);
      beyond[last.length] = (byte) 0xFF;
      assertNull(seek.seekCeil(beyond), "nothing after the last term");
      assertThrows(IllegalStateException.class, seek::termFreq);
    }
  }
}
