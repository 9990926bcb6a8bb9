package org.corpusmcp.host.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusConfig;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.host.corpus.CorpusJson;
import org.corpusmcp.host.corpus.CorpusWiring;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.plugins.PluginRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code corpus-mcp corpus list|validate}: the configured libraries, as an operator checks them. */
@Command(name = "corpus", mixinStandardHelpOptions = true,
    description = "Inspect the configured corpus (corpus.toml).",
    subcommands = {CorpusCommand.ListLibraries.class, CorpusCommand.Validate.class})
final class CorpusCommand {

  @ParentCommand CorpusMcpCommand root;

  /** The settings for these commands; a missing corpus is an error here, not "no corpus". */
  CorpusSettings settings(HostOptions options) {
    CorpusSettings settings = CorpusWiring.settings(root.env(), options.corpusConfig);
    if (settings == null) {
      throw new IllegalArgumentException("no corpus is configured: set CORPUS_CONFIG (and"
          + " CORPUS_ROOT) or pass --corpus-config FILE");
    }
    return settings;
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the configured libraries (reads corpus.toml; opens no archive).")
  static final class ListLibraries implements Callable<Integer> {
    @ParentCommand CorpusCommand parent;
    @Mixin HostOptions options = new HostOptions();

    @Override
    public Integer call() {
      CorpusMcpCommand root = parent.root;
      CorpusSettings settings = parent.settings(options);
      try (PluginRuntime plugins = PluginRuntime.start(options.resolve(root.env()))) {
        CorpusConfig config = CorpusWiring.config(settings, plugins.plugins());
        List<Map<String, Object>> libraries = new ArrayList<>();
        for (CorpusConfig.LibraryConfig library : config.libraries()) {
          libraries.add(Map.of("name", library.name(), "adapter", library.adapter(),
              "path", library.path().toString()));
        }
        root.out().println(JsonText.pretty(root.json(), Map.of(
            "config", config.file().toString(), "root", config.root().toString(),
            "libraries", libraries)));
        return 0;
      }
    }
  }

  @Command(name = "validate", mixinStandardHelpOptions = true,
      description = {"Open every archive, validate its structure and report its metadata and every",
          "fault found (\"valid\", \"faults\" with fault, offset and message).",
          "With ZIM_CHECK=true also verify each archive's MD5 checksum (reads every byte)."})
  static final class Validate implements Callable<Integer> {
    @ParentCommand CorpusCommand parent;
    @Mixin HostOptions options = new HostOptions();

    @Override
    public Integer call() {
      CorpusMcpCommand root = parent.root;
      CorpusSettings settings = parent.settings(options);
      try (PluginRuntime plugins = PluginRuntime.start(options.resolve(root.env()));
          Corpus corpus = CorpusWiring.open(settings, plugins.plugins(), root.err())) {
        List<Map<String, Object>> libraries = new ArrayList<>();
        for (Library library : corpus.libraries()) {
          libraries.add(CorpusJson.libraryReport(library.describe()));
        }
        root.out().println(JsonText.pretty(root.json(), Map.of(
            "ok", true, "checksums_verified", settings.zimCheck(), "libraries", libraries)));
        return 0;
      }
    }
  }
}
