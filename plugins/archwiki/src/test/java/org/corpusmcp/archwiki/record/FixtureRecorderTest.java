package org.corpusmcp.archwiki.record;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.corpusmcp.archwiki.ArchWiki;
import org.corpusmcp.archwiki.Fixtures;
import org.corpusmcp.archwiki.wiki.ErrorCode;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.ReplayTransport;
import org.corpusmcp.archwiki.wiki.WikiException;
import org.corpusmcp.archwiki.wiki.WikiTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder with the recorded Arch wiki standing in for the live one: what it writes must replay
 * every tool's answer as the original recording does. (Against a real MediaWiki: {@code
 * e2e/LiveArchWikiIT}.)
 */
class FixtureRecorderTest {

  @TempDir Path dir;

  private static final ReplayTransport RECORDED = new ReplayTransport(Fixtures.dir(), json());

  /** The recording, with the searches it lacks (for Iwd) answered as finding nothing. */
  private static final WikiTransport ARCH =
      request -> {
        try {
          return RECORDED.get(request);
        } catch (org.corpusmcp.archwiki.wiki.FixtureMissingException e) {
          if (!"search".equals(request.params().get("list"))) {
            throw e;
          }
          return json().parse("{\"query\":{\"search\":[]}}");
        }
      };

  private static final List<String> TITLES = List.of("GRUB", "Iwd");

  @Test
  void whatIsRecordedReplaysTheSameAnswers() {
    new FixtureRecorder(json(), ARCH, t -> new MediaWikiClient(json(), t))
        .record(TITLES, dir, false);
    ArchWiki original = new ArchWiki(new MediaWikiClient(json(), ARCH));
    ArchWiki replayed = new ArchWiki(new MediaWikiClient(json(), new ReplayTransport(dir, json())));
    for (String title : TITLES) {
      assertEquals(original.page(title), replayed.page(title));
      assertEquals(original.commands(title, null), replayed.commands(title, null));
      assertEquals(original.warnings(title, null), replayed.warnings(title, null));
      assertEquals(original.links(title, null), replayed.links(title, null));
      String anchor = firstAnchor(original, title);
      assertEquals(original.section(title, anchor), replayed.section(title, anchor));
      assertEquals(
          original.search(title, FixtureRecorder.SEARCH_LIMIT),
          replayed.search(title, FixtureRecorder.SEARCH_LIMIT));
    }
    assertTrue(Files.isRegularFile(dir.resolve("query_siteinfo.json")));
    assertTrue(Files.isRegularFile(dir.resolve("query_aliases_GRUB.json")));
  }

  private static String firstAnchor(ArchWiki wiki, String title) {
    return String.valueOf(Fixtures.list(wiki.sections(title), "sections").get(0).get("anchor"));
  }

  @Test
  void existingFilesAreNotOverwrittenWithoutForceAndNothingIsWritten() throws Exception {
    Files.writeString(dir.resolve("parse_GRUB.json"), "{}");
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () ->
                new FixtureRecorder(json(), ARCH, t -> new MediaWikiClient(json(), t))
                    .record(TITLES, dir, false));
    assertTrue(refused.getMessage().contains("parse_GRUB.json"), refused.getMessage());
    assertEquals("{}", Files.readString(dir.resolve("parse_GRUB.json")));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(1, files.count(), "all or nothing");
    }
    new FixtureRecorder(json(), ARCH, t -> new MediaWikiClient(json(), t))
        .record(TITLES, dir, true);
    assertTrue(Files.readString(dir.resolve("parse_GRUB.json")).contains("\"revid\":858930"));
  }

  @Test
  void aFailingWikiWritesNothing() {
    AtomicInteger calls = new AtomicInteger();
    WikiTransport failing =
        request -> {
          if (calls.incrementAndGet() > 2) {
            throw new WikiException(ErrorCode.UPSTREAM_API_ERROR, "The wiki did not answer: down");
          }
          return ARCH.get(request);
        };
    assertThrows(
        WikiException.class,
        () ->
            new FixtureRecorder(json(), failing, t -> new MediaWikiClient(json(), t))
                .record(TITLES, dir, false));
    assertEquals(0, dir.toFile().list().length);
  }
}
