package org.corpusmcp.host.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.corpusmcp.corpus.AnchorIndex;
import org.corpusmcp.corpus.BodyIndex;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.StderrLogging;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.corpus.CorpusWiring;
import org.corpusmcp.host.plugins.LoadedPlugin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code corpus-mcp doctor}: checks the install the way an operator would by hand, then prints
 * client configuration that can be pasted as is. Exits 1 when a check fails.
 */
@Command(
    name = "doctor",
    mixinStandardHelpOptions = true,
    description = {
      "Check the installation and print client configuration to paste.",
      "Checks Java, the plugins, the corpus and the tools, starting them once as serve would,"
          + " then prints configuration for Claude Desktop, Claude Code, Cursor, VS Code,"
          + " Windsurf and the MCP Inspector.",
      "INFO log lines are left out of the checklist unless LOG_LEVEL is set."
    })
final class DoctorCommand implements Callable<Integer> {

  /** Set by the launcher script to its own absolute path. */
  static final String LAUNCHER_PROPERTY = "corpusmcp.launcher";

  /** Where {@code serve --http} listens with the defaults. */
  private static final String HTTP_ENDPOINT = "http://127.0.0.1:8000/mcp";

  @ParentCommand CorpusMcpCommand root;

  @Mixin HostOptions options = new HostOptions();

  private int failures;

  @Override
  public Integer call() {
    PrintStream out = root.out();
    out.println("corpus-mcp doctor");
    out.println();
    int feature = Runtime.version().feature();
    check(
        out,
        feature >= 17,
        "Java " + Runtime.version() + " at " + System.getProperty("java.home"),
        "Java 17 or newer is required");

    HostSettings settings = options.resolve(root.env());
    Path dir = settings.pluginsDir().toAbsolutePath().normalize();
    List<String> files = pluginFiles(dir);
    check(
        out,
        Files.isDirectory(dir),
        "plugins directory "
            + dir
            + " ("
            + files.size()
            + " plugin file(s): "
            + String.join(", ", files)
            + ")",
        "set "
            + HostSettings.ENV_PLUGINS_DIR
            + " or --plugins-dir to the directory of plugin jars");

    if (Files.isDirectory(dir)) {
      // INFO lines (plugins started, libraries opened) would land in the middle of the checklist,
      // which says the same; warnings still show
      StderrLogging.Restore quiet = StderrLogging.quietInfo(root.env().get("LOG_LEVEL"));
      try {
        checkHost(out, settings);
      } finally {
        quiet.close();
      }
    }

    String launcher = launcherPath();
    out.println();
    out.println("Client configuration (stdio: the client starts the server):");
    out.println();
    out.println("  Claude Desktop (claude_desktop_config.json):");
    out.println(
        "    {\"mcpServers\": {\"corpus-mcp\": {\"command\": \""
            + jsonEscape(launcher)
            + "\", \"args\": [\"serve\"]}}}");
    out.println();
    out.println("  Claude Code:");
    out.println("    claude mcp add corpus-mcp -- " + shellQuote(launcher) + " serve");
    out.println();
    String command = "\"command\": \"" + jsonEscape(launcher) + "\", \"args\": [\"serve\"]";
    out.println("  Cursor (~/.cursor/mcp.json, or .cursor/mcp.json in a project):");
    out.println("    {\"mcpServers\": {\"corpus-mcp\": {" + command + "}}}");
    out.println();
    out.println("  VS Code (.vscode/mcp.json, or 'MCP: Open User Configuration'):");
    out.println("    {\"servers\": {\"corpus-mcp\": {\"type\": \"stdio\", " + command + "}}}");
    out.println();
    out.println("  Windsurf (~/.codeium/windsurf/mcp_config.json):");
    out.println("    {\"mcpServers\": {\"corpus-mcp\": {" + command + "}}}");
    out.println();
    out.println("  MCP Inspector:");
    out.println("    npx @modelcontextprotocol/inspector " + shellQuote(launcher) + " serve");
    out.println();
    out.println("Streamable HTTP (start '" + launcher + " serve --http' first):");
    out.println("  Claude Code: claude mcp add --transport http corpus-mcp " + HTTP_ENDPOINT);
    out.println(
        "  Cursor:      {\"mcpServers\": {\"corpus-mcp\": {\"url\": \"" + HTTP_ENDPOINT + "\"}}}");
    out.println(
        "  VS Code:     {\"servers\": {\"corpus-mcp\": {\"type\": \"http\", \"url\": \""
            + HTTP_ENDPOINT
            + "\"}}}");
    out.println(
        "  Windsurf:    {\"mcpServers\": {\"corpus-mcp\": {\"serverUrl\": \""
            + HTTP_ENDPOINT
            + "\"}}}");
    out.println(
        "  MCP Inspector: npx @modelcontextprotocol/inspector  (then connect to "
            + HTTP_ENDPOINT
            + ")");
    out.println();
    out.println(failures == 0 ? "All checks passed." : failures + " check(s) failed.");
    return failures == 0 ? 0 : CorpusMcpCommand.EXIT_FAILED;
  }

  /**
   * Starts the host once, as serve would: the plugins, then the corpus (opened once, its check
   * printed, then served by the same host), then the tool catalogue.
   */
  private void checkHost(PrintStream out, HostSettings settings) {
    boolean[] pluginsStarted = {false};
    Host host;
    try {
      host =
          Host.start(
              settings,
              root.json(),
              plugins -> {
                pluginsStarted[0] = true;
                check(out, true, "plugins load and start: " + plugins.size() + " plugin(s)", "");
                for (LoadedPlugin plugin : plugins) {
                  out.println(
                      "       - "
                          + plugin.id()
                          + " "
                          + plugin.version()
                          + " ("
                          + plugin.path().getFileName()
                          + ")");
                }
                return corpusTools(out, plugins);
              });
    } catch (RuntimeException e) {
      check(out, false, pluginsStarted[0] ? "tools" : "plugins load and start", e.getMessage());
      return;
    }
    try (host) {
      if (failures == 0) {
        check(
            out,
            true,
            host.catalog().size()
                + " tool(s) served: "
                + host.catalog().tools().stream().map(t -> t.name()).toList(),
            "");
      }
    }
  }

  /** Opens the corpus once and checks it; its tools, or none when it failed (already reported). */
  private Host.HostTools corpusTools(PrintStream out, List<LoadedPlugin> plugins) {
    CorpusSettings corpus;
    try {
      corpus = CorpusWiring.settings(root.env(), options.corpusConfig);
    } catch (IllegalArgumentException e) {
      check(out, false, "corpus settings", e.getMessage());
      return Host.HostTools.none();
    }
    if (corpus == null) {
      check(out, true, "no corpus configured (set CORPUS_CONFIG to serve search and fetch)", "");
      return Host.HostTools.none();
    }
    Corpus opened;
    try {
      opened = CorpusWiring.open(corpus, plugins, null);
    } catch (RuntimeException e) {
      check(out, false, "corpus " + corpus.config(), e.getMessage());
      return Host.HostTools.none();
    }
    try {
      checkCorpus(out, corpus, opened);
      return CorpusWiring.tools(opened);
    } catch (RuntimeException e) {
      opened.close();
      throw e;
    }
  }

  private void checkCorpus(PrintStream out, CorpusSettings corpus, Corpus opened) {
    check(
        out,
        true,
        "corpus "
            + corpus.config().toAbsolutePath()
            + ": "
            + opened.libraries().stream()
                .map(
                    l -> l.name() + " (" + l.adapter().name() + ", " + l.entryCount() + " entries)")
                .toList(),
        "");
    BodyIndex bodyIndex = new BodyIndex(corpus.bodyIndexDir());
    AnchorIndex anchorIndex = new AnchorIndex(corpus.bodyIndexDir());
    List<String> withoutAnchors = new ArrayList<>();
    for (Library library : opened.libraries()) {
      if (!anchorIndex.isBuilt(library)) {
        withoutAnchors.add(library.name());
      }
      if (!BodyIndex.isNeeded(library)) {
        continue;
      }
      if (bodyIndex.isBuilt(library)) {
        check(
            out, true, "body index of " + library.name() + ": " + bodyIndex.location(library), "");
      } else {
        // not a failure: titles are still searched, only words of article bodies are not
        out.println(
            "  note "
                + library.name()
                + " has no full-text index and no body index: only"
                + " titles are searched; build one with 'corpus-mcp corpus index' (into "
                + corpus.bodyIndexDir()
                + ")");
      }
    }
    if (!withoutAnchors.isEmpty()) {
      // not a failure either: search finds pages by their words, only not by what links call them
      out.println(
          "  note no anchor index for "
              + withoutAnchors
              + ": search does not know pages by the text other pages link to them with; build"
              + " them with 'corpus-mcp corpus index' (into "
              + corpus.bodyIndexDir()
              + ")");
    }
  }

  private void check(PrintStream out, boolean ok, String what, String fix) {
    out.println((ok ? "  ok   " : "  FAIL ") + what);
    if (!ok) {
      failures++;
      out.println("       -> " + fix);
    }
  }

  private static List<String> pluginFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jar") || n.endsWith(".zip"))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static String launcherPath() {
    String launcher = System.getProperty(LAUNCHER_PROPERTY);
    if (launcher != null && !launcher.isBlank()) {
      return launcher;
    }
    String home = System.getProperty(HostSettings.HOME_PROPERTY);
    return home == null ? "corpus-mcp" : Path.of(home, "bin", "corpus-mcp").toString();
  }

  private static String jsonEscape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  private static String shellQuote(String s) {
    return s.matches("[A-Za-z0-9_./-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }
}
