package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimOptions;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;
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

  /**
   * A snippet is "" when its entry cannot be read (here a failed read, as a disk error gives), as
   * in libzim; a bug below the snippet code (here an IllegalStateException injected into the
   * entry's reads) reaches the caller instead of being taken for an unreadable entry.
   */
  @Test
  void snippetsHideUnreadableEntriesButNotBugs() throws Exception {
    byte[] zim =
        Files.readAllBytes(Oracle.sample("mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim"));
    try (Archive a =
        Zim.open(
            new FailingUnderSnippets(
                new ByteArraySource(zim),
                () -> new UncheckedIOException(new IOException("injected read failure"))),
            "unreadable",
            ZimOptions.defaults())) {
      SearchResults r = Searcher.open(a).search("ray charles", 0, 5);
      assertFalse(r.hits().isEmpty());
      for (SearchHit h : r.hits()) {
        assertEquals("", h.snippet(), h.path());
      }
    }
    try (Archive a =
        Zim.open(
            new FailingUnderSnippets(
                new ByteArraySource(zim), () -> new IllegalStateException("injected bug")),
            "buggy",
            ZimOptions.defaults())) {
      Searcher s = Searcher.open(a);
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> s.search("ray charles", 0, 5));
      assertEquals("injected bug", e.getMessage());
    }
  }

  /** HTML is any bytes to the text pass; a null array is a caller's bug and is not swallowed. */
  @Test
  void htmlTextPassesBugsOn() {
    assertEquals(
        "Café au\u00a0lait",
        HtmlText.parse("<p>Caf&eacute;<br>au&nbsp;lait</p>".getBytes(StandardCharsets.UTF_8))
            .dump());
    assertThrows(NullPointerException.class, () -> HtmlText.parse(null));
  }

  /**
   * A source whose reads fail with {@code failure} when made on behalf of {@code
   * Searcher.snippetOf} (the reads of a hit's content), and work for everything else.
   */
  private static final class FailingUnderSnippets implements ByteSource {
    private final ByteSource inner;
    private final Supplier<RuntimeException> failure;

    FailingUnderSnippets(ByteSource inner, Supplier<RuntimeException> failure) {
      this.inner = inner;
      this.failure = failure;
    }

    @Override
    public long size() {
      return inner.size();
    }

    @Override
    public void read(long position, ByteBuffer destination) {
      boolean underSnippet =
          StackWalker.getInstance()
              .walk(frames -> frames.anyMatch(f -> f.getMethodName().equals("snippetOf")));
      if (underSnippet) {
        throw failure.get();
      }
      inner.read(position, destination);
    }

    @Override
    public ByteSource slice(long offset, long length) {
      return new FailingUnderSnippets(inner.slice(offset, length), failure);
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
