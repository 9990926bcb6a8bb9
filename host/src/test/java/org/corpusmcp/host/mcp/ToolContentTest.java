package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeContentPlugin);

  static final String EXPECTED_CONTENT =
      "[{\"type\":\"text\",\"text\":\"A pixel:\"},"
          + "{\"type\":\"image\",\"data\":\"AQID\",\"mimeType\":\"image/png\"},"
          + "{\"type\":\"audio\",\"data\":\"CQ==\",\"mimeType\":\"audio/wav\"},"
          + "{\"type\":\"resource\",\"resource\":{\"uri\":\"mem://note\",\"mimeType\":\"text/plain\","
          + "\"text\":\"note\"}}]";

  static HttpResponse<String> post(String body, String version, String session) throws Exception {
    Map<String, String> headers = new HashMap<>(Map.of("MCP-Protocol-Version", version));
    if (session != null) {
      headers.put("Mcp-Session-Id", session);
    } else if (version.equals("2026-07-28")) {
      headers.putAll(Map.of("Mcp-Method", "tools/call", "Mcp-Name", "picture"));
    }
    return served.post(body, headers);
  }

  @Test
  void theBlocksAreTheContentOnTheStatelessRevision() throws Exception {
    JsonNode result =
        HostOverHttp.answer(
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
        HostOverHttp.answer(
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
