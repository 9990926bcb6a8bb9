package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Revision 2026-07-28 and the session-based 2025-11-25 side by side on one HTTP endpoint and one
 * stdio stream, each request served by the era it opens with (a modern {@code _meta} or version
 * header, or {@code initialize}). Expected values: the revision's statuses and codes, and the
 * sample plugin's echo tool (hand-checked: it repeats its text).
 */
class BothRevisionsTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final String META =
      "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @RegisterExtension static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::write);

  static HttpResponse<String> post(String body, Map<String, String> headers) throws Exception {
    return served.post(body, headers);
  }

  static Map<String, String> modernHeaders(String method, String name) {
    Map<String, String> headers =
        new HashMap<>(Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method));
    if (name != null) {
      headers.put("Mcp-Name", name);
    }
    return headers;
  }

  static final String ECHO_CALL =
      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
          + "{\"name\":\"sample_echo\",\"arguments\":{\"text\":\"ab\",\"times\":2},\"_meta\":"
          + META
          + "}}";

  @Test
  void modernRequestsAreServedWithoutASession() throws Exception {
    HttpResponse<String> discover =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\","
                + "\"params\":{\"_meta\":"
                + META
                + "}}",
            modernHeaders("server/discover", null));
    assertEquals(200, discover.statusCode(), discover.body());
    assertTrue(
        discover.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertTrue(
        discover.headers().firstValue("Mcp-Session-Id").isEmpty(), "no session in 2026-07-28");
    JsonNode result = JSON.readTree(discover.body()).path("result");
    assertEquals(
        "2026-07-28", result.path("supportedVersions").path(0).asString(), discover.body());

    HttpResponse<String> call = post(ECHO_CALL, modernHeaders("tools/call", "sample_echo"));
    assertEquals(200, call.statusCode(), call.body());
    JsonNode called = JSON.readTree(call.body()).path("result");
    assertEquals("complete", called.path("resultType").asString());
    assertEquals("abab", called.path("structuredContent").path("echo").asString());
  }

  @Test
  void theSameToolCallGivesTheSameResultOnBothRevisions() throws Exception {
    JsonNode modern =
        JSON.readTree(post(ECHO_CALL, modernHeaders("tools/call", "sample_echo")).body())
            .path("result");
    try (McpSyncClient client = served.client()) {
      client.initialize();
      McpSchema.CallToolResult legacy =
          client.callTool(
              new McpSchema.CallToolRequest("sample_echo", Map.of("text", "ab", "times", 2), null));
      assertEquals(JSON.valueToTree(legacy.structuredContent()), modern.path("structuredContent"));
      assertEquals(
          ((McpSchema.TextContent) legacy.content().get(0)).text(),
          modern.path("content").path(0).path("text").asString());
      assertFalse(legacy.isError());
    }
  }

  @Test
  void methodsTheRevisionRemovedAreNotFound() throws Exception {
    for (String method : List.of("ping", "initialize", "logging/setLevel")) {
      HttpResponse<String> response =
          post(
              "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\""
                  + method
                  + "\",\"params\":{\"_meta\":"
                  + META
                  + "}}",
              modernHeaders(method, null));
      assertEquals(404, response.statusCode(), method + ": " + response.body());
      assertEquals(-32601, JSON.readTree(response.body()).path("error").path("code").asInt());
      assertEquals(5, JSON.readTree(response.body()).path("id").asInt());
    }
  }

  @Test
  void aVersionHeaderWithoutMetaIsInvalidParams() throws Exception {
    HttpResponse<String> response =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\"}",
            modernHeaders("tools/list", null));
    assertEquals(400, response.statusCode(), response.body());
    assertEquals(-32602, JSON.readTree(response.body()).path("error").path("code").asInt());
  }

  @Test
  void getAndDeleteHaveNoMeaningInTheModernRevision() throws Exception {
    HttpResponse<String> response =
        served.send(
            HttpRequest.newBuilder(served.endpoint())
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .GET());
    assertEquals(405, response.statusCode(), response.body());
  }

  @Test
  void anUnknownVersionHeaderOnALegacyRequestIsRefusedAsBefore() throws Exception {
    HttpResponse<String> response =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
            Map.of("MCP-Protocol-Version", "1999-01-01"));
    assertEquals(400, response.statusCode(), response.body());
    assertTrue(
        JSON.readTree(response.body())
            .path("error")
            .path("message")
            .asString()
            .startsWith("Bad Request: unsupported MCP-Protocol-Version 1999-01-01"),
        response.body());
  }

  @Test
  void stdioServesBothRevisionsOnOneStream() {
    String input =
        "{\"jsonrpc\":\"2.0\",\"id\":\"d\",\"method\":\"server/discover\",\"params\":{\"_meta\":"
            + META
            + "}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}\n"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\",\"params\":{\"_meta\":"
            + META
            + "}}\n"
            + ECHO_CALL
            + "\n";
    Map<String, JsonNode> byId = new HashMap<>();
    for (String line : served.stdioSession(input).split("\n", -1)) {
      if (!line.isBlank()) {
        JsonNode message = JSON.readTree(line);
        byId.put(message.path("id").asString(), message);
      }
    }
    assertEquals(
        "2026-07-28",
        byId.get("d").path("result").path("supportedVersions").path(0).asString(),
        byId.toString());
    assertEquals("2025-11-25", byId.get("1").path("result").path("protocolVersion").asString());
    assertTrue(
        byId.get("2").path("result").isObject(), "legacy ping still answered: " + byId.get("2"));
    assertNull(byId.get("2").get("error"));
    assertEquals(-32601, byId.get("p").path("error").path("code").asInt(), "no ping in 2026-07-28");
    assertEquals(
        "abab", byId.get("3").path("result").path("structuredContent").path("echo").asString());
    assertEquals("complete", byId.get("3").path("result").path("resultType").asString());
  }
}
