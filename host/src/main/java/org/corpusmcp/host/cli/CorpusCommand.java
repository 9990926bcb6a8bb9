package org.corpusmcp.host.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.corpusmcp.corpus.AnchorIndex;
import org.corpusmcp.corpus.BodyIndex;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusConfig;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.host.corpus.CorpusJson;
import org.corpusmcp.host.corpus.CorpusWiring;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.plugins.PluginRuntime;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code corpus-mcp corpus list|validate}: the configured libraries, as an operator checks them.
 */
@Command(
    name = "corpus",
    mixinStandardHelpOptions = true,
    description = "Inspect the configured corpus (corpus.toml).",
    subcommands = {
      CorpusCommand.ListLibraries.class,
      CorpusCommand.Validate.class,
      CorpusCommand.Index.class
    })
final class CorpusCommand {

  @ParentCommand CorpusMcpCommand root;

  /** The settings for these commands; a missing corpus is an error here, not "no corpus". */
  CorpusSettings settings(HostOptions options) {
    CorpusSettings settings = CorpusWiring.settings(root.env(), options.corpusConfig);
    if (settings == null) {
      throw new IllegalArgumentException(
          "no corpus is configured: set CORPUS_CONFIG (and"
              + " CORPUS_ROOT) or pass --corpus-config FILE");
    }
    return settings;
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
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
          libraries.add(
              Map.of(
                  "name",
                  library.name(),
                  "adapter",
                  library.adapter(),
                  "path",
                  library.path().toString()));
        }
        root.out()
            .println(
                JsonText.pretty(
                    root.json(),
                    Map.of(
                        "config",
                        config.file().toString(),
                        "root",
                        config.root().toString(),
                        "libraries",
                        libraries)));
        return 0;
      }
    }
  }

  @Command(
      name = "validate",
      mixinStandardHelpOptions = true,
      description = {
        "Open every archive and report its metadata and structural faults as JSON.",
        "Each library gets \"valid\" and \"faults\" (fault, offset and message). A library that"
            + " cannot be opened or is misconfigured is reported by name with an \"error\", the"
            + " others are still checked, and the exit status is 1.",
        "With ZIM_CHECK=true also verify each archive's MD5 checksum (reads every byte)."
      })
  static final class Validate implements Callable<Integer> {
    @ParentCommand CorpusCommand parent;
    @Mixin HostOptions options = new HostOptions();

    @Override
    public Integer call() {
      CorpusMcpCommand root = parent.root;
      CorpusSettings settings = parent.settings(options);
      try (PluginRuntime plugins = PluginRuntime.start(options.resolve(root.env()))) {
        Corpus.Opening opening = CorpusWiring.openEach(settings, plugins.plugins(), root.err());
        try (Corpus corpus = opening.corpus()) {
          return report(root, settings, opening, corpus);
        }
      }
    }

    /** One entry per library in configuration order: its report, or why it could not open. */
    private static int report(
        CorpusMcpCommand root, CorpusSettings settings, Corpus.Opening opening, Corpus corpus) {
      List<Map<String, Object>> libraries = new ArrayList<>();
      BodyIndex bodyIndex = new BodyIndex(settings.bodyIndexDir());
      Set<String> reported = new HashSet<>();
      for (String name : opening.names()) {
        Library library = corpus.library(name);
        // a name given twice: the first opened, the second is the one refused
        if (library == null || !reported.add(name)) {
          String failure =
              opening.failures().getOrDefault(name, "library '" + name + "' not opened");
          libraries.add(new LinkedHashMap<>(Map.of("name", name, "error", failure)));
          root.err().println("corpus-mcp: " + failure);
          continue;
        }
        Map<String, Object> described = CorpusJson.libraryReport(library.describe());
        if (BodyIndex.isNeeded(library)) {
          // no full-text index of its own: say whether body words are searchable, and how to make
          // them so
          boolean built = bodyIndex.isBuilt(library);
          described.put("body_index", built ? bodyIndex.location(library).toString() : null);
          if (!built) {
            described.put(
                "body_index_hint",
                "only titles are searched; run 'corpus-mcp corpus index' to"
                    + " index article text into "
                    + settings.bodyIndexDir());
          }
        }
        libraries.add(described);
      }
      int failed = opening.failures().size();
      root.out()
          .println(
              JsonText.pretty(
                  root.json(),
                  Map.of(
                      "ok",
                      failed == 0,
                      "checksums_verified",
                      settings.zimCheck(),
                      "libraries",
                      libraries)));
      if (failed > 0) {
        root.err()
            .println(
                "corpus-mcp: "
                    + failed
                    + " of "
                    + opening.names().size()
                    + " libraries could not be opened (named above); serve would not start until"
                    + " they are fixed or removed from "
                    + settings.config());
        return CorpusMcpCommand.EXIT_FAILED;
      }
      return 0;
    }
  }

  @Command(
      name = "index",
      mixinStandardHelpOptions = true,
      description = {
        "Build the sidecar indexes search reads: article text, and the text of links.",
        "A full-text index of article text for libraries whose archive has none (without one, such"
            + " a library is searched by title only), and for every library an anchor index of the"
            + " text its pages link to each other with (search then knows which page a query names"
            + " by a link's words).",
        "Each goes to CORPUS_INDEX_DIR (default $XDG_CACHE_HOME/corpus-mcp/body-index, else"
            + " ~/.cache/corpus-mcp/body-index), one directory per archive UUID (<uuid>,"
            + " <uuid>.anchors).",
        "Progress goes to stderr. An interrupted build is never used, and the next run starts it"
            + " again."
      })
  static final class Index implements Callable<Integer> {
    @ParentCommand CorpusCommand parent;
    @Mixin HostOptions options = new HostOptions();

    @Option(
        names = "--library",
        paramLabel = "NAME",
        description = "Index only these libraries (repeatable); default every one that needs it.")
    List<String> only = new ArrayList<>();

    @Option(names = "--force", description = "Rebuild indexes that are already complete.")
    boolean force;

    @Option(
        names = "--leave-out",
        paramLabel = "FILE",
        description =
            "For evaluation: links the anchor index does not count, one per line, tab-separated:"
                + " library, page path, link text, target path (paths as libzim gives them). A"
                + " query made from a link must not be answered by that very link.")
    @Nullable Path leaveOut;

    @Override
    public Integer call() {
      CorpusMcpCommand root = parent.root;
      CorpusSettings settings = parent.settings(options);
      try (PluginRuntime plugins = PluginRuntime.start(options.resolve(root.env()));
          Corpus corpus = CorpusWiring.open(settings, plugins.plugins(), root.err())) {
        for (String name : only) {
          if (corpus.library(name) == null) {
            throw new IllegalArgumentException(
                "no library '"
                    + name
                    + "' in "
                    + settings.config()
                    + " (libraries: "
                    + corpus.libraries().stream().map(Library::name).toList()
                    + ")");
          }
        }
        BodyIndex bodyIndex = new BodyIndex(settings.bodyIndexDir());
        AnchorIndex anchorIndex = new AnchorIndex(settings.bodyIndexDir());
        Map<String, Set<AnchorIndex.LeftOut>> leftOut = readLeftOut(leaveOut);
        List<Map<String, Object>> libraries = new ArrayList<>();
        for (Library library : corpus.libraries()) {
          if (!only.isEmpty() && !only.contains(library.name())) {
            continue;
          }
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("name", library.name());
          row.put("uuid", library.uuid());
          if (!BodyIndex.isNeeded(library)) {
            row.put("status", "not needed: the archive has its own full-text index");
          } else if (bodyIndex.isBuilt(library) && !force) {
            row.put("status", "up to date");
            row.put("location", bodyIndex.location(library).toString());
          } else {
            BodyIndex.Built built = bodyIndex.build(library, settings, root.err());
            row.put("status", "built");
            row.put("location", built.location().toString());
            row.put("documents", built.documents());
            row.put("skipped", built.skipped());
            row.put("millis", built.millis());
          }
          row.put("anchors", anchors(library, anchorIndex, settings, leftOut, root));
          libraries.add(row);
        }
        root.out()
            .println(
                JsonText.pretty(
                    root.json(),
                    Map.of(
                        "index_dir", settings.bodyIndexDir().toString(), "libraries", libraries)));
        return 0;
      }
    }

    /** The library's anchor index, built unless complete (a leave-out list always rebuilds it). */
    private Map<String, Object> anchors(
        Library library,
        AnchorIndex anchorIndex,
        CorpusSettings settings,
        Map<String, Set<AnchorIndex.LeftOut>> leftOut,
        CorpusMcpCommand root) {
      Map<String, Object> row = new LinkedHashMap<>();
      if (anchorIndex.isBuilt(library) && !force && leaveOut == null) {
        row.put("status", "up to date");
        row.put("location", anchorIndex.location(library).toString());
        return row;
      }
      AnchorIndex.Built built =
          anchorIndex.build(
              library, settings, leftOut.getOrDefault(library.name(), Set.of()), root.err());
      row.put("status", "built");
      row.put("location", built.location().toString());
      row.put("pages", built.pages());
      row.put("links", built.links());
      row.put("names", built.pairs());
      row.put("skipped", built.skipped());
      row.put("millis", built.millis());
      return row;
    }

    /** The --leave-out file's links by library; a line that is not four fields is refused. */
    private static Map<String, Set<AnchorIndex.LeftOut>> readLeftOut(@Nullable Path file) {
      Map<String, Set<AnchorIndex.LeftOut>> out = new LinkedHashMap<>();
      if (file == null) {
        return out;
      }
      List<String> lines;
      try {
        lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new IllegalArgumentException("--leave-out " + file + " cannot be read: " + e, e);
      }
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).isBlank()) {
          continue;
        }
        String[] f = lines.get(i).split("\t", -1);
        if (f.length != 4) {
          throw new IllegalArgumentException(
              "--leave-out " + file + " line " + (i + 1) + ": four tab-separated fields expected");
        }
        out.computeIfAbsent(f[0], k -> new HashSet<>())
            .add(new AnchorIndex.LeftOut(f[1], f[2], f[3]));
      }
      return out;
    }
  }
}
