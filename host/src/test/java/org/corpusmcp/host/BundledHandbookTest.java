package org.corpusmcp.host;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Test;

/**
 * The bundled default corpus, the handbook, is the repository's documentation as it is now: an
 * agent that asks the server about itself must not read last week's defaults. The archive is built
 * by scripts/build_default_corpus.py (Python and libzim, so not at build time) and records the
 * SHA-256 of each page's Markdown in its {@code Sources} metadata; this test hashes the pages
 * again, independently, and names every page that changed, appeared or disappeared since.
 */
class BundledHandbookTest {

  private static final Path ROOT = Path.of(System.getProperty("project.root"));
  private static final Path HANDBOOK =
      ROOT.resolve("distribution/src/main/dist/corpus/handbook/corpus-mcp_en_handbook.zim");
  private static final String REBUILD =
      "`/usr/bin/python3 scripts/build_default_corpus.py` (Debian: python3-libzim,"
          + " python3-markdown) and commit the archive with the pages";

  @Test
  void everyDocumentationPageIsInTheHandbookAsItIsNow() throws IOException {
    Map<String, String> recorded = new LinkedHashMap<>();
    Set<String> excluded = new TreeSet<>();
    try (Archive handbook = Zim.open(HANDBOOK)) {
      String sources = handbook.metadata("Sources");
      assertNotNull(sources, "the handbook has no Sources metadata; " + REBUILD);
      for (String line : sources.lines().toList()) {
        if (line.isBlank()) {
          continue;
        }
        String[] fields = line.split(" {2}", 3);
        if (fields[0].equals("excluded")) {
          excluded.add(fields[1]);
        } else {
          recorded.put(fields[1], fields[0]);
        }
      }
    }

    List<String> problems = new ArrayList<>();
    Set<String> pages = documentationPages();
    for (String page : pages) {
      String was = recorded.get(page);
      if (excluded.contains(page)) {
        continue;
      }
      if (was == null) {
        problems.add(page + " is not in the handbook");
      } else if (!was.equals(sha256(ROOT.resolve(page)))) {
        problems.add(page + " changed since the handbook was built");
      }
    }
    for (String page : recorded.keySet()) {
      if (!pages.contains(page)) {
        problems.add(page + " is in the handbook but no longer in the repository");
      }
    }
    assertTrue(
        problems.isEmpty(),
        "The bundled handbook is stale: "
            + String.join("; ", problems)
            + ". Rebuild: "
            + REBUILD
            + ".");
    assertTrue(recorded.containsKey("README.md"), "the handbook must hold the README");
  }

  /** README.md, docs/ and its subfolders, and the Markdown pages plugins ship as resources. */
  private static Set<String> documentationPages() throws IOException {
    TreeSet<String> pages = new TreeSet<>();
    pages.add("README.md");
    for (Path top : List.of(ROOT.resolve("docs"), ROOT.resolve("plugins"))) {
      try (Stream<Path> files = Files.walk(top)) {
        files
            .filter(f -> f.getFileName().toString().endsWith(".md"))
            .map(f -> ROOT.relativize(f).toString().replace('\\', '/'))
            .filter(p -> p.startsWith("docs/") || p.contains("/src/main/resources/"))
            .forEach(pages::add);
      }
    }
    return pages;
  }

  private static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every Java runtime has SHA-256", e);
    }
  }
}
