package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tool that answers with content blocks ({@code ToolResult.content}) shows exactly those blocks,
 * in order and in MCP's shapes, on both revisions, with an empty object as structured content.
 * Expected values: the gallery plugin's blocks ({@link SamplePlugins#writeContentPlugin}), the
 * bytes in base64 worked out by hand (1, 2, 3 is {@code AQID}; 9 is {@code CQ==}).
 */
class ToolContentTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path dir;
  static Host host;
  static HttpMcpServer server;

  @BeforeAll
  static void start() {
    SamplePlugins.writeContentPlugin(dir);
    host = Host.start(SamplePlugins.settings(dir), JSON, List.of());
    server =
        HttpMcpServer.start(
            new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20),
            host.mcpParts(Duration.ofSeconds(30)));
  }

  @AfterAll
  static void stop() {
    server.close();
    host.close();
  }

  static final String EXPECTED_CONTENT =
      "[{\"type\":\"text\",\"text\":\"A pixel:\"},"
          + "{\"type\":\"image\",\"data\":\"AQID\",\"mimeType\":\"image/png\"},"
          + "{\"type\":\"audio\",\"data\":\"CQ==\",\"mimeType\":\"audio/wav\"},"
          + "{\"type\":\"resource\",\"resource\":{\"uri\":\"mem://note\",\"mimeType\":\"text/plain\","
          + "\"text\":\"note\"}}]";

  static HttpResponse<String> post(String body, String version, String session) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", version)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    } else if (version.equals("2026-07-28")) {
      request.header("Mcp-Method", "tools/call").header("Mcp-Name", "picture");
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The JSON-RPC response in a body that is JSON or an SSE stream. */
  static JsonNode response(String body) {
    String text = body.strip();
    if (text.startsWith("{")) {
      return JSON.readTree(text);
    }
    JsonNode last = null;
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("data:")) {
        last = JSON.readTree(line.substring("data:".length()).strip());
      }
    }
    return last;
  }

  @Test
  void theBlocksAreTheContentOnTheStatelessRevision() throws Exception {
    JsonNode result =
        response(
                post(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                            + "{\"name\":\"picture\",\"arguments\":{},\"_meta\":{"
                            + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
                        "2026-07-28",
                        null)
                    .body())
            .path("result");
    assertEquals(JSON.readTree(EXPECTED_CONTENT), result.path("content"), result.toString());
    assertEquals(JSON.readTree("{}"), result.path("structuredContent"));
  }

  @Test
  void theBlocksAreTheContentInASession() throws Exception {
    HttpResponse<String> initialized =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}",
            "2025-11-25",
            null);
    String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "2025-11-25", session);
    JsonNode result =
        response(
                post(
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                            + "{\"name\":\"picture\",\"arguments\":{}}}",
                        "2025-11-25",
                        session)
                    .body())
            .path("result");
    assertEquals(JSON.readTree(EXPECTED_CONTENT), result.path("content"), result.toString());
    assertEquals(JSON.readTree("{}"), result.path("structuredContent"));
  }
}
