package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Plugin prompts over Streamable HTTP, through the MCP Java SDK client and raw requests. Expected
 * shapes are MCP's ({@code prompts/list}, {@code prompts/get}) and the Arch wiki contract's ({@code
 * arguments: []}, {@code -32602 Unknown prompt: <name>}).
 */
class PromptsHttpTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}";

  @TempDir static Path dir;
  static Host host;
  static HttpMcpServer server;

  /** The sample tool plugin and the prompt-only {@code guide} plugin. */
  @BeforeAll
  static void start() {
    SamplePlugins.write(dir);
    SamplePlugins.writePromptPlugin(dir);
    host = Host.start(settings(Set.of()), JSON, List.of());
    server = serve(host);
  }

  @AfterAll
  static void stop() {
    server.close();
    host.close();
  }

  private static HostSettings settings(Set<String> disabled) {
    return new HostSettings(dir, disabled, Set.of(), Map.of(), Map.of());
  }

  private static HttpMcpServer serve(Host host) {
    return HttpMcpServer.start(
        new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20),
        host.mcpParts(Duration.ofSeconds(30)));
  }

  private static McpSyncClient client(HttpMcpServer server) {
    return McpClient.sync(
            HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                .endpoint("/mcp")
                .jsonMapper(McpServers.mcpMapper(JSON))
                .build())
        .requestTimeout(Duration.ofSeconds(30))
        .build();
  }

  @Test
  void aPluginPromptIsAdvertisedListedAndServed() {
    McpSyncClient client = client(server);
    try {
      McpSchema.InitializeResult init = client.initialize();
      assertNotNull(init.capabilities().prompts(), "prompts capability");
      assertEquals(false, init.capabilities().prompts().listChanged());
      assertNotNull(init.capabilities().tools(), "tools stay advertised");
      assertEquals(5, client.listTools().tools().size());

      List<McpSchema.Prompt> prompts = client.listPrompts().prompts();
      assertEquals(1, prompts.size());
      McpSchema.Prompt prompt = prompts.get(0);
      assertEquals(SamplePlugins.GUIDE_PROMPT, prompt.name());
      assertEquals(SamplePlugins.GUIDE_DESCRIPTION, prompt.description());
      assertEquals(List.of(), prompt.arguments());

      McpSchema.GetPromptResult got =
          client.getPrompt(
              new McpSchema.GetPromptRequest(SamplePlugins.GUIDE_PROMPT, Map.of(), null));
      assertEquals(1, got.messages().size());
      assertEquals(McpSchema.Role.USER, got.messages().get(0).role());
      assertEquals(
          SamplePlugins.GUIDE_TEXT,
          assertInstanceOf(McpSchema.TextContent.class, got.messages().get(0).content()).text());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void anUnknownPromptIsInvalidParamsNamingIt() {
    McpSyncClient client = client(server);
    try {
      client.initialize();
      McpError error =
          assertThrows(
              McpError.class,
              () -> client.getPrompt(new McpSchema.GetPromptRequest("examples", Map.of(), null)));
      assertEquals(-32602, error.getJsonRpcError().code());
      assertEquals("Unknown prompt: examples", error.getJsonRpcError().message());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void onTheWireThePromptListHasEmptyArgumentsAndErrorsCarryNoTrace() throws Exception {
    String session = openSession(server.port());
    JsonNode list =
        message(
            post(
                server.port(),
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/list\"}",
                session));
    JsonNode prompt = list.get("result").get("prompts").get(0);
    assertEquals(SamplePlugins.GUIDE_PROMPT, prompt.get("name").asString());
    assertTrue(
        prompt.get("arguments").isArray() && prompt.get("arguments").isEmpty(), list.toString());

    JsonNode got =
        message(
            post(
                server.port(),
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":"
                    + "\"prompts/get\",\"params\":{\"name\":\""
                    + SamplePlugins.GUIDE_PROMPT
                    + "\"}}",
                session));
    JsonNode first = got.get("result").get("messages").get(0);
    assertEquals("user", first.get("role").asString());
    assertEquals("text", first.get("content").get("type").asString());
    assertEquals(SamplePlugins.GUIDE_TEXT, first.get("content").get("text").asString());

    HttpResponse<String> unknown =
        post(
            server.port(),
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":"
                + "\"prompts/get\",\"params\":{\"name\":\"nope\"}}",
            session);
    assertEquals(200, unknown.statusCode(), unknown.body());
    JsonNode error = JSON.readTree(unknown.body());
    assertEquals(4, error.get("id").asInt());
    assertEquals(-32602, error.get("error").get("code").asInt());
    assertEquals("Unknown prompt: nope", error.get("error").get("message").asString());
    assertFalse(
        unknown.body().contains("stackTrace") || unknown.body().contains("at org."),
        unknown.body());
  }

  @Test
  void withThePromptPluginDisabledThereIsNoPromptsCapabilityAndNoPromptMethods() throws Exception {
    try (Host toolsOnly = Host.start(settings(Set.of("guide")), JSON, List.of());
        HttpMcpServer server = serve(toolsOnly)) {
      assertTrue(toolsOnly.prompts().isEmpty());
      McpSyncClient client = client(server);
      try {
        assertNull(client.initialize().capabilities().prompts());
      } finally {
        client.closeGracefully();
      }
      String session = openSession(server.port());
      for (String method : List.of("prompts/list", "prompts/get")) {
        HttpResponse<String> response =
            post(
                server.port(),
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\""
                    + method
                    + "\",\"params\":{\"name\":\""
                    + SamplePlugins.GUIDE_PROMPT
                    + "\"}}",
                session);
        JsonNode error = JSON.readTree(response.body()).get("error");
        assertEquals(-32601, error.get("code").asInt(), response.body());
        assertEquals("Method not found: " + method, error.get("message").asString());
      }
    }
  }

  /** initialize + notifications/initialized by hand; returns the session id. */
  private static String openSession(int port) throws Exception {
    HttpResponse<String> init = post(port, INIT, null);
    assertEquals(200, init.statusCode(), init.body());
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpResponse<String> initialized =
        post(port, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session);
    assertEquals(202, initialized.statusCode(), initialized.body());
    return session;
  }

  private static HttpResponse<String> post(int port, String body, String session) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The one JSON-RPC message of a response, whether sent as JSON or as one SSE event. */
  private static JsonNode message(HttpResponse<String> response) {
    assertEquals(200, response.statusCode(), response.body());
    String body = response.body().strip();
    if (!body.startsWith("{")) {
      body =
          body.lines()
              .filter(l -> l.startsWith("data:"))
              .map(l -> l.substring(5).strip())
              .findFirst()
              .orElseThrow(() -> new AssertionError("no data line: " + response.body()));
    }
    return JSON.readTree(body);
  }
}
