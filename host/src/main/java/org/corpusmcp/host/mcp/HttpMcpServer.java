package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import java.time.Duration;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MCP over Streamable HTTP: the SDK's servlet at {@value HttpSettings#ENDPOINT}, behind
 * {@link HttpFront}, in an embedded Jetty. Holds no state of its own beyond what the SDK keeps
 * per session, so a restart costs clients only a new {@code initialize}.
 */
public final class HttpMcpServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(HttpMcpServer.class);

  private final Server jetty;
  private final McpSyncServer mcp;
  private final ServerConnector connector;

  private HttpMcpServer(Server jetty, McpSyncServer mcp, ServerConnector connector) {
    this.jetty = jetty;
    this.mcp = mcp;
    this.connector = connector;
  }

  /** Starts listening; throws {@link IllegalArgumentException} for an unsafe configuration. */
  public static HttpMcpServer start(HttpSettings settings, McpServers.Parts parts) {
    settings.checkExposure();
    var security = DefaultServerTransportSecurityValidator.builder()
        .allowedOrigins(settings.allowedOrigins())
        .allowedHosts(settings.allowedHosts())
        .build();
    var transport = HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(new ErrorEnvelopeMapper(parts.mcpJson(), parts.json()))
        .mcpEndpoint(HttpSettings.ENDPOINT)
        .securityValidator(security)
        .maxRequestSize(settings.maxRequestBytes())
        .keepAliveInterval(Duration.ofSeconds(30))
        .build();
    McpSyncServer mcp = McpServers.http(transport, parts);
    ProtocolGate gate = parts.gate();

    Server jetty = new Server(new QueuedThreadPool(64, 4, 60_000));
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost(settings.host());
    connector.setPort(settings.port());
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.addFilter(new FilterHolder(new HttpFront(settings, security, gate, parts.json())),
        "/*", EnumSet.of(DispatcherType.REQUEST));
    ServletHolder servlet = new ServletHolder("mcp", transport);
    servlet.setAsyncSupported(true); // the SDK answers over SSE via request.startAsync()
    context.addServlet(servlet, "/*");
    jetty.setHandler(context);
    jetty.setStopAtShutdown(false);
    try {
      jetty.start();
    } catch (Exception e) {
      mcp.close();
      throw new IllegalStateException(
          "cannot listen on " + settings.host() + ":" + settings.port() + ": " + e.getMessage(), e);
    }
    log.info("MCP endpoint: http://{}:{}{}", hostForUrl(settings.host()), connector.getLocalPort(),
        HttpSettings.ENDPOINT);
    return new HttpMcpServer(jetty, mcp, connector);
  }

  /** The port actually bound (useful with port 0). */
  public int port() {
    return connector.getLocalPort();
  }

  /** Blocks until the server stops. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  @Override
  public void close() {
    try {
      mcp.closeGracefully();
    } catch (RuntimeException e) {
      log.debug("closing MCP sessions: {}", e.toString());
    }
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
