package org.corpusmcp.archwiki.bench;

import static org.corpusmcp.testkit.TestContexts.json;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.corpusmcp.archwiki.ArchWiki;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.ReplayTransport;

/**
 * Extraction time per page for each tool over the recorded corpus. Responses are replayed from
 * memory (the replay transport caches decoded JSON after the first read), so the figures are this
 * plugin's own work per call: building the page from the API document, slicing, extracting,
 * rendering, hashing. Network time is not included (the wiki's own latency dominates live calls).
 *
 * <p>Usage: {@code ExtractionBenchmark <fixtures-dir> [warmup-rounds] [measured-rounds]}. Prints a
 * Markdown table of the median and 95th-percentile time per call in microseconds. Before measuring,
 * every tool runs on every page {@code warmup / 10} times, then each cell gets its own warm-up.
 */
public final class ExtractionBenchmark {

  private ExtractionBenchmark() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "../shared/archwiki-fixtures");
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 300;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 300;
    ArchWiki wiki = new ArchWiki(new MediaWikiClient(json(), new ReplayTransport(dir, json())));
    List<String> pages = pages(dir);

    Map<String, Consumer<String>> tools = new LinkedHashMap<>();
    tools.put("page", wiki::page);
    tools.put("sections", wiki::sections);
    tools.put(
        "section (every anchor, summed)",
        title -> {
          for (Object s : (List<?>) wiki.sections(title).get("sections")) {
            Object offset = ((Map<?, ?>) s).get("byteoffset");
            if (offset != null) {
              wiki.section(title, (String) ((Map<?, ?>) s).get("anchor"));
            }
          }
        });
    tools.put("commands", title -> wiki.commands(title, null));
    tools.put("warnings", title -> wiki.warnings(title, null));
    tools.put("links", title -> wiki.links(title, null));

    // Warm the JIT on the whole corpus first, so the first page measured is not the one that
    // pays for compilation.
    for (int round = 0; round < warmup / 10; round++) {
      for (String title : pages) {
        for (Consumer<String> tool : tools.values()) {
          tool.accept(title);
        }
      }
    }

    StringBuilder out = new StringBuilder();
    out.append("| page | chars |");
    tools.keySet().forEach(t -> out.append(' ').append(t).append(" |"));
    out.append("\n|---|---:|");
    tools.keySet().forEach(t -> out.append("---:|"));
    out.append('\n');
    for (String title : pages) {
      int chars = ((String) wiki.page(title).get("wikitext")).length();
      out.append("| ").append(title).append(" | ").append(chars).append(" |");
      for (Consumer<String> tool : tools.values()) {
        for (int i = 0; i < warmup; i++) {
          tool.accept(title);
        }
        long[] samples = new long[rounds];
        for (int i = 0; i < rounds; i++) {
          long t0 = System.nanoTime();
          tool.accept(title);
          samples[i] = System.nanoTime() - t0;
        }
        Arrays.sort(samples);
        out.append(
            String.format(
                " %.0f / %.0f |", samples[rounds / 2] / 1e3, samples[(int) (rounds * 0.95)] / 1e3));
      }
      out.append('\n');
    }
    System.out.print(out);
    System.out.printf(
        "%nmedian / p95 microseconds per call; %d warm-up + %d measured calls per cell;"
            + " Java %s, %d CPUs%n",
        warmup, rounds, Runtime.version(), Runtime.getRuntime().availableProcessors());
  }

  /** Every recorded parse response that holds a real page (revid and sections present). */
  private static List<String> pages(Path dir) throws IOException {
    List<String> titles = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "parse_*.json")) {
      for (Path f : files) {
        Map<?, ?> doc = (Map<?, ?>) json().parse(Files.readString(f));
        if (doc.get("parse") instanceof Map<?, ?> parse
            && parse.get("title") instanceof String t
            && !((List<?>) parse.get("sections")).isEmpty()
            && Files.exists(
                dir.resolve(
                    f.getFileName().toString().replaceFirst("^parse_", "query_aliases_")))) {
          titles.add(t);
        }
      }
    }
    titles.sort(null);
    return titles;
  }
}
