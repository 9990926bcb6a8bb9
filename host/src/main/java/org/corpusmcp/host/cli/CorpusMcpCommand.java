package org.corpusmcp.host.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.host.BuildInfo;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.StartupTask;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.corpus.CorpusWiring;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.zimtool.ZimCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import tools.jackson.databind.json.JsonMapper;

/** The {@code corpus-mcp} command line. Subcommands reach shared state through this object. */
@Command(
    name = "corpus-mcp",
    mixinStandardHelpOptions = true,
    versionProvider = CorpusMcpCommand.Version.class,
    description = {
      "A local MCP server that gives AI agents citable access to reference knowledge: offline ZIM"
          + " archives and the Arch wiki, through plugins."
    },
    subcommands = {
      ServeCommand.class,
      ToolsCommand.class,
      CallCommand.class,
      DoctorCommand.class,
      CorpusCommand.class,
      ZimCommand.class,
      CommandLine.HelpCommand.class,
      // `source <(corpus-mcp generate-completion)`: bash and zsh completion of commands and
      // options.
      picocli.AutoComplete.GenerateCompletion.class
    },
    footer = {
      "",
      "A plugin's tools also run with positional arguments:",
      "  corpus-mcp <plugin-id> <tool> [ARG...]",
      "  e.g. corpus-mcp archwiki commands GRUB Installation",
      "Arguments fill the tool's parameters in order, required ones first.",
      "Plugins may also offer commands that are not MCP tools, e.g.",
      "  corpus-mcp archwiki record TITLE... [--force]   (write replay fixtures)",
      "Results are JSON on stdout; a tool error goes to stderr and exits 1.",
      "",
      "Exit codes: 0 ok, 1 tool or check failed, 2 usage error, 3 startup failure."
    })
public final class CorpusMcpCommand {

  /** Exit status for a tool error or a failed check. */
  public static final int EXIT_FAILED = 1;

  /** Exit status for a startup failure (plugins, configuration, port). */
  public static final int EXIT_STARTUP = 3;

  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> env;

  /**
   * Building the first mapper costs a start about a sixth of its main thread (Jackson's defaults
   * include a date format whose static set-up reads the JDK's locale data), and nothing before the
   * host's start needs it: it is made beside the command line's parse and the settings.
   */
  private final StartupTask<JsonMapper> json =
      StartupTask.start("json-mapper", JsonText::newMapper);

  /**
   * @param out the real standard output (results, JSON-RPC), captured before anything else ran
   * @param err diagnostics
   * @param env the process environment
   */
  public CorpusMcpCommand(PrintStream out, PrintStream err, Map<String, String> env) {
    this.out = out;
    this.err = err;
    this.env = Map.copyOf(env);
  }

  /**
   * The command over this process's streams and environment: what tools that build a picocli
   * command from its class alone instantiate (the man page generator of the distribution build).
   */
  public CorpusMcpCommand() {
    this(System.out, System.err, System.getenv());
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  Map<String, String> env() {
    return env;
  }

  JsonMapper json() {
    return json.get();
  }

  /**
   * Makes this command's subcommands: the zim command gets the real standard output, which {@code
   * Main} keeps from everyone else, for {@code cat --raw}'s bytes.
   */
  public CommandLine.IFactory factory() {
    CommandLine.IFactory defaults = CommandLine.defaultFactory();
    return new CommandLine.IFactory() {
      @Override
      public <K> K create(Class<K> type) throws Exception {
        return type == ZimCommand.class ? type.cast(new ZimCommand(out)) : defaults.create(type);
      }
    };
  }

  /**
   * The built-in commands' names, for suggestions when a first word is neither one nor a plugin.
   */
  List<String> commandNames() {
    return List.copyOf(new CommandLine(this).getSubcommands().keySet());
  }

  /**
   * Loads plugins per {@code options} and this environment, and the corpus if one is configured.
   */
  Host startHost(HostOptions options) {
    HostSettings settings = options.resolve(env);
    CorpusSettings corpus = CorpusWiring.settings(env, options.corpusConfig);
    return Host.start(
        settings,
        json(),
        plugins ->
            corpus == null ? Host.HostTools.none() : CorpusWiring.tools(corpus, plugins, err));
  }

  /** Prints the version line. */
  public static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        BuildInfo.NAME + " " + BuildInfo.version(),
        "plugin-api " + org.corpusmcp.api.PluginApi.VERSION,
        "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
      };
    }
  }
}
