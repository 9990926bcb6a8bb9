package org.corpusmcp.host.cli;

import java.io.FileInputStream;
import java.io.FileDescriptor;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.HttpMcpServer;
import org.corpusmcp.host.mcp.HttpSettings;
import org.corpusmcp.host.mcp.McpServers;
import org.corpusmcp.host.mcp.StdioTransport;
import org.corpusmcp.host.tools.ToolInvoker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code corpus-mcp serve}: the MCP server, over stdio by default or Streamable HTTP. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = {
      "Run the MCP server: over stdio, or Streamable HTTP with --http.",
      "stdio is for clients that spawn the server; --http serves http://HOST:PORT/mcp.",
      "Logs always go to stderr."
    })
final class ServeCommand implements Callable<Integer> {

  @ParentCommand CorpusMcpCommand root;

  @Mixin HostOptions options = new HostOptions();

  @Option(names = "--http", description = "Serve Streamable HTTP instead of stdio.")
  boolean http;

  @Option(names = "--host", paramLabel = "ADDR",
      description = "HTTP bind address (env MCP_HOST; default 127.0.0.1). A non-loopback address"
          + " requires MCP_AUTH_TOKEN.")
  @Nullable String host;

  @Option(names = "--port", paramLabel = "PORT",
      description = "HTTP port (env MCP_PORT; default 8000; 0 picks a free port).")
  @Nullable Integer port;

  @Option(names = "--request-timeout", paramLabel = "SECONDS",
      description = "Longest a tool call may run: then it is cancelled and the client gets an"
          + " isError result with code 'timeout' (env MCP_REQUEST_TIMEOUT; default 120).")
  @Nullable Integer requestTimeoutSeconds;

  @Option(names = "--max-sessions", paramLabel = "N",
      description = "HTTP sessions open at once at most; one more initialize gets a JSON-RPC error"
          + " (env MCP_MAX_SESSIONS; default " + HttpSettings.DEFAULT_MAX_SESSIONS + ").")
  @Nullable Integer maxSessions;

  @Option(names = "--session-idle-timeout", paramLabel = "SECONDS",
      description = "An HTTP session without requests for this long is closed, within as long"
          + " again (env MCP_SESSION_IDLE_SECONDS; default 1800).")
  @Nullable Integer sessionIdleSeconds;

  @Option(names = "--max-connections", paramLabel = "N",
      description = "HTTP connections open at once at most; more wait to be accepted"
          + " (env MCP_MAX_CONNECTIONS; default " + HttpSettings.DEFAULT_MAX_CONNECTIONS + ").")
  @Nullable Integer maxConnections;

  private static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
  /** At end of stdin, in-flight calls get their deadline plus this to be answered. */
  private static final Duration DRAIN_MARGIN = Duration.ofSeconds(2);

  @Override
  public Integer call() throws Exception {
    Logger log = LoggerFactory.getLogger(ServeCommand.class);
    Duration timeout = Duration.ofSeconds(positive("--request-timeout", "MCP_REQUEST_TIMEOUT",
        requestTimeoutSeconds, (int) ToolInvoker.DEFAULT_DEADLINE.toSeconds()));
    HttpSettings httpSettings = http ? httpSettings() : null;
    try (Host host = root.startHost(options)) {
      McpServers.Parts parts = host.mcpParts(timeout);
      log.info("{} tool(s) from {} plugin(s): {}", host.catalog().size(), host.plugins().size(),
          host.catalog().tools().stream().map(t -> t.name()).toList());
      if (!host.prompts().isEmpty()) {
        log.info("{} prompt(s): {}", host.prompts().size(),
            host.prompts().prompts().stream().map(p -> p.name()).toList());
      }
      if (httpSettings != null) {
        try (HttpMcpServer server = HttpMcpServer.start(httpSettings, parts)) {
          logReady(log);
          Runtime.getRuntime().addShutdownHook(new Thread(server::close, "http-shutdown"));
          server.join();
        }
        return 0;
      }
      StdioTransport transport = new StdioTransport(
          parts.mcpJson(), parts.json(), parts.gate(), parts.modern(),
          new FileInputStream(FileDescriptor.in), root.out(), MAX_MESSAGE_BYTES,
          timeout.plus(DRAIN_MARGIN));
      var server = McpServers.stdio(transport, parts);
      logReady(log);
      transport.run();
      server.close();
      return 0;
    }
  }

  private HttpSettings httpSettings() {
    var env = root.env();
    String bind = host != null ? host : env.getOrDefault("MCP_HOST", "127.0.0.1");
    int listenPort;
    try {
      listenPort = port != null ? port : Integer.parseInt(env.getOrDefault("MCP_PORT", "8000").trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("MCP_PORT must be a number, got '" + env.get("MCP_PORT") + "'");
    }
    return new HttpSettings(
        bind,
        listenPort,
        env.get("MCP_AUTH_TOKEN"),
        List.copyOf(HostSettings.parseList(env.get("MCP_ALLOWED_HOSTS"))),
        List.copyOf(HostSettings.parseList(env.get("MCP_ALLOWED_ORIGINS"))),
        MAX_MESSAGE_BYTES,
        positive("--max-sessions", "MCP_MAX_SESSIONS", maxSessions, HttpSettings.DEFAULT_MAX_SESSIONS),
        Duration.ofSeconds(positive("--session-idle-timeout", "MCP_SESSION_IDLE_SECONDS",
            sessionIdleSeconds, (int) HttpSettings.DEFAULT_SESSION_IDLE_TIMEOUT.toSeconds())),
        positive("--max-connections", "MCP_MAX_CONNECTIONS", maxConnections,
            HttpSettings.DEFAULT_MAX_CONNECTIONS));
  }

  /** The flag's value, else the environment variable's, else the default; at least 1. */
  private int positive(String flag, String variable, @Nullable Integer flagValue, int fallback) {
    int value;
    if (flagValue != null) {
      value = flagValue;
    } else {
      String text = root.env().get(variable);
      if (text == null || text.isBlank()) {
        return fallback;
      }
      try {
        value = Integer.parseInt(text.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(variable + " must be a whole number, got '" + text + "'");
      }
    }
    if (value < 1) {
      throw new IllegalArgumentException(
          (flagValue != null ? flag : variable) + " must be at least 1, got " + value);
    }
    return value;
  }

  private static void logReady(Logger log) {
    long sinceJvmStart = System.currentTimeMillis()
        - ManagementFactory.getRuntimeMXBean().getStartTime();
    log.info("ready ({} ms after JVM start)", sinceJvmStart);
  }
}
