package org.corpusmcp.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every {@link CorpusAdapter} must pass, ours and third-party, so the host's
 * expectations live in one place instead of being restated by each adapter: extend it, supply the
 * adapter and a few real pages of its family, and the suite checks what the host relies on. Passing
 * it means the host can serve the adapter; family-specific behaviour (which chrome is stripped,
 * which anchors are used) belongs in the adapter's own tests.
 *
 * <pre>{@code
 * class MyAdapterContractTest extends AbstractCorpusAdapterContractTest {
 *   protected CorpusAdapter adapter() { return new MyAdapter(); }
 *   protected List<Sample> samples() {
 *     return List.of(new Sample(EntryFacts.html("page", "Page"), Files.readString(PAGE)));
 *   }
 * }
 * }</pre>
 *
 * Checked: a valid name and kind; every sample parses, at least one to a {@link Document}; parsing
 * is deterministic (equal documents, byte-identical Markdown) and thread-safe; documents keep the
 * invariants (non-blank title, lead id {@code ""} first, unique ids, non-blank section titles, no
 * {@code <script>}/{@code <style>} or {@code data:} image dumps); every link target in the Markdown
 * came from the {@link LinkResolver}; and no input of the {@link FuzzCorpus} makes any method
 * throw, overflow a small stack or run past {@link #fuzzTimeLimit()}. Needs JUnit Jupiter on the
 * test classpath; the plugin-testkit module brings JUnit Jupiter's API with it.
 */
public abstract class AbstractCorpusAdapterContractTest {

  /** A real page of the adapter's family. */
  public record Sample(EntryFacts entry, String html) {}

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,63}");
  private static final Pattern LINK_TARGET = Pattern.compile("\\]\\(([^)\\s]*)\\)");

  /** An unescaped script or style tag (the renderer writes text "<script" as "\\<script"). */
  private static final Pattern RAW_SCRIPT = Pattern.compile("(?i)(?<!\\\\)<(script|style)\\b");

  private static final long SMALL_STACK = 512 * 1024;

  /** The adapter under test (a new instance or a shared one; it must be thread-safe). */
  protected abstract CorpusAdapter adapter();

  /** Representative real pages; at least one must parse to a {@link Document}. */
  protected abstract List<Sample> samples();

  /** How long one fuzz input may take to parse (default 30 s: catches quadratic blow-ups). */
  protected Duration fuzzTimeLimit() {
    return Duration.ofSeconds(30);
  }

  /**
   * Whether rendered Markdown may contain {@code ](} sequences that are not links (for families
   * whose code samples contain Markdown); when true the link-target check is skipped.
   */
  protected boolean markdownMayQuoteLinks() {
    return false;
  }

  // ---------------------------------------------------------------------------------------------

  @Test
  void nameIsAValidCorpusTomlName() {
    String name = adapter().name();
    assertTrue(NAME.matcher(name).matches(), "adapter name '" + name + "' must match " + NAME);
    assertFalse(name.equals("auto"), "'auto' is reserved for detection");
    assertEquals(name, adapter().name(), "name() must be constant");
  }

  @Test
  void kindIsConstant() {
    assertNotNull(adapter().kind());
    assertEquals(adapter().kind(), adapter().kind());
  }

  @Test
  void samplesAreDocumentsAndAtLeastOneParses() {
    List<Sample> samples = samples();
    assertFalse(samples.isEmpty(), "samples() must supply at least one real page");
    int documents = 0;
    for (Sample s : samples) {
      adapter().isDocument(s.entry());
      if (parse(s.entry(), s.html(), LinkResolver.keepAsIs()) instanceof Document doc) {
        documents++;
        checkInvariants(doc, s.entry().path());
      }
    }
    assertTrue(documents > 0, "no sample parsed to a Document");
  }

  @Test
  void parsingIsDeterministic() {
    for (Sample s : samples()) {
      ParseResult first = parse(s.entry(), s.html(), LinkResolver.keepAsIs());
      ParseResult second = parse(s.entry(), s.html(), LinkResolver.keepAsIs());
      assertEquals(first, second, "two parses of " + s.entry().path() + " differ");
      if (first instanceof Document a && second instanceof Document b) {
        assertEquals(a.toMarkdown(), b.toMarkdown(), s.entry().path());
      }
    }
  }

  @Test
  void parsingIsThreadSafe() throws Exception {
    List<Sample> samples = samples();
    List<ParseResult> expected = new ArrayList<>();
    for (Sample s : samples) {
      expected.add(parse(s.entry(), s.html(), LinkResolver.keepAsIs()));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<ParseResult>>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Callable<List<ParseResult>> job =
            () -> {
              List<ParseResult> out = new ArrayList<>();
              for (Sample s : samples) {
                out.add(adapter().parse(s.entry(), s.html(), LinkResolver.keepAsIs()));
              }
              return out;
            };
        futures.add(pool.submit(job));
      }
      for (Future<List<ParseResult>> f : futures) {
        assertEquals(expected, f.get(5, TimeUnit.MINUTES));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void everyLinkTargetComesFromTheResolver() {
    if (markdownMayQuoteLinks()) {
      return;
    }
    for (Sample s : samples()) {
      Set<String> issued = new HashSet<>();
      LinkResolver counting =
          href -> {
            String target = "ref:" + issued.size();
            issued.add(target);
            return target;
          };
      if (parse(s.entry(), s.html(), counting) instanceof Document doc) {
        Matcher m = LINK_TARGET.matcher(doc.toMarkdown());
        while (m.find()) {
          assertTrue(
              issued.contains(m.group(1)),
              s.entry().path()
                  + ": link target '"
                  + m.group(1)
                  + "' did not come from the resolver");
        }
      }
      if (parse(s.entry(), s.html(), LinkResolver.dropAll()) instanceof Document dropped) {
        assertFalse(
            LINK_TARGET.matcher(dropped.toMarkdown()).find(),
            s.entry().path() + ": a link survived a resolver that drops every link");
      }
    }
  }

  @TestFactory
  List<DynamicTest> hostileHtmlNeverBreaksTheAdapter() {
    List<Sample> samples = samples();
    EntryFacts typical =
        samples.isEmpty() ? EntryFacts.html("page", "Page") : samples.get(0).entry();
    EntryFacts blank = EntryFacts.html("", "");
    List<DynamicTest> tests = new ArrayList<>();
    for (FuzzCorpus.Case c : FuzzCorpus.cases()) {
      // Every case with a typical entry; the small ones also with blank facts (no title, no path).
      List<EntryFacts> facts =
          c.html().length() < 10_000 ? List.of(typical, blank) : List.of(typical);
      tests.add(
          DynamicTest.dynamicTest(
              c.name(),
              () -> {
                for (EntryFacts entry : facts) {
                  ParseResult once =
                      onSmallStack(c.name(), () -> parse(entry, c.html(), LinkResolver.keepAsIs()));
                  if (once instanceof Document doc) {
                    checkInvariants(doc, c.name());
                    assertFalse(
                        doc.toMarkdown().contains("base64,"),
                        c.name() + ": a data: URI was dumped");
                  } else {
                    assertTrue(once instanceof NotADocument);
                  }
                  ParseResult twice =
                      onSmallStack(c.name(), () -> parse(entry, c.html(), LinkResolver.keepAsIs()));
                  assertEquals(once, twice, c.name() + ": not deterministic");
                }
              }));
    }
    return tests;
  }

  @Test
  void optionalHooksAcceptOddInput() {
    CorpusAdapter adapter = adapter();
    for (EntryFacts odd :
        List.of(
            new EntryFacts("", "", "", false),
            new EntryFacts("-/style.css", "", "text/css", false),
            new EntryFacts("a/../../b", "\u0000", "text/html; charset=utf-8", true),
            new EntryFacts("x".repeat(10_000), "T", "application/octet-stream", true))) {
      adapter.isDocument(odd);
    }
    for (ArchiveMetadata meta :
        List.of(
            ArchiveMetadata.of(Map.of()),
            ArchiveMetadata.of(Map.of("Scraper", "", "Tags", ";;;", "Name", "\u0000")),
            ArchiveMetadata.of(
                Map.of("Scraper", "some-other-scraper 9.9", "Language", "eng,fra")))) {
      double score = adapter.detect(meta);
      assertTrue(score >= 0 && score <= 1, "detect() must return a score in [0, 1], got " + score);
    }
  }

  // ---------------------------------------------------------------------------------------------

  /** Parses and fails the test, naming the input, if the adapter throws. */
  protected final ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
    ParseResult result;
    try {
      result = adapter().parse(entry, html, links);
    } catch (RuntimeException | StackOverflowError e) {
      throw new AssertionError("parse threw for " + entry.path() + ": " + e, e);
    }
    assertNotNull(result, "parse returned null for " + entry.path());
    return result;
  }

  /** The invariants every document must keep, whatever its family. */
  protected void checkInvariants(Document doc, String where) {
    assertFalse(doc.title().isBlank(), where + ": blank title");
    List<Section> all = doc.allSections();
    assertFalse(all.isEmpty(), where + ": no section");
    for (Section s : all.subList(1, all.size())) {
      assertFalse(s.isLead(), where + ": the lead section must come first");
    }
    Set<SectionId> ids = new HashSet<>();
    for (Section s : all) {
      assertTrue(ids.add(s.id()), where + ": duplicate section id '" + s.id() + "'");
      if (!s.isLead()) {
        assertFalse(s.id().value().isEmpty(), where + ": only the lead may have the empty id");
        assertFalse(s.title().isBlank(), where + ": section '" + s.id() + "' has a blank title");
      }
      assertFalse(s.markdown().contains("\r"), where + ": carriage return in Markdown");
      assertFalse(
          RAW_SCRIPT.matcher(s.markdown()).find(),
          where + ": script or style markup in section '" + s.id() + "'");
    }
  }

  private <T> T onSmallStack(String name, Callable<T> task) throws Exception {
    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread thread =
        new Thread(
            null,
            () -> {
              try {
                result.set(task.call());
              } catch (Throwable t) {
                failure.set(t);
              }
            },
            "contract-fuzz",
            SMALL_STACK);
    thread.setDaemon(true);
    thread.start();
    thread.join(fuzzTimeLimit().toMillis());
    if (thread.isAlive()) {
      thread.interrupt();
      fail(name + ": parse took longer than " + fuzzTimeLimit());
    }
    if (failure.get() != null) {
      Throwable t = failure.get();
      throw new AssertionError(name + ": " + t, t);
    }
    return result.get();
  }
}
