package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the anchor index's link reading: any page text, read as a page of a real archive (the
 * Ray Charles maxi wiki, so hrefs that resolve lead to real pages), gives links without an
 * exception and in bounded time (a page of unclosed tags was quadratic), each with a non-blank key
 * of at most {@link AnchorIndex#MAX_WORDS} words and a target that is a document other than the
 * page itself.
 */
@Tag("fuzz")
class AnchorLinksFuzzTest {

  private static final String NAME = "Maxi";
  private static final String[] SEEDS = {
    "<a href=\"Ray_Charles\">the Genius</a>",
    "<a href='Hit_the_Road_Jack'><b>Hit</b> the road</a>",
    "<a href=Georgia_on_My_Mind>Georgia &amp; more</a>",
    "<a ",
    "<a href=\"./The_Raelettes#x\">Ray Charles Singers</a "
  };

  private static @Nullable Corpus corpus;
  private static @Nullable Path dir;

  /**
   * Opened on the first input, so the classes it loads are instrumented (see HttpFrontFuzzTest).
   */
  private static synchronized Library library() throws IOException {
    if (corpus == null) {
      dir = Files.createTempDirectory("anchor-fuzz");
      Path config = TestCorpus.writeConfig(dir, Map.of(NAME, TestCorpus.RAY_MAXI));
      corpus =
          Corpus.open(
              CorpusSettings.builder(TestCorpus.SAMPLES, config).logQueries(false).build(),
              TestCorpus.adapters(),
              null);
    }
    return corpus.library(NAME);
  }

  @AfterAll
  static synchronized void close() throws IOException {
    if (corpus != null) {
      corpus.close();
    }
    if (dir != null) {
      try (var files = Files.walk(dir)) {
        for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @FuzzTest(maxDuration = "30s")
  void anyPageGivesWellFormedLinksQuickly(FuzzedDataProvider data) throws IOException {
    Library library = library();
    Entry from = library.entry("Ray_Charles");
    int repeat = data.consumeInt(1, 2000);
    String html = SEEDS[data.consumeInt(0, SEEDS.length - 1)] + data.consumeRemainingAsString();
    String page = html.repeat(Math.max(1, Math.min(repeat, 200_000 / Math.max(1, html.length()))));
    long start = System.nanoTime();
    for (AnchorIndex.Link link : AnchorIndex.links(library, from, page)) {
      assertFalse(link.key().isBlank(), page);
      assertTrue(Lexical.words(link.key()).size() <= AnchorIndex.MAX_WORDS, link.key());
      assertTrue(library.isDocument(link.target()), link.target().path());
      assertNotEquals(from.index(), link.target().index());
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(millis < 5_000, millis + " ms for a page of " + page.length() + " characters");
  }
}
