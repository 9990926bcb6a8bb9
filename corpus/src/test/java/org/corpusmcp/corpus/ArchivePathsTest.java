package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.zim.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A damaged archive's faults reach clients naming its library, never the server's file paths (the
 * probe saw absolute paths in {@code archive_error} and {@code degraded} texts); and the operator
 * gets one WARN line for a burst of failed fetches, not one per fetch (the probe: 16,343 lines in
 * 75 s).
 */
class ArchivePathsTest {

  @TempDir static Path dir;

  @Test
  void faultsOfADamagedArchiveNameTheLibraryNotAServerPath() throws Exception {
    Path root = Files.createDirectories(dir.resolve("srv-secret-7f3a").resolve("corpus-root"));
    Path doomed = root.resolve("hundred.zim");
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED), doomed);
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MINI), root.resolve("ray.zim"));
    Path config = TestCorpus.writeConfig(root, Map.of("Hundred", "hundred.zim", "Ray", "ray.zim"));
    CorpusSettings settings =
        CorpusSettings.builder(root, config).searchWorkers(4).logQueries(false).build();
    Logger serviceLog = (Logger) LoggerFactory.getLogger(CorpusService.class);
    ListAppender<ILoggingEvent> events = new ListAppender<>();
    events.start();
    serviceLog.addAppender(events);
    List<String> texts = new ArrayList<>();
    int failures = 0;
    try (CorpusService service =
        new CorpusService(
            Corpus.open(settings, TestCorpus.adapters(), null),
            CorpusSearchers.forCorpus(),
            TestCorpus.WORKERS)) {
      List<String> refs = new ArrayList<>();
      try (org.corpusmcp.zim.Archive listing = org.corpusmcp.zim.Zim.open(doomed)) {
        for (Entry e : listing.entriesByPath()) {
          if (!e.isRedirect()
              && e.isItem()
              && e.namespace() == 'A'
              && e.mimeType().startsWith("text/html")) {
            refs.add(Refs.encode("Hundred", e.rawPath()));
          }
        }
      }
      long length = Files.size(doomed);
      try (FileChannel channel = FileChannel.open(doomed, StandardOpenOption.WRITE)) {
        channel.truncate(64 * 1024);
      }
      failures += exercise(service, refs, texts);
      try (FileChannel channel = FileChannel.open(doomed, StandardOpenOption.WRITE)) {
        channel.write(ByteBuffer.allocate((int) length), 0); // zeros where the archive was
      }
      failures += exercise(service, refs, texts);
    } finally {
      serviceLog.detachAppender(events);
    }
    assertTrue(failures > 10, "the damaged archive must fail: " + failures);

    List<String> segments = new ArrayList<>();
    for (Path p : root) {
      segments.add("/" + p);
    }
    for (String text : texts) {
      assertFalse(text.contains(root.toString()), text);
      for (String segment : segments) {
        assertFalse(text.contains(segment), segment + " in " + text);
      }
    }
    long warnings =
        events.list.stream()
            .filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
            .filter(e -> e.getFormattedMessage().contains("Hundred"))
            .count();
    assertEquals(1, warnings, "one WARN line for the burst of failed fetches: " + events.list);
  }

  @Test
  void aBurstOfFailuresIsOneLineAndTheNextPeriodCarriesTheCount() {
    long[] now = {0};
    RepeatedFailures failures = new RepeatedFailures(60, () -> now[0]);
    assertEquals(new RepeatedFailures.Verdict(true, 0), failures.failed("A"));
    for (int i = 0; i < 500; i++) {
      now[0] = i % 60;
      assertFalse(failures.failed("A").log());
    }
    assertEquals(new RepeatedFailures.Verdict(true, 0), failures.failed("B"), "per library");
    now[0] = 60;
    assertEquals(new RepeatedFailures.Verdict(true, 500), failures.failed("A"));
    assertFalse(failures.failed("A").log());
  }

  @Test
  void absolutePathsInReadersMessagesBecomeTheArchiveFile() {
    assertEquals(
        "cannot read the archive file at offset 5: refs like Hundred/A/Frog and and/or stay",
        ArchiveFaults.withoutPaths(
            "cannot read /srv/zims/w.zim at offset 5: refs like Hundred/A/Frog and and/or stay"));
    assertEquals(
        "the archive file ends before offset 9 (expected: end <= 41155, actual: 41197)",
        ArchiveFaults.withoutPaths(
            "/tmp/x/y.zim ends before offset 9 (expected: end <= 41155, actual: 41197)"));
    assertEquals(
        "reading the archive file, was", ArchiveFaults.withoutPaths("reading /a/b.zim, was"));
  }

  /** Fetches every ref and searches a few words; returns how many replies named the damage. */
  private static int exercise(CorpusService service, List<String> refs, List<String> texts) {
    int failures = 0;
    for (String ref : refs) {
      Reply<?> reply = service.fetch(ref, List.of());
      texts.add(TestCorpus.replyText(reply));
      if (reply instanceof Reply.Failed<?> f && f.code().equals("archive_error")) {
        failures++;
        assertTrue(f.message().contains("Hundred"), "names the library: " + f.message());
      }
    }
    for (String word : List.of("music", "frog", "charles", "war")) {
      Reply<?> reply = service.search(word, 5);
      texts.add(TestCorpus.replyText(reply));
      if (reply instanceof Reply.Ok<?> ok && ok.value() instanceof SearchResult searched) {
        for (SearchResult.LibraryFailure degraded : searched.degraded()) {
          failures++;
          assertEquals("Hundred", degraded.library(), searched.toString());
        }
      } else if (reply instanceof Reply.Failed<?> f) {
        failures++;
        assertTrue(f.message().contains("Hundred"), "names the library: " + f.message());
      }
    }
    return failures;
  }
}
