package org.corpusmcp.devdocs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest.Sample;

/**
 * The hand-written DevDocs pages in src/test/resources/pages (path = entry path + ".html"), written
 * after devdocs2zim's page templates (v0.1 and v0.2) and DevDocs' filters;
 * scripts/build_family_fixtures.py packs the same files (except the cppreference page, which
 * belongs to another documentation set) into the fixture archive.
 */
final class Pages {

  /** Drops in-page links, maps the rest to {@code ref:<href>} so tests see what was resolved. */
  static final LinkResolver REFS = href -> href.startsWith("#") ? null : "ref:" + href;

  private Pages() {}

  static String html(String path) {
    try (InputStream in = Pages.class.getResourceAsStream("/pages/" + path + ".html")) {
      if (in == null) {
        throw new IllegalStateException("missing page " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Sample sample(String path, String title) {
    return new Sample(EntryFacts.html(path, title), html(path));
  }

  static List<Sample> all() {
    return List.of(
        sample("index", "Python Documentation"),
        sample("library/functions", "Built-in Functions"),
        sample("library/stdtypes", "Built-in Types"),
        sample("reference/datamodel", "Data model"),
        sample("library/2to3", "2to3"),
        sample("cpp/vector", "std::vector"),
        sample("tailwindcss/padding", "Padding"),
        sample("vite/guide/features", "Features"));
  }
}
