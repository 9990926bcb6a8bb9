package org.corpusmcp.zim.search;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over damaged full-text indexes. The Xapian glass database of a real archive (read in place
 * from the shared samples) is truncated and patched by the fuzzer's bytes, opened, and queried with
 * a word the fuzzer picks. The searcher must refuse damage with {@link SearchException}
 * (CORRUPT_INDEX), and the glass reader's own calls with {@link GlassFormatException}; any other
 * exception is a bug, as is a hang.
 */
@Tag("fuzz")
class FulltextIndexFuzzTest {

  private static final String[] QUERIES = {
    "the", "ray charles", "a OR b", "музыка", "\"x y\"", "wiki*"
  };
  private static final byte[] INDEX = load();
  private static final boolean NEW_NAMESPACES;

  static {
    try (Archive a = Zim.open(sample())) {
      NEW_NAMESPACES = a.hasNewNamespaceScheme();
    }
  }

  private static Path sample() {
    return Path.of(
        System.getProperty("shared.dir", "../shared"),
        "corpus-samples",
        "mediawiki",
        "wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim");
  }

  private static byte[] load() {
    try (Archive a = Zim.open(sample())) {
      ByteSource index = a.fulltextIndex();
      if (index == null) {
        throw new IllegalStateException(sample() + " has no full-text index to fuzz");
      }
      byte[] bytes = new byte[Math.toIntExact(index.size())];
      index.read(0, ByteBuffer.wrap(bytes));
      return bytes;
    }
  }

  @FuzzTest(maxDuration = "60s")
  void damagedIndexesFailOnlyWithSearchException(FuzzedDataProvider data) {
    int length = data.consumeBoolean() ? INDEX.length : data.consumeInt(0, INDEX.length);
    byte[] bytes = java.util.Arrays.copyOf(INDEX, length);
    int patches = data.consumeInt(1, 8);
    for (int p = 0; p < patches && length > 0; p++) {
      int at = data.consumeInt(0, length - 1);
      byte[] patch = data.consumeBytes(Math.min(8, length - at));
      System.arraycopy(patch, 0, bytes, at, patch.length);
    }
    String query =
        data.consumeBoolean()
            ? QUERIES[data.consumeInt(0, QUERIES.length - 1)]
            : data.consumeString(40);
    try {
      Searcher searcher =
          Searcher.open(new ByteArraySource(bytes), Semantics.LIBZIM_9, NEW_NAMESPACES);
      searcher.searchPaths(query, 0, 20);
      try {
        searcher
            .database()
            .termsWithPrefix(query.getBytes(java.nio.charset.StandardCharsets.UTF_8), 20);
      } catch (GlassFormatException expected) {
        // the glass reader's typed error; Searcher turns it into CORRUPT_INDEX
      }
    } catch (SearchException expected) {
      // the only allowed failure of a search
    }
  }
}
