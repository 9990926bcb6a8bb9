package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.zim.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An archive truncated, then overwritten, while it is being served (an update copied over the file
 * in place, a full disk, a network share going away). Reads through a memory map would then hit
 * pages that no longer exist, which the JVM reports as {@link InternalError} (it did, before
 * FileSource read with positional reads). Every request must still end, promptly, with a result or
 * a typed error in our own words, and the other library must keep serving.
 */
class DamagedArchiveTest {

  /** Class names of the JVM or of our readers must never reach a client. */
  private static final Pattern JAVA_WORDS =
      Pattern.compile("[A-Z][A-Za-z]*(Exception|Error)\\b|java\\.|org\\.corpusmcp\\.");

  @TempDir static Path dir;

  @Test
  void anArchiveTruncatedAndOverwrittenUnderLoadDegradesWithTypedErrors() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Path doomed = root.resolve("hundred.zim");
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED), doomed);
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MINI), root.resolve("ray.zim"));
    Path config = TestCorpus.writeConfig(root, Map.of("Hundred", "hundred.zim", "Ray", "ray.zim"));
    CorpusSettings settings =
        CorpusSettings.builder(root, config).searchWorkers(4).logQueries(false).build();
    ExecutorService clients = Executors.newFixedThreadPool(8);
    try (CorpusService service =
        new CorpusService(
            Corpus.open(settings, TestCorpus.adapters(), null),
            CorpusSearchers.forCorpus(),
            TestCorpus.WORKERS)) {
      // The refs come from a second handle on the file, so the service's own caches stay cold
      // and its reads meet the damage (what it had cached before may still be served).
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
      assertTrue(refs.size() > 50, "the sample has 100 articles: " + refs.size());
      Reply<?> before = service.fetch(refs.get(0), List.of());
      assertTrue(before instanceof Reply.Ok, before.toString());

      long length = Files.size(doomed);
      try (FileChannel channel = FileChannel.open(doomed, StandardOpenOption.WRITE)) {
        channel.truncate(64 * 1024);
      }
      List<Reply<?>> truncated = underLoad(clients, service, refs);
      try (FileChannel channel = FileChannel.open(doomed, StandardOpenOption.WRITE)) {
        channel.write(ByteBuffer.allocate((int) length), 0); // zeros where the archive was
      }
      List<Reply<?>> overwritten = underLoad(clients, service, refs);

      int failures = 0;
      for (Reply<?> r : concat(truncated, overwritten)) {
        if (r instanceof Reply.Failed<?> f) {
          failures++;
          assertTrue(
              Set.of("archive_error", "not_found", "search_unavailable").contains(f.code()),
              f.toString());
          assertFalse(JAVA_WORDS.matcher(f.message()).find(), f.message());
        } else if (((Reply.Ok<?>) r).value() instanceof SearchResult searched) {
          String degraded = searched.degraded().toString();
          assertFalse(JAVA_WORDS.matcher(degraded).find(), degraded);
        }
      }
      assertTrue(failures > 0, "the truncated archive must fail somewhere");

      // The damaged library is reported in "degraded"; the other one still answers.
      SearchResult body = ((Reply.Ok<SearchResult>) service.search("music", 5)).value();
      assertEquals("Ray", body.results().get(0).library(), body.toString());
      assertEquals("Hundred", body.degraded().get(0).library(), body.toString());
      assertFalse(
          JAVA_WORDS.matcher(body.degraded().toString()).find(), body.degraded().toString());
    } finally {
      clients.shutdownNow();
    }
  }

  /** Every ref fetched and a search per ref, 8 at a time; each must end within 60 s. */
  private static List<Reply<?>> underLoad(
      ExecutorService clients, CorpusService service, List<String> refs) throws Exception {
    List<Future<Reply<?>>> calls = new ArrayList<>();
    for (String ref : refs) {
      calls.add(clients.submit(() -> service.fetch(ref, List.of())));
      String word = ref.substring(ref.lastIndexOf('/') + 1).split("_", -1)[0];
      calls.add(clients.submit(() -> service.search(word, 5)));
    }
    List<Reply<?>> out = new ArrayList<>();
    for (Future<Reply<?>> call : calls) {
      out.add(call.get(60, TimeUnit.SECONDS)); // an exception here (InternalError) fails the test
    }
    return out;
  }

  private static List<Reply<?>> concat(List<Reply<?>> a, List<Reply<?>> b) {
    List<Reply<?>> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
