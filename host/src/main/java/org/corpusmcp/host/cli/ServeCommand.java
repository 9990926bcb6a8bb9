package org.corpusmcp.host.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.StartupTask;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.Drain;
import org.corpusmcp.host.mcp.HttpMcpServer;
import org.corpusmcp.host.mcp.HttpSettings;
import org.corpusmcp.host.mcp.McpServers;
import org.corpusmcp.host.mcp.StdioTransport;
import org.corpusmcp.host.tools.ToolInvoker;
import org.corpusmcp.host.tools.Warmup;
import org.eclipse.jetty.server.Server;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code corpus-mcp serve}: the MCP server, over stdio by default or Streamable HTTP. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
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

  @Option(
      names = "--host",
      paramLabel = "ADDR",
      description =
          "HTTP bind address (env MCP_HOST; default 127.0.0.1). A non-loopback address"
              + " requires MCP_AUTH_TOKEN (32 characters at least), or MCP_ALLOW_UNAUTHENTICATED_BIND=1 where something else confines it"
              + " (a container port published on the host's loopback only).")
  @Nullable String host;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "HTTP port (env MCP_PORT; default 8000; 0 picks a free port).")
  @Nullable Integer port;

  @Option(
      names = "--request-timeout",
      paramLabel = "SECONDS",
      description =
          "Longest a tool call may run: then it is cancelled and the client gets an"
              + " isError result with code 'timeout' (env MCP_REQUEST_TIMEOUT; default 120).")
  @Nullable Integer requestTimeoutSeconds;

  @Option(
      names = "--max-sessions",
      paramLabel = "N",
      description =
          "HTTP sessions open at once at most; at the limit a new initialize ends the"
              + " session idle longest (unused ones first), and is refused only when all are busy"
              + " (env MCP_MAX_SESSIONS; default "
              + HttpSettings.DEFAULT_MAX_SESSIONS
              + ").")
  @Nullable Integer maxSessions;

  @Option(
      names = "--session-idle-timeout",
      paramLabel = "SECONDS",
      description =
          "An HTTP session without requests for this long is closed, within as long"
              + " again (env MCP_SESSION_IDLE_SECONDS; default 1800).")
  @Nullable Integer sessionIdleSeconds;

  @Option(
      names = "--max-connections",
      paramLabel = "N",
      description =
          "HTTP connections open at once at most; more wait to be accepted"
              + " (env MCP_MAX_CONNECTIONS; default "
              + HttpSettings.DEFAULT_MAX_CONNECTIONS
              + ").")
  @Nullable Integer maxConnections;

  @Option(
      names = "--header-timeout",
      paramLabel = "SECONDS",
      description =
          "An HTTP connection must send a request's complete headers within this time of"
              + " opening or of its previous response, or it is closed (env MCP_HEADER_TIMEOUT;"
              + " default 10).")
  @Nullable Integer headerTimeoutSeconds;

  @Option(
      names = "--shutdown-grace",
      paramLabel = "SECONDS",
      description =
          "On SIGTERM, stop taking requests and give those running (and, over HTTP, one more"
              + " on each open connection, answered with Connection: close) this long to finish,"
              + " then exit 0 (env MCP_SHUTDOWN_GRACE; default 10).")
  @Nullable Integer shutdownGraceSeconds;

  @Option(
      names = "--replica-id",
      paramLabel = "ID",
      description =
          "Behind a load balancer: issue HTTP session ids as ID.<id>, so the balancer"
              + " can send a session's requests to this replica (env MCP_REPLICA_ID; default none;"
              + " see docs/operations.md).")
  @Nullable String replicaId;

  private static @Nullable String blankToNull(@Nullable String text) {
    return text == null || text.isBlank() ? null : text.trim();
  }

  private static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(10);

  /**
   * A client that spawns the server sends {@code initialize} and {@code tools/list} at once; its
   * first tool call waits for the model's turn, usually seconds. Two seconds without one leave the
   * warm-up to sessions that give it time, and to no benchmark that searches at once.
   */
  private static final Duration DEFAULT_WARM_UP_IDLE = Duration.ofSeconds(2);

  /** How long the main thread waits, after the server stopped, for the stop to be logged. */
  private static final Duration STOP_LOG_WAIT = Duration.ofSeconds(5);

  private static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  /** At end of stdin, in-flight calls get their deadline plus this to be answered. */
  private static final Duration DRAIN_MARGIN = Duration.ofSeconds(2);

  @Override
  public Integer call() throws Exception {
    Logger log = LoggerFactory.getLogger(ServeCommand.class);
    Duration timeout =
        Duration.ofSeconds(
            positive(
                "--request-timeout",
                "MCP_REQUEST_TIMEOUT",
                requestTimeoutSeconds,
                (int) ToolInvoker.DEFAULT_DEADLINE.toSeconds()));
    HttpSettings httpSettings = http ? httpSettings() : null;
    Duration grace =
        Duration.ofSeconds(
            positive(
                "--shutdown-grace",
                "MCP_SHUTDOWN_GRACE",
                shutdownGraceSeconds,
                (int) DEFAULT_SHUTDOWN_GRACE.toSeconds()));
    @Nullable Duration warmUpIdle = warmUpIdle();
    // Jetty's server needs nothing of the host: made beside the plugins and the corpus
    @Nullable StartupTask<Server> jetty =
        httpSettings != null ? HttpMcpServer.prepareJetty() : null;
    try (Host host = root.startHost(options)) {
      McpServers.Parts parts = host.mcpParts(timeout);
      log.info(
          "{} tool(s) from {} plugin(s): {}",
          host.catalog().size(),
          host.plugins().size(),
          host.catalog().tools().stream().map(t -> t.name()).toList());
      if (!host.prompts().isEmpty()) {
        log.info(
            "{} prompt(s): {}",
            host.prompts().size(),
            host.prompts().prompts().stream().map(p -> p.name()).toList());
      }
      if (httpSettings != null) {
        if (httpSettings.unauthenticatedExposureAllowed()
            && !httpSettings.isLoopbackBind()
            && httpSettings.bearerToken() == null) {
          log.warn(
              "listening on {} without a token (MCP_ALLOW_UNAUTHENTICATED_BIND=1): anything"
                  + " that reaches this address can call the tools",
              httpSettings.host());
        }
        try (HttpMcpServer server = HttpMcpServer.start(httpSettings, parts, jetty)) {
          logReady(log);
          @Nullable Thread warming = warmUp(host, warmUpIdle);
          Runtime.getRuntime().addShutdownHook(new Thread(server::close, "http-shutdown"));
          CountDownLatch stopped = new CountDownLatch(1);
          AtomicBoolean signalled = new AtomicBoolean();
          TermSignal.handle(
              () -> {
                signalled.set(true);
                logStopped(log, server.shutdown(grace), grace);
                stopped.countDown();
              });
          server.join();
          stopWarmUp(warming);
          if (signalled.get()) {
            // join returns as Jetty stops, before the signal's thread has logged and finished
            stopped.await(STOP_LOG_WAIT.toMillis(), TimeUnit.MILLISECONDS);
          }
        }
        return 0;
      }
      StdioTransport transport =
          new StdioTransport(
              parts.mcpJson(),
              parts.json(),
              parts.gate(),
              parts.modern(),
              new FileInputStream(FileDescriptor.in),
              root.out(),
              MAX_MESSAGE_BYTES,
              timeout.plus(DRAIN_MARGIN));
      var server = McpServers.stdio(transport, parts);
      // the one stdio server of this process relays resource updates and list changes until the
      // process ends
      McpServers.relayChanges(server, parts);
      logReady(log);
      @Nullable Thread warming = warmUp(host, warmUpIdle);
      AtomicBoolean signalled = new AtomicBoolean();
      TermSignal.handle(
          () -> {
            signalled.set(true);
            transport.stop(grace);
          });
      Drain drain = transport.run();
      stopWarmUp(warming);
      if (signalled.get()) {
        logStopped(log, drain, grace);
      } else if (StartupTraining.requested()) {
        StartupTraining.exerciseHttp(parts, log);
      }
      server.close();
      return 0;
    }
  }

  /**
   * {@code WARM_UP_IDLE_MS}: how long a fresh server must go without a tool call before it warms
   * its tools up with a few calls of its own ({@link Warmup}); {@code off}: never. Null: off.
   */
  private @Nullable Duration warmUpIdle() {
    String text = root.env().getOrDefault("WARM_UP_IDLE_MS", "").trim();
    if (text.isEmpty()) {
      return DEFAULT_WARM_UP_IDLE;
    }
    if (text.equalsIgnoreCase("off")) {
      return null;
    }
    try {
      long ms = Long.parseLong(text);
      if (ms >= 0) {
        return Duration.ofMillis(ms);
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new IllegalArgumentException(
        "WARM_UP_IDLE_MS must be a whole number of milliseconds or 'off', got '" + text + "'");
  }

  private static @Nullable Thread warmUp(Host host, @Nullable Duration idle) {
    return idle == null ? null : Warmup.start(host.invoker(), host.warmUpCalls(), idle);
  }

  /** A session that ends while the warm-up waits or calls ends it too: no call meets the close. */
  private static void stopWarmUp(@Nullable Thread warming) {
    if (warming != null) {
      warming.interrupt();
    }
  }

  private HttpSettings httpSettings() {
    var env = root.env();
    String bind = host != null ? host : env.getOrDefault("MCP_HOST", "127.0.0.1");
    int listenPort;
    try {
      listenPort =
          port != null
              ? port
              : Integer.parseInt(
                  env.getOrDefault("MCP_PORT", String.valueOf(HttpSettings.DEFAULT_PORT)).trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "MCP_PORT must be a number, got '" + env.get("MCP_PORT") + "'");
    }
    return new HttpSettings(
        bind,
        listenPort,
        env.get("MCP_AUTH_TOKEN"),
        List.copyOf(HostSettings.parseList(env.get("MCP_ALLOWED_HOSTS"))),
        List.copyOf(HostSettings.parseList(env.get("MCP_ALLOWED_ORIGINS"))),
        MAX_MESSAGE_BYTES,
        positive(
            "--max-sessions", "MCP_MAX_SESSIONS", maxSessions, HttpSettings.DEFAULT_MAX_SESSIONS),
        Duration.ofSeconds(
            positive(
                "--session-idle-timeout",
                "MCP_SESSION_IDLE_SECONDS",
                sessionIdleSeconds,
                (int) HttpSettings.DEFAULT_SESSION_IDLE_TIMEOUT.toSeconds())),
        positive(
            "--max-connections",
            "MCP_MAX_CONNECTIONS",
            maxConnections,
            HttpSettings.DEFAULT_MAX_CONNECTIONS),
        Duration.ofSeconds(
            positive(
                "--header-timeout",
                "MCP_HEADER_TIMEOUT",
                headerTimeoutSeconds,
                (int) HttpSettings.DEFAULT_HEADER_TIMEOUT.toSeconds())),
        replicaId != null ? replicaId : blankToNull(env.get("MCP_REPLICA_ID")),
        "1".equals(env.getOrDefault("MCP_ALLOW_UNAUTHENTICATED_BIND", "").trim()));
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
        throw new IllegalArgumentException(
            variable + " must be a whole number, got '" + text + "'");
      }
    }
    if (value < 1) {
      throw new IllegalArgumentException(
          (flagValue != null ? flag : variable) + " must be at least 1, got " + value);
    }
    return value;
  }

  /** The one line a graceful stop leaves on stderr. */
  private static void logStopped(Logger log, Drain drain, Duration grace) {
    String waited =
        drain.arrivedDuring() == 0
            ? drain.inFlightAtStart() + " in flight"
            : drain.total()
                + " ("
                + drain.inFlightAtStart()
                + " in flight, "
                + drain.arrivedDuring()
                + " more on open connections)";
    if (drain.cutOff() == 0) {
      log.info("SIGTERM: stopped taking requests; {} finished; exiting", waited);
    } else {
      log.warn(
          "SIGTERM: stopped taking requests; {} of {} still running after the {} s grace"
              + " (MCP_SHUTDOWN_GRACE), cut off; exiting",
          drain.cutOff(),
          waited,
          grace.toSeconds());
    }
  }

  private static void logReady(Logger log) {
    // From /proc, not the runtime MXBean: that would load the JMX classes (about 150) just to log.
    String sinceJvmStart =
        ProcessHandle.current()
            .info()
            .startInstant()
            .map(started -> String.valueOf(Duration.between(started, Instant.now()).toMillis()))
            .orElse("?");
    log.info("ready ({} ms after JVM start)", sinceJvmStart);
  }
}
