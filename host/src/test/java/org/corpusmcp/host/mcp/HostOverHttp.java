package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.SamplePlugins;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link Host} with test plugins behind the HTTP front on a free loopback port, and the ways a
 * test talks to it: raw JSON-RPC posts, the SDK's client, a 2025-11-25 session opened by hand, the
 * JSON-RPC messages of a JSON or SSE body, and a stdio transport on the same host.
 *
 * <p>As a static {@code @RegisterExtension} field it serves one test class: before the class's
 * tests it writes the plugins into a directory of its own and starts the host and the server; after
 * them it closes both and deletes the directory. A test that needs a second host, configured
 * otherwise, opens one with {@link #start} in a try-with-resources.
 */
final class HostOverHttp implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

  /** What a Streamable HTTP client accepts: a JSON answer or an SSE stream. */
  static final String ACCEPT_BOTH = "application/json, text/event-stream";

  static final Duration TOOL_DEADLINE = Duration.ofSeconds(30);

  private static final JsonMapper JSON = JsonText.newMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** Writes one test plugin into a directory, as {@code SamplePlugins}' writers do. */
  @FunctionalInterface
  interface PluginWriter {
    void writeTo(Path dir);
  }

  private final List<PluginWriter> plugins;
  private UnaryOperator<HttpSettings> httpSettings = UnaryOperator.identity();
  private @Nullable Path ownDir;
  private @Nullable Host host;
  private @Nullable HttpMcpServer server;
  private @Nullable ModernProtocol modern;

  private HostOverHttp(List<PluginWriter> plugins) {
    this.plugins = plugins;
  }

  /**
   * An extension that serves the plugins these writers put into its directory (e.g. {@code
   * SamplePlugins::write}).
   */
  static HostOverHttp serving(PluginWriter... pluginWriters) {
    return new HostOverHttp(List.of(pluginWriters));
  }

  /** The HTTP settings changed from loopback, port 0, no token, a 1 MiB body limit. */
  HostOverHttp withHttpSettings(UnaryOperator<HttpSettings> change) {
    this.httpSettings = change;
    return this;
  }

  /** A host on {@code settings} served with the default HTTP settings; the caller closes it. */
  static HostOverHttp start(HostSettings settings) {
    HostOverHttp served = new HostOverHttp(List.of());
    served.open(settings);
    return served;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    Path dir = Files.createTempDirectory("host-over-http");
    ownDir = dir;
    plugins.forEach(plugin -> plugin.writeTo(dir));
    open(SamplePlugins.settings(dir));
  }

  private void open(HostSettings settings) {
    Host started = Host.start(settings, JSON, List.of());
    host = started;
    server =
        HttpMcpServer.start(
            httpSettings.apply(
                new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20)),
            started.mcpParts(TOOL_DEADLINE));
    modern = started.mcpParts(TOOL_DEADLINE).modern();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  @Override
  public void close() {
    try (Stream<Path> leftovers = ownDir == null ? Stream.empty() : Files.walk(ownDir)) {
      if (server != null) {
        server.close();
      }
      if (host != null) {
        host.close();
      }
      // deepest first, so each directory is empty when its turn comes
      for (Path path : leftovers.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The directory the plugins were written to, for a second host on the same plugins. */
  Path dir() {
    return require(ownDir);
  }

  Host host() {
    return require(host);
  }

  HttpMcpServer server() {
    return require(server);
  }

  int port() {
    return server().port();
  }

  /** The 2026-07-28 protocol of this host, answered in process without HTTP. */
  ModernProtocol modern() {
    return require(modern);
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port() + path);
  }

  URI endpoint() {
    return uri(HttpSettings.ENDPOINT);
  }

  /** A POST of {@code body} to the MCP endpoint as JSON, with no other header yet. */
  HttpRequest.Builder request(String body) {
    return HttpRequest.newBuilder(endpoint())
        .timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends {@code request} and hands back its body line by line as it comes: a stream left open. */
  HttpResponse<Stream<String>> sendForLines(HttpRequest.Builder request)
      throws IOException, InterruptedException {
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofLines());
  }

  /** {@code body} posted as a Streamable HTTP client posts it, with these headers besides. */
  HttpResponse<String> post(String body, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = request(body).header("Accept", ACCEPT_BOTH);
    headers.forEach(request::header);
    return send(request);
  }

  /** A 2025-11-25 session, initialized by hand: its id. */
  String openSession() throws IOException, InterruptedException {
    HttpResponse<String> init = post(HttpEndToEndTest.INIT, Map.of());
    assertEquals(200, init.statusCode(), init.body());
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpResponse<String> initialized =
        post(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
    assertEquals(202, initialized.statusCode(), initialized.body());
    return session;
  }

  /** The SDK's client for this server, to be given handlers and capabilities, then built. */
  McpClient.SyncSpec clientSpec() {
    return McpClient.sync(
            HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port())
                .endpoint(HttpSettings.ENDPOINT)
                .jsonMapper(McpServers.mcpMapper(JSON))
                .build())
        .requestTimeout(Duration.ofSeconds(30));
  }

  /** The SDK's client for this server, not yet initialized. */
  McpSyncClient client() {
    return clientSpec().build();
  }

  /** A stdio transport on these parts reading {@code in} and writing {@code out}, not yet run. */
  static StdioTransport stdioTransport(McpServers.Parts parts, InputStream in, OutputStream out) {
    return new StdioTransport(
        parts.mcpJson(),
        parts.json(),
        parts.gate(),
        parts.modern(),
        in,
        out,
        1 << 20,
        Duration.ofSeconds(10));
  }

  /** A stdio session with this host that reads {@code input} to its end: all it wrote. */
  String stdioSession(String input) {
    McpServers.Parts parts = host().mcpParts(TOOL_DEADLINE);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StdioTransport transport =
        stdioTransport(
            parts, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
    McpSyncServer mcp = McpServers.stdio(transport, parts);
    try {
      transport.run();
    } finally {
      mcp.close();
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The data of each SSE event in {@code stream}, in order. */
  static List<JsonNode> events(String stream) {
    List<JsonNode> out = new ArrayList<>();
    for (String line : stream.split("\n", -1)) {
      if (line.startsWith("data:")) {
        out.add(JSON.readTree(line.substring("data:".length()).strip()));
      }
    }
    return out;
  }

  /**
   * The JSON-RPC answer in a body that is JSON or an SSE stream: on a stream the last event, since
   * whatever a request reports comes before its answer.
   */
  static JsonNode answer(String body) {
    String text = body.strip();
    if (text.startsWith("{")) {
      return JSON.readTree(text);
    }
    List<JsonNode> events = events(text);
    if (events.isEmpty()) {
      throw new AssertionError("no JSON-RPC message in: " + body);
    }
    return events.get(events.size() - 1);
  }

  private static <T> T require(@Nullable T started) {
    if (started == null) {
      throw new IllegalStateException("not started");
    }
    return started;
  }
}
