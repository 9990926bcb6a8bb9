package org.corpusmcp.host;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.host.cli.CorpusMcpCommand;
import org.corpusmcp.host.cli.PluginToolCommand;
import org.corpusmcp.host.plugins.PluginStartupException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * Process entry point. Its first act is to take standard output away from everyone else: in stdio
 * mode it is the JSON-RPC channel, and a stray print (a plugin's, or logback's own status lines in
 * a static initialiser) would corrupt it. Hence also no static logger in this class.
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    PrintStream realOut = System.out;
    System.setOut(System.err);
    System.exit(run(args, realOut, System.err, System.getenv()));
  }

  /** Runs the command line; returns the exit status. Used by tests in-process. */
  public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    CorpusMcpCommand root = new CorpusMcpCommand(out, err, env);
    CommandLine cli = new CommandLine(root, root.factory());
    Object command = root;
    if (args.length > 0 && !args[0].startsWith("-") && !builtins(cli).contains(args[0])) {
      command = new PluginToolCommand(root);
      cli = new CommandLine(command);
      // A plugin command's own flags (record --force) are not the host's: they reach it as ARGs.
      cli.setUnmatchedOptionsArePositionalParams(true);
    }
    // the charset the JDK 17 standard streams encode with, as PrintWriter(out) would pick
    Charset streams = Charset.defaultCharset();
    cli.setOut(new PrintWriter(new OutputStreamWriter(out, streams), true));
    cli.setErr(new PrintWriter(new OutputStreamWriter(err, streams), true));
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof PluginStartupException
              || e instanceof IllegalArgumentException
              || e instanceof IllegalStateException
              || e instanceof org.corpusmcp.corpus.CorpusConfigException) {
            err.println("corpus-mcp: " + e.getMessage());
            LoggerFactory.getLogger(Main.class).debug("startup failure", e);
            return CorpusMcpCommand.EXIT_STARTUP;
          }
          LoggerFactory.getLogger(Main.class).error("unexpected failure", e);
          err.println("corpus-mcp: unexpected failure: " + e);
          return CorpusMcpCommand.EXIT_STARTUP;
        });
    if (args.length == 0) {
      cli.usage(err);
      return 2;
    }
    return cli.execute(args);
  }

  private static Set<String> builtins(CommandLine cli) {
    return cli.getSubcommands().keySet();
  }
}
