package org.corpusmcp.corpus;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.corpus.CorpusConfig.LibraryConfig;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.markdown.CleaningPolicy;
import org.corpusmcp.markdown.HtmlSectionizer;
import org.corpusmcp.markdown.MarkdownRenderer;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimOptions;
import org.corpusmcp.zim.io.FileSource;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A corpus over the real sample archives in shared/corpus-samples, read in place, with a generic
 * adapter (the shared sectionizer with default policy) handed to the corpus directly: ranking and
 * fetch are tested without a plugin manager and without the MediaWiki plugin's build.
 */
public final class TestCorpus {

  public static final Path SAMPLES = Path.of(System.getProperty("shared.dir"), "corpus-samples");
  public static final String RAY_MINI = "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim";
  public static final String RAY_MAXI = "mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim";
  public static final String HUNDRED = "mediawiki/wikipedia_en_100_mini_2022-10.zim";

  /**
   * Any reply written roughly as the host writes it (two-space indentation, snake_case names,
   * absent fields left out), for tests that read every reply's text; a fetch reply exactly as the
   * client receives it is {@link #fetchText}'s.
   */
  private static final JsonMapper JSON =
      JsonMapper.builder()
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .changeDefaultPropertyInclusion(
              v ->
                  JsonInclude.Value.construct(
                      JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .build();

  /** The host's mapper (JsonText.newMapper): what a client's text block is written with. */
  private static final JsonMapper HOST_JSON =
      JsonMapper.builder().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();

  /**
   * The search threads every test's service shares, as the host's services share the process's:
   * daemons, living as long as the test JVM.
   */
  public static final ExecutorService WORKERS =
      Executors.newFixedThreadPool(
          4,
          r -> {
            Thread t = new Thread(r, "test-corpus-search");
            t.setDaemon(true);
            return t;
          });

  private TestCorpus() {}

  /** The generic adapter under its configured name, as the host would hand it over. */
  public static Map<String, AdapterBinding> adapters() {
    return Map.of(
        "generic",
        new AdapterBinding(
            new GenericAdapter(), "generic-adapter", GenericAdapter.class.getClassLoader()));
  }

  /** A reply as the client receives it. */
  static String replyText(Object reply) {
    return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(reply);
  }

  /** A fetch reply as the client receives it: the text block the fetch budget bounds. */
  static String fetchText(FetchResponse reply) {
    return HOST_JSON.writerWithDefaultPrettyPrinter().writeValueAsString(FetchJson.of(reply));
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

  /**
   * A service over {@code libraries} (name -> path under SAMPLES, config written under {@code
   * dir}), full-text searchers where the archives have an index, four search workers, no query log.
   */
  public static CorpusService service(Path dir, Map<String, String> libraries) {
    Path config = writeConfig(dir, libraries);
    CorpusSettings settings =
        CorpusSettings.builder(SAMPLES, config).searchWorkers(4).logQueries(false).build();
    return new CorpusService(
        Corpus.open(settings, adapters(), null), CorpusSearchers.forCorpus(), TestCorpus.WORKERS);
  }

  /**
   * Settings for one library {@code name} over {@code sample} (config written under {@code
   * configDir}) whose sidecar indexes are under {@code indexDir}: two search workers, no query log.
   */
  public static CorpusSettings indexedSettings(
      Path configDir, String name, String sample, Path indexDir) {
    Path config = writeConfig(configDir, Map.of(name, sample));
    return CorpusSettings.builder(SAMPLES, config)
        .searchWorkers(2)
        .logQueries(false)
        .bodyIndexDir(indexDir)
        .build();
  }

  /** A library and the source its archive reads, whose reads a test can make fail. */
  public record FaultyLibrary(Library library, FaultySource source) {}

  /**
   * A library {@code name} over the sample {@code sample}, read through a {@link FaultySource}. No
   * cluster cache, so a cluster read before the source fails is read again after.
   */
  public static FaultyLibrary faultyLibrary(String name, String sample) {
    FaultySource source = new FaultySource(FileSource.open(SAMPLES.resolve(sample)));
    Archive archive = Zim.open(source, name + ".zim", ZimOptions.builder().cacheBytes(0).build());
    Library library =
        new Library(
            new LibraryConfig(name, SAMPLES.resolve(sample), "generic"),
            archive,
            new GenericAdapter(),
            GenericAdapter.class.getClassLoader(),
            Corpus.metadataOf(archive),
            MarkdownRenderer.RENDERING);
    return new FaultyLibrary(library, source);
  }

  /** Any mwoffliner archive, split by the shared sectionizer with its default policy. */
  static final class GenericAdapter implements CorpusAdapter {
    private static final HtmlSectionizer SECTIONIZER =
        new HtmlSectionizer(CleaningPolicy.builder().build());

    @Override
    public String name() {
      return "generic";
    }

    /** The shared renderer's: nothing here changes the Markdown it writes. */
    @Override
    public String rendering() {
      return MarkdownRenderer.RENDERING;
    }

    @Override
    public DocumentKind kind() {
      return DocumentKind.ARTICLE;
    }

    @Override
    public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
      return SECTIONIZER.toDocument(entry.title(), html, links);
    }

    @Override
    public double detect(ArchiveMetadata metadata) {
      return metadata.scraper().startsWith("mwoffliner") ? 0.5 : 0;
    }
  }
}
