package org.corpusmcp.host.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A corpus over the real sample archives in ../shared/corpus-samples, read in place, with a generic
 * test adapter (plugin {@code generic-adapter}: the shared sectionizer with default policy) so
 * corpus tests do not depend on the MediaWiki plugin's build.
 */
public final class TestCorpus {

  public static final Path SAMPLES = Path.of(System.getProperty("shared.dir"), "corpus-samples");
  public static final String RAY_MINI = "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim";
  public static final String RAY_MAXI = "mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim";
  public static final String HUNDRED = "mediawiki/wikipedia_en_100_mini_2022-10.zim";

  private TestCorpus() {}

  /** Writes the adapter plugin into {@code pluginsDir}. */
  public static void writeAdapterPlugin(Path pluginsDir) {
    try {
      Files.createDirectories(pluginsDir);
      PluginJarBuilder.plugin("generic-adapter")
          .source(
              "test.generic.GenericAdapter",
              """
              package test.generic;
              import org.corpusmcp.api.corpus.*;
              import org.corpusmcp.markdown.*;
              @org.pf4j.Extension
              public class GenericAdapter implements CorpusAdapter {
                static final HtmlSectionizer SECTIONIZER =
                    new HtmlSectionizer(CleaningPolicy.builder().build());
                public String name() { return "generic"; }
                public DocumentKind kind() { return DocumentKind.ARTICLE; }
                public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
                  return SECTIONIZER.toDocument(entry.title(), html, links);
                }
                public double detect(ArchiveMetadata metadata) {
                  return metadata.scraper().startsWith("mwoffliner") ? 0.5 : 0;
                }
              }
              """)
          .writeTo(pluginsDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes corpus.toml with {@code name -> path under SAMPLES} libraries (adapter generic). */
  public static Path writeConfig(Path dir, Map<String, String> libraries) {
    StringBuilder toml = new StringBuilder("version = 1\n");
    libraries.forEach(
        (name, path) ->
            toml.append("\n[[library]]\nname = \"")
                .append(name)
                .append("\"\npath = \"")
                .append(path)
                .append("\"\nadapter = \"generic\"\n"));
    try {
      Files.createDirectories(dir);
      return Files.writeString(dir.resolve("corpus.toml"), toml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
