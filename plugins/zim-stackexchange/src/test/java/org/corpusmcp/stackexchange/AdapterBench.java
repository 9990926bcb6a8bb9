package org.corpusmcp.stackexchange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.devdocs.DevDocsAdapter;
import org.corpusmcp.mediawiki.MediaWikiAdapter;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;

/**
 * Clean time per document for each family: {@code adapter.parse} (jsoup parse, cleaning,
 * sectioning, Markdown rendering) on every document of an archive, with the HTML already read and
 * decoded so no archive I/O is timed. Each family is warmed up for {@link #WARMUP_NANOS}, then
 * measured for {@link #MEASURE_NANOS} in whole rounds over its documents, one timing per parse. Not
 * a test: a main in test scope, run as docs/benchmarks/adapters.md shows.
 *
 * <p>Arguments: the repository root (default: the working directory) and the shared directory
 * (default: {@code <root>/../shared}).
 */
public final class AdapterBench {

  static final long WARMUP_NANOS = 3_000_000_000L;
  static final long MEASURE_NANOS = 6_000_000_000L;
  private static final LinkResolver LINKS = href -> href.startsWith("#") ? null : "ref:" + href;

  record Page(EntryFacts facts, String html) {}

  record Family(String label, CorpusAdapter adapter, Path archive) {}

  /** Keeps the JIT from dropping the parses whose results nobody reads. */
  static volatile int blackhole;

  private AdapterBench() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
    Path shared = args.length > 1 ? Path.of(args[1]) : root.resolve("../shared").normalize();
    Path wiki = shared.resolve("corpus-samples/mediawiki");
    List<Family> families =
        List.of(
            new Family(
                "devdocs (fixture)",
                new DevDocsAdapter(),
                root.resolve(
                    "plugins/zim-devdocs/src/test/resources/fixtures/devdocs_en_python_fixture.zim")),
            new Family(
                "stackexchange (fixture)",
                new StackExchangeAdapter(),
                root.resolve(
                    "plugins/zim-stackexchange/src/test/resources/fixtures/"
                        + "security.stackexchange.com_en_all_fixture.zim")),
            new Family(
                "mediawiki 100 mini 2022",
                new MediaWikiAdapter(),
                wiki.resolve("wikipedia_en_100_mini_2022-10.zim")),
            new Family(
                "mediawiki ray charles maxi 2019",
                new MediaWikiAdapter(),
                wiki.resolve("wikipedia_en_ray_charles_maxi_2019-08.zim")));
    System.out.printf(
        Locale.ROOT,
        "java %s, %d cores; warm-up %d s, measure %d s per family%n",
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        WARMUP_NANOS / 1_000_000_000L,
        MEASURE_NANOS / 1_000_000_000L);
    System.out.printf(
        Locale.ROOT,
        "%-32s %5s %9s %7s %10s %10s %10s %10s %9s%n",
        "family",
        "docs",
        "avg kchar",
        "parses",
        "mean µs",
        "median µs",
        "p95 µs",
        "max µs",
        "µs/kchar");
    for (Family f : families) {
      if (!Files.isRegularFile(f.archive())) {
        System.out.printf(Locale.ROOT, "%-32s missing %s%n", f.label(), f.archive());
        continue;
      }
      run(f);
    }
  }

  static void run(Family f) throws Exception {
    List<Page> pages = read(f);
    long chars = pages.stream().mapToLong(p -> p.html().length()).sum();
    long end = System.nanoTime() + WARMUP_NANOS;
    int sink = 0;
    while (System.nanoTime() < end) {
      for (Page p : pages) {
        sink += parse(f.adapter(), p);
      }
    }
    List<Long> times = new ArrayList<>();
    end = System.nanoTime() + MEASURE_NANOS;
    long parsedChars = 0;
    while (System.nanoTime() < end) {
      for (Page p : pages) {
        long t0 = System.nanoTime();
        sink += parse(f.adapter(), p);
        times.add(System.nanoTime() - t0);
        parsedChars += p.html().length();
      }
    }
    long[] sorted = times.stream().mapToLong(Long::longValue).sorted().toArray();
    double total = Arrays.stream(sorted).sum();
    System.out.printf(
        Locale.ROOT,
        "%-32s %5d %9.1f %7d %10.1f %10.1f %10.1f %10.1f %9.2f%n",
        f.label(),
        pages.size(),
        chars / 1000.0 / pages.size(),
        sorted.length,
        total / sorted.length / 1e3,
        sorted[sorted.length / 2] / 1e3,
        sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] / 1e3,
        sorted[sorted.length - 1] / 1e3,
        total / 1e3 / (parsedChars / 1000.0));
    blackhole = sink;
  }

  private static int parse(CorpusAdapter adapter, Page p) {
    return adapter.parse(p.facts(), p.html(), LINKS) instanceof Document d
        ? d.sections().size()
        : 0;
  }

  static List<Page> read(Family f) throws Exception {
    List<Page> pages = new ArrayList<>();
    try (Archive archive = Zim.open(f.archive())) {
      char ns = archive.hasNewNamespaceScheme() ? 'C' : 'A';
      for (Entry e : archive.entriesByPath()) {
        if (e.namespace() != ns || e.isRedirect() || !e.isItem()) {
          continue;
        }
        EntryFacts facts = new EntryFacts(e.rawPath(), e.title(), e.mimeType(), true);
        if (f.adapter().isDocument(facts)) {
          pages.add(new Page(facts, e.content().text()));
        }
      }
    }
    return pages;
  }
}
