package org.corpusmcp.host.corpus;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusConfig;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.plugins.LoadedPlugin;
import org.jspecify.annotations.Nullable;

/**
 * How the host opens its corpus, the one way {@code serve}, {@code corpus list}, {@code corpus
 * validate} and {@code doctor} all use: settings from the environment (with the distribution's
 * bundled corpus.toml as the fallback), adapters from the loaded plugins, then {@link Corpus#open}.
 */
public final class CorpusWiring {

  private CorpusWiring() {}

  /** The corpus settings of this environment, or null when no corpus is configured. */
  public static @Nullable CorpusSettings settings(
      Map<String, String> env, @Nullable Path configFlag) {
    // Checked here, where it is known which setting named the file: the flag wins over the
    // variable, and the error has to blame the one the user actually typed.
    if (configFlag != null) {
      requireFile(configFlag, "--corpus-config " + configFlag);
    } else {
      String variable = env.get(CORPUS_CONFIG);
      if (variable != null && !variable.isBlank()) {
        requireFile(Path.of(variable), CORPUS_CONFIG + "=" + variable);
      }
    }
    return CorpusSettings.fromEnvironment(env, configFlag, HostSettings.home());
  }

  private static final String CORPUS_CONFIG = "CORPUS_CONFIG";

  private static void requireFile(Path config, String setting) {
    if (!Files.exists(config)) {
      throw new IllegalArgumentException(setting + ": no such file");
    }
    if (!Files.isRegularFile(config)) {
      throw new IllegalArgumentException(setting + ": not a file (a corpus.toml is expected)");
    }
    if (!Files.isReadable(config)) {
      throw new IllegalArgumentException(setting + ": cannot be read (permission denied)");
    }
  }

  /** corpus.toml read and checked against the plugins' adapters; no archive is opened. */
  public static CorpusConfig config(CorpusSettings settings, Iterable<LoadedPlugin> plugins) {
    return CorpusConfig.load(settings, Adapters.collect(plugins).keySet());
  }

  /**
   * Every library opened with the plugins' adapters.
   *
   * @param progress where the ZIM_CHECK progress bar goes, or null for none
   */
  public static Corpus open(
      CorpusSettings settings, Iterable<LoadedPlugin> plugins, @Nullable PrintStream progress) {
    return Corpus.open(settings, Adapters.collect(plugins), progress);
  }

  /**
   * Every library opened on its own, for {@code corpus validate}: one that cannot be opened is
   * named with its reason and the others still open. Serving uses {@link #open}, fail-closed.
   */
  public static Corpus.Opening openEach(
      CorpusSettings settings, Iterable<LoadedPlugin> plugins, @Nullable PrintStream progress) {
    return Corpus.openEach(settings, Adapters.collect(plugins), progress);
  }

  /** The corpus opened and served: its search and fetch become host tools. */
  public static Host.HostTools tools(
      CorpusSettings settings, List<LoadedPlugin> plugins, @Nullable PrintStream progress) {
    return tools(open(settings, plugins, progress));
  }

  /** An opened corpus served: its search and fetch become host tools, which close it. */
  public static Host.HostTools tools(Corpus corpus) {
    ExecutorService workers = searchWorkers(corpus.settings().searchWorkers());
    CorpusService service =
        new CorpusService(
            corpus, CorpusSearchers.forCorpus(corpus.settings().bodyIndexDir()), workers);
    // the workers stop first, so no search still running meets a closed archive
    return new Host.HostTools(
        CorpusTools.of(service),
        () -> {
          workers.shutdownNow();
          service.close();
        },
        () -> CorpusWarmup.calls(corpus));
  }

  /** The corpus's search threads: daemons, so a search in flight never holds the JVM open. */
  private static ExecutorService searchWorkers(int count) {
    AtomicInteger n = new AtomicInteger();
    return Executors.newFixedThreadPool(
        count,
        r -> {
          Thread t = new Thread(r, "corpus-search-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }
}
