package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Streamable HTTP on 127.0.0.1, driven by the MCP Java SDK client and by raw requests. */
class HttpEndToEndTest {

  @TempDir static Path dir;
  static Host host;
  static HttpMcpServer open;
  static HttpMcpServer guarded;
  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}";

  @BeforeAll
  static void start() {
    host = Host.start(SamplePlugins.settings(SamplePlugins.write(dir)), JSON, List.of());
    McpServers.Parts parts = host.mcpParts(Duration.ofSeconds(30));
    open = HttpMcpServer.start(settings("127.0.0.1", null), parts);
    guarded =
        HttpMcpServer.start(
            settings("127.0.0.1", "s3cret-token"), host.mcpParts(Duration.ofSeconds(30)));
  }

  @AfterAll
  static void stop() {
    open.close();
    guarded.close();
    host.close();
  }

  static HttpSettings settings(String bind, String token) {
    return new HttpSettings(bind, 0, token, List.of(), List.of(), 1 << 20);
  }

  // httpRequestCustomizer is deprecated in MCP SDK 2.1; this test client, which only adds a
  // header, keeps it until the move to the SDK's newer API
  @SuppressWarnings("deprecation")
  static McpSyncClient client(int port, String token) {
    var transport =
        HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
            .endpoint("/mcp")
            .jsonMapper(McpServers.mcpMapper(JSON))
            .httpRequestCustomizer(
                (builder, method, uri, body, context) -> {
                  if (token != null) {
                    builder.header("Authorization", "Bearer " + token);
                  }
                })
            .build();
    McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build();
    client.initialize();
    return client;
  }

  static HttpResponse<String> post(int port, String body, Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  static void assertJsonRpcError(HttpResponse<String> response, int status, int code) {
    assertEquals(status, response.statusCode(), response.body());
    JsonNode body = JSON.readTree(response.body());
    assertEquals("2.0", body.get("jsonrpc").asString(), response.body());
    assertEquals(code, body.get("error").get("code").asInt(), response.body());
    assertFalse(
        response.body().contains("stackTrace") || response.body().contains("at org."),
        "no stack trace may leave the server: " + response.body());
  }

  @Test
  void sdkClientListsAndCallsTools() {
    McpSyncClient client = client(open.port(), null);
    try {
      assertEquals(5, client.listTools().tools().size());
      McpSchema.CallToolResult result =
          client.callTool(
              McpSchema.CallToolRequest.builder("sample_echo")
                  .arguments(Map.of("text", "http"))
                  .build());
      assertFalse(result.isError());
      assertEquals(Map.of("echo", "http"), result.structuredContent());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void dnsRebindingIsRefused() throws Exception {
    assertJsonRpcError(
        post(open.port(), INIT, Map.of("Origin", "http://evil.example")), 403, -32000);
    // java.net.http forbids setting Host; a raw socket request stands in for a rebinding browser.
    String raw =
        rawRequest(
            open.port(),
            "POST /mcp HTTP/1.1\r\nHost: evil.example:"
                + open.port()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: "
                + INIT.getBytes(StandardCharsets.UTF_8).length
                + "\r\nConnection: close\r\n\r\n"
                + INIT);
    assertTrue(raw.startsWith("HTTP/1.1 421"), raw);
    assertTrue(raw.contains("\"jsonrpc\":\"2.0\""), raw);
    assertEquals(
        200, post(open.port(), INIT, Map.of("Origin", "http://localhost:6274")).statusCode());
  }

  @Test
  void allowedBrowserOriginsGetCors() throws Exception {
    HttpResponse<String> preflight =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + open.port() + "/mcp"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "http://localhost:6274")
                .header("Access-Control-Request-Method", "POST")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(204, preflight.statusCode());
    assertEquals(
        "http://localhost:6274",
        preflight.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
  }

  @Test
  void protocolFaultsAreJsonRpcErrors() throws Exception {
    assertJsonRpcError(post(open.port(), "garbage", Map.of()), 400, -32700);
    assertJsonRpcError(post(open.port(), "[" + INIT + "]", Map.of()), 400, -32600);
    assertJsonRpcError(
        post(
            open.port(),
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"server/discover\",\"params\":{}}",
            Map.of()),
        200,
        -32601);
    assertJsonRpcError(
        post(
            open.port(),
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}",
            Map.of("Mcp-Session-Id", "nope")),
        404,
        -32603);
    assertJsonRpcError(
        post(open.port(), INIT, Map.of("MCP-Protocol-Version", "1999-01-01")), 400, -32600);
    HttpResponse<String> wrongPath =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + open.port() + "/elsewhere"))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertJsonRpcError(wrongPath, 404, -32000);
  }

  @Test
  void aConfiguredTokenIsRequired() throws Exception {
    HttpResponse<String> anonymous = post(guarded.port(), INIT, Map.of());
    assertJsonRpcError(anonymous, 401, -32000);
    assertEquals("Bearer", anonymous.headers().firstValue("WWW-Authenticate").orElse(""));
    assertJsonRpcError(
        post(guarded.port(), INIT, Map.of("Authorization", "Bearer wrong")), 401, -32000);
    McpSyncClient client = client(guarded.port(), "s3cret-token");
    try {
      assertEquals(5, client.listTools().tools().size());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void aNonLoopbackBindWithoutTokenIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                HttpMcpServer.start(
                    settings("0.0.0.0", null), host.mcpParts(Duration.ofSeconds(5))));
    assertTrue(e.getMessage().contains("MCP_AUTH_TOKEN"), e.getMessage());
  }

  private static String rawRequest(int port, String request) throws IOException {
    try (Socket socket = Loopback.connect(port)) {
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
