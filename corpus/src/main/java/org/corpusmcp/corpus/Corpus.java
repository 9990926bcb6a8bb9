package org.corpusmcp.corpus;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.corpus.CorpusConfig.LibraryConfig;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.ZimOptions;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open libraries of one corpus.toml, in configuration order. Opening fails closed: if any
 * archive cannot be opened (what libzim refuses at open) or (with {@code ZIM_CHECK}) checksummed,
 * or its adapter cannot be determined, nothing is served and the message names the library. An
 * archive opened despite damage is served; its faults are listed by {@code describe()}.
 */
public final class Corpus implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Corpus.class);

  private final CorpusSettings settings;
  private final Map<String, Library> libraries;

  private Corpus(CorpusSettings settings, Map<String, Library> libraries) {
    this.settings = settings;
    this.libraries = libraries;
  }

  /**
   * Opens every library of {@code settings.config()}.
   *
   * @param adapters the loaded adapters by name
   * @param progress where a checksum progress bar goes when ZIM_CHECK is on, or null for none
   */
  public static Corpus open(
      CorpusSettings settings,
      Map<String, AdapterBinding> adapters,
      @Nullable PrintStream progress) {
    CorpusConfig config = CorpusConfig.load(settings, adapters.keySet());
    Map<String, Library> open = new LinkedHashMap<>();
    try {
      for (LibraryConfig library : config.libraries()) {
        open.put(library.name(), openLibrary(settings, library, adapters, progress));
      }
    } catch (RuntimeException e) { // any failure, damage or bug: rethrown once closed
      open.values().forEach(Library::close);
      throw e;
    }
    return new Corpus(settings, open);
  }

  /**
   * What {@link #openEach} found: the libraries that opened, as a corpus, and why each other one
   * did not, by name; {@code names} lists every library in configuration order.
   */
  public record Opening(Corpus corpus, List<String> names, Map<String, String> failures) {
    public Opening {
      names = List.copyOf(names);
      failures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }
  }

  /**
   * Opens every library of {@code settings.config()} on its own, for reports ({@code corpus
   * validate}): a library that cannot be configured or opened is named with its reason, and the
   * others are still opened. Serving uses {@link #open}, which fails closed. A fault of corpus.toml
   * as a whole still throws.
   */
  public static Opening openEach(
      CorpusSettings settings,
      Map<String, AdapterBinding> adapters,
      @Nullable PrintStream progress) {
    CorpusConfig.Checked checked = CorpusConfig.loadEach(settings, adapters.keySet());
    Map<String, String> failures = new LinkedHashMap<>(checked.problems());
    Map<String, Library> open = new LinkedHashMap<>();
    try {
      for (LibraryConfig library : checked.config().libraries()) {
        try {
          open.put(library.name(), openLibrary(settings, library, adapters, progress));
        } catch (CorpusConfigException e) {
          failures.put(library.name(), e.getMessage());
        }
      }
    } catch (RuntimeException e) { // any failure, damage or bug: rethrown once closed
      open.values().forEach(Library::close);
      throw e;
    }
    return new Opening(new Corpus(settings, open), checked.names(), failures);
  }

  private static Library openLibrary(
      CorpusSettings settings,
      LibraryConfig config,
      Map<String, AdapterBinding> adapters,
      @Nullable PrintStream progress) {
    String where = "library '" + config.name() + "' (" + config.path() + ")";
    Archive archive;
    try {
      archive =
          Zim.open(
              config.path(),
              ZimOptions.builder()
                  .maxClusterBytes(settings.maxClusterBytes())
                  .cacheBytes(settings.clusterCacheBytes())
                  .build());
    } catch (ZimFormatException | java.io.UncheckedIOException e) {
      throw new CorpusConfigException(where + " cannot be opened: " + e.getMessage(), e);
    }
    try {
      // Damage libzim opens an archive with (a title listing, one cluster, one dirent) does not
      // stop the corpus: reading it is a typed error and the rest is served. Finding every fault
      // decodes every cluster, so it is `corpus validate`'s job, never a start-up cost.
      if (settings.zimCheck()) {
        archive.verifyChecksum(
            progress == null ? (done, total) -> {} : new ProgressBar(progress, config.name()));
      }
      ArchiveMetadata metadata = metadataOf(archive);
      AdapterBinding binding =
          config.adapter().equals(CorpusConfig.AUTO)
              ? detect(where, metadata, adapters)
              : adapters.get(config.adapter());
      if (binding == null) {
        throw new CorpusConfigException(
            where + ": adapter '" + config.adapter() + "' is not loaded");
      }
      Library library =
          new Library(
              config,
              archive,
              binding.adapter(),
              binding.classLoader(),
              metadata,
              renderingOf(where, binding));
      log.info(
          "library {}: {} ({} entries, adapter {}, snapshot {})",
          config.name(),
          config.path().getFileName(),
          archive.entryCount(),
          binding.adapter().name(),
          library.snapshot());
      return library;
    } catch (ZimFormatException e) {
      archive.close();
      throw new CorpusConfigException(where + " is damaged: " + e.getMessage(), e);
    } catch (RuntimeException e) { // any other failure: rethrown once closed
      archive.close();
      throw e;
    }
  }

  static ArchiveMetadata metadataOf(Archive archive) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String key : archive.metadataKeys()) {
      if (key.startsWith("Illustration_")) {
        continue; // binary
      }
      try {
        String value = archive.metadata(key);
        if (value != null) {
          values.put(key, value);
        }
      } catch (ZimFormatException damaged) {
        // in a damaged cluster: the fault is in the validation report; the value is simply absent
      }
    }
    return ArchiveMetadata.of(values);
  }

  /**
   * The name of the rendering {@code binding}'s adapter writes, asked once here: an adapter that
   * names none (a plugin's null or blank, or a throw) is refused at start-up, naming the plugin,
   * rather than met by every fetch of its library.
   */
  private static String renderingOf(String where, AdapterBinding binding) {
    String rendering;
    try {
      rendering = binding.adapter().rendering();
    } catch (RuntimeException e) { // a plugin's own failure, any type: refused naming the plugin
      throw new CorpusConfigException(
          adapterProblem(where, binding, "failed to name its rendering: " + reason(e)), e);
    }
    if (rendering == null || rendering.isBlank()) {
      throw new CorpusConfigException(
          adapterProblem(
              where,
              binding,
              "names no rendering (rendering() returned "
                  + (rendering == null ? "null" : "a blank name")
                  + "; report it to its author)"));
    }
    return rendering;
  }

  /** A fault of {@code binding}'s adapter at {@code where}, naming the adapter and its plugin. */
  private static String adapterProblem(String where, AdapterBinding binding, String what) {
    return where
        + ": adapter '"
        + binding.adapter().name()
        + "' (plugin "
        + binding.pluginId()
        + ") "
        + what;
  }

  /** What an adapter's own exception says, or that it said nothing an operator can act on. */
  private static String reason(RuntimeException e) {
    String message = e.getMessage();
    return message == null || message.isBlank()
        ? "an internal error of the adapter (report it to its author)"
        : message;
  }

  /** The adapter that recognises the archive best; refuses ties and archives nobody claims. */
  private static AdapterBinding detect(
      String where, ArchiveMetadata metadata, Map<String, AdapterBinding> adapters) {
    AdapterBinding best = null;
    double bestScore = 0;
    List<String> tied = new ArrayList<>();
    for (AdapterBinding binding : adapters.values()) {
      double score;
      try {
        score = binding.adapter().detect(metadata);
      } catch (RuntimeException e) { // a plugin's own failure, any type: refused naming it
        throw new CorpusConfigException(
            adapterProblem(where, binding, "failed to inspect the archive: " + reason(e)), e);
      }
      if (score > bestScore) {
        best = binding;
        bestScore = score;
        tied.clear();
        tied.add(binding.adapter().name());
      } else if (score > 0 && score == bestScore) {
        tied.add(binding.adapter().name());
      }
    }
    if (best == null) {
      throw new CorpusConfigException(
          where
              + ": adapter = \"auto\" but no loaded adapter recognises"
              + " it (Scraper='"
              + metadata.scraper()
              + "', Name='"
              + metadata.name()
              + "'); set"
              + " adapter explicitly to one of "
              + new java.util.TreeSet<>(adapters.keySet()));
    }
    if (tied.size() > 1) {
      throw new CorpusConfigException(
          where
              + ": adapter = \"auto\" is ambiguous: "
              + tied
              + " all recognise it; set adapter explicitly");
    }
    return best;
  }

  public CorpusSettings settings() {
    return settings;
  }

  /** Libraries in configuration order. */
  public List<Library> libraries() {
    return List.copyOf(libraries.values());
  }

  public @Nullable Library library(String name) {
    return libraries.get(name);
  }

  @Override
  public void close() {
    libraries.values().forEach(Library::close);
  }

  /** A one-line progress bar on stderr for the ZIM_CHECK pass. */
  private static final class ProgressBar implements org.corpusmcp.zim.ChecksumProgress {
    private final PrintStream out;
    private final String label;
    private int lastPercent = -1;

    ProgressBar(PrintStream out, String label) {
      this.out = out;
      this.label = label;
    }

    @Override
    public void progress(long done, long total) {
      int percent = total == 0 ? 100 : (int) (done * 100 / total);
      if (percent == lastPercent) {
        return;
      }
      lastPercent = percent;
      int filled = percent / 4;
      out.print(
          "\rchecksum "
              + label
              + " ["
              + "#".repeat(filled)
              + " ".repeat(25 - filled)
              + "] "
              + percent
              + "%");
      if (done >= total) {
        out.println();
      }
      out.flush();
    }
  }
}
