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

  @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "120",
      description = "Longest a tool call may run before the client gets a timeout (default 120).")
  int requestTimeoutSeconds;

  private static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  @Override
  public Integer call() throws Exception {
    Logger log = LoggerFactory.getLogger(ServeCommand.class);
    Duration timeout = Duration.ofSeconds(requestTimeoutSeconds);
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
          parts.mcpJson(), parts.json(), parts.gate(),
          new FileInputStream(FileDescriptor.in), root.out(), MAX_MESSAGE_BYTES, timeout);
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
        MAX_MESSAGE_BYTES);
  }

  private static void logReady(Logger log) {
    long sinceJvmStart = System.currentTimeMillis()
        - ManagementFactory.getRuntimeMXBean().getStartTime();
    log.info("ready ({} ms after JVM start)", sinceJvmStart);
  }
}
