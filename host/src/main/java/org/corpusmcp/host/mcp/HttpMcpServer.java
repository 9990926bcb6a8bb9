package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import java.net.BindException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.corpusmcp.host.StartupTask;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MCP over Streamable HTTP: the SDK's servlet at {@value HttpSettings#ENDPOINT}, behind {@link
 * HttpFront}, in an embedded Jetty. Holds no state of its own beyond what the SDK keeps per
 * session, so a restart costs clients only a new {@code initialize}.
 *
 * <p>The layers a request passes, outermost first: the connection limit and the header size limit
 * (Jetty; refusals written by {@link JsonErrorHandler}), the header deadline ({@link
 * HeaderDeadline}), {@link WholeBodyHandler} (the body read in full without a thread, at a minimum
 * rate), {@link HttpFront} (security, protocol gate, session cap), and the SDK's servlet (sessions
 * idle for the idle timeout swept).
 */
public final class HttpMcpServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(HttpMcpServer.class);
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

  /** During a graceful shutdown, a connection idle this long is closed. */
  private static final Duration IDLE_CLOSE_WHEN_DRAINING = Duration.ofSeconds(1);

  private final Server jetty;
  private final McpSyncServer mcp;
  private final ModernProtocol modern;
  private final AutoCloseable resourceUpdates;
  private final ServerConnector connector;
  private final InFlightRequests inFlight;
  private final ClosingConnections closing;
  private final HeaderDeadline headerDeadline;
  private final AtomicBoolean shuttingDown;
  private final AtomicBoolean closed = new AtomicBoolean();

  private HttpMcpServer(
      Server jetty,
      McpSyncServer mcp,
      ModernProtocol modern,
      AutoCloseable resourceUpdates,
      ServerConnector connector,
      InFlightRequests inFlight,
      ClosingConnections closing,
      HeaderDeadline headerDeadline,
      AtomicBoolean shuttingDown) {
    this.jetty = jetty;
    this.mcp = mcp;
    this.modern = modern;
    this.resourceUpdates = resourceUpdates;
    this.connector = connector;
    this.inFlight = inFlight;
    this.closing = closing;
    this.headerDeadline = headerDeadline;
    this.shuttingDown = shuttingDown;
  }

  /** Starts listening; throws {@link IllegalArgumentException} for an unsafe configuration. */
  public static HttpMcpServer start(HttpSettings settings, McpServers.Parts parts) {
    return start(settings, parts, newJetty());
  }

  /**
   * A Jetty server being made on a thread of its own, for {@link #start(HttpSettings,
   * McpServers.Parts, StartupTask)}: its construction (the thread pool, the MIME table Jetty reads
   * from its jar) needs nothing of the host, so {@code serve --http} makes it while the plugins and
   * the corpus load.
   */
  public static StartupTask<Server> prepareJetty() {
    return StartupTask.start("http-prepare", HttpMcpServer::newJetty);
  }

  private static Server newJetty() {
    return new Server(new QueuedThreadPool(HttpSettings.WORKER_THREADS, 4, 60_000));
  }

  /** As {@link #start(HttpSettings, McpServers.Parts)}, on a Jetty server {@link #prepareJetty}. */
  public static HttpMcpServer start(
      HttpSettings settings, McpServers.Parts parts, StartupTask<Server> prepared) {
    return start(settings, parts, prepared.get());
  }

  // ServerTransportSecurityValidator is deprecated in MCP SDK 2.1 (ServerHttpHeaderValidator
  // replaces it); moving over is a change of its own, with the Host/Origin checks re-verified
  @SuppressWarnings("deprecation")
  private static HttpMcpServer start(HttpSettings settings, McpServers.Parts parts, Server jetty) {
    settings.checkExposure();
    var security =
        DefaultServerTransportSecurityValidator.builder()
            .allowedOrigins(settings.allowedOrigins())
            .allowedHosts(settings.allowedHosts())
            .build();
    var transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(new ErrorEnvelopeMapper(parts.mcpJson(), parts.json()))
            .mcpEndpoint(HttpSettings.ENDPOINT)
            .securityValidator(security)
            .maxRequestSize(settings.maxRequestBytes())
            .sessionSweepInterval(settings.sessionIdleTimeout())
            .build();
    McpSyncServer mcp = McpServers.http(transport, parts);
    ProtocolGate gate = parts.gate();
    ModernProtocol modern = parts.modern();

    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    http.setRequestHeaderSize(HttpSettings.MAX_REQUEST_HEADER_BYTES);
    ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
    connector.setHost(settings.host());
    connector.setPort(settings.port());
    connector.setIdleTimeout(HttpSettings.CONNECTION_IDLE_TIMEOUT.toMillis());
    jetty.addConnector(connector);
    jetty.addBean(new NetworkConnectionLimit(settings.maxConnections(), connector));
    HeaderDeadline headerDeadline =
        new HeaderDeadline(jetty.getScheduler(), settings.headerTimeout());
    connector.addEventListener(headerDeadline);
    JsonErrorHandler errors = new JsonErrorHandler(parts.json());
    jetty.setErrorHandler(errors);
    ServletContextHandler context = new ServletContextHandler();
    context.setErrorHandler(errors);
    context.setContextPath("/");
    AtomicBoolean shuttingDown = new AtomicBoolean();
    if (settings.replicaId() != null) {
      context.addFilter(
          new FilterHolder(new ReplicaSessionIds(settings.replicaId())),
          "/*",
          EnumSet.of(DispatcherType.REQUEST));
    }
    context.addFilter(
        new FilterHolder(
            new HttpFront(
                settings,
                security,
                gate,
                modern,
                parts.json(),
                () -> !shuttingDown.get(),
                new SessionEviction(transport),
                new StreamKeepAlive(
                    jetty.getScheduler(), jetty.getThreadPool(), HttpSettings.KEEP_ALIVE))),
        "/*",
        EnumSet.of(DispatcherType.REQUEST));
    ServletHolder servlet = new ServletHolder("mcp", transport);
    servlet.setAsyncSupported(true); // the SDK answers over SSE via request.startAsync()
    context.addServlet(servlet, "/*");
    InFlightRequests inFlight =
        new InFlightRequests(
            new WholeBodyHandler(
                context,
                settings.maxRequestBytes(),
                HttpSettings.MIN_BODY_BYTES_PER_SECOND,
                HttpSettings.BODY_GRACE));
    ClosingConnections closing = new ClosingConnections(inFlight);
    jetty.setHandler(headerDeadline.handler(closing));
    jetty.setStopAtShutdown(false);
    try {
      jetty.start();
    } catch (Exception e) {
      mcp.close();
      modern.close();
      throw new IllegalStateException(listenFailure(settings, e), e);
    }
    log.info(
        "MCP endpoint: http://{}:{}{}",
        hostForUrl(settings.host()),
        connector.getLocalPort(),
        HttpSettings.ENDPOINT);
    return new HttpMcpServer(
        jetty,
        mcp,
        modern,
        McpServers.relayChanges(mcp, parts),
        connector,
        inFlight,
        closing,
        headerDeadline,
        shuttingDown);
  }

  /**
   * Why the server could not listen, in words an operator acts on: a busy port names the way to
   * another one, never the JDK's or Jetty's text alone ("Failed to bind to /127.0.0.1:8000").
   */
  static String listenFailure(HttpSettings settings, Throwable failure) {
    String where = hostForUrl(settings.host()) + ":" + settings.port();
    BindException bind = null;
    for (Throwable t = failure; t != null && bind == null; t = t.getCause()) {
      if (t instanceof BindException b) {
        bind = b;
      }
    }
    String reason = bind != null ? bind.getMessage() : failure.getMessage();
    if (reason != null && reason.contains("in use")) {
      return "cannot listen on "
          + where
          + ": port "
          + settings.port()
          + " is already in use by another process (perhaps another corpus-mcp serve --http)."
          + " Stop that process, or choose another port with --port N or MCP_PORT=N"
          + " (0 picks a free one).";
    }
    return "cannot listen on "
        + where
        + (reason == null || reason.isBlank() ? "" : " (" + reason + ")")
        + ". Choose another address with --host or MCP_HOST, or another port with --port or"
        + " MCP_PORT.";
  }

  /** The port actually bound (useful with port 0). */
  public int port() {
    return connector.getLocalPort();
  }

  /** The {@code subscriptions/listen} streams open now. */
  int openListens() {
    return modern.openListens();
  }

  /** Blocks until the server stops. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  /**
   * Stops gracefully, losing no request that reached the server: the listening socket closes (new
   * connections are refused), readiness turns to 503, and every response from then on carries
   * {@code Connection: close} ({@link ClosingConnections}), so each open connection answers at most
   * its next request and closes; one that stays idle for a second is closed ({@link
   * HeaderDeadline#closeIdleAfter}). Once no request runs and no connection is left that could
   * bring one, or once {@code grace} has passed, the sessions and the server close and {@link
   * #join} returns.
   */
  public Drain shutdown(Duration grace) {
    RequestCount.Mark start = inFlight.mark();
    shuttingDown.set(true);
    closing.begin();
    connector.close();
    headerDeadline.closeIdleAfter(IDLE_CLOSE_WHEN_DRAINING);
    // A listen stream lasts until someone ends it: ended here (with the revision's graceful end)
    // and no new one opened, it is not waited for like a request.
    modern.close();
    Drain drain = inFlight.drain(start, grace, () -> connector.getConnectedEndPoints().size());
    close();
    return drain;
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      // McpSyncServer.closeGracefully() blocks without a timeout; a stuck session must not
      // stop the shutdown.
      mcp.getAsyncServer().closeGracefully().block(CLOSE_TIMEOUT);
    } catch (RuntimeException e) {
      log.debug("closing MCP sessions: {}", e.toString());
    }
    try {
      resourceUpdates.close();
    } catch (Exception e) {
      log.debug("stopping resource updates: {}", e.toString());
    }
    modern.close();
    try {
      jetty.stop();
    } catch (Exception e) {
      log.warn("stopping Jetty: {}", e.toString());
    }
  }

  static String hostForUrl(String host) {
    return host.contains(":") ? "[" + host + "]" : host;
  }
}
