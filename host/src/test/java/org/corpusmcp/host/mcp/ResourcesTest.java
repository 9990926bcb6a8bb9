package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Plugin resources and resource templates on both protocol revisions, from the {@code library} test
 * plugin. Expected shapes and codes are the specifications': {@code resources/list}, {@code
 * resources/templates/list}, {@code resources/read} with text or base64 {@code blob} contents; an
 * unknown URI is {@code -32002} with {@code data.uri} on 2025-11-25 and {@code -32602} with {@code
 * data.uri} on 2026-07-28 (SEP-2164); a reader that throws is {@code -32603} without its message.
 */
class ResourcesTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final String META =
      "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(SamplePlugins::write, SamplePlugins::writeResourcePlugin);

  @Test
  void legacyListsAndReadsResourcesAndTemplates() {
    McpSyncClient client = served.client();
    try {
      McpSchema.InitializeResult init = client.initialize();
      assertNotNull(init.capabilities().resources(), "resources capability");
      assertEquals(true, init.capabilities().resources().subscribe());
      assertEquals(false, init.capabilities().resources().listChanged());

      List<McpSchema.Resource> resources = client.listResources().resources();
      assertEquals(
          List.of(SamplePlugins.POLICY_URI, SamplePlugins.LOGO_URI),
          resources.stream().map(McpSchema.Resource::uri).toList());
      McpSchema.Resource policy = resources.get(0);
      assertEquals("policy", policy.name());
      assertEquals("Citation policy", policy.title());
      assertEquals("How to cite", policy.description());
      assertEquals("text/markdown", policy.mimeType());

      List<McpSchema.ResourceTemplate> templates =
          client.listResourceTemplates().resourceTemplates();
      assertEquals(
          List.of(SamplePlugins.PAGE_TEMPLATE, SamplePlugins.BROKEN_TEMPLATE),
          templates.stream().map(McpSchema.ResourceTemplate::uriTemplate).toList());
      assertEquals("One page", templates.get(0).description());

      McpSchema.TextResourceContents text =
          assertInstanceOf(
              McpSchema.TextResourceContents.class,
              client
                  .readResource(
                      McpSchema.ReadResourceRequest.builder(SamplePlugins.POLICY_URI).build())
                  .contents()
                  .get(0));
      assertEquals(SamplePlugins.POLICY_TEXT, text.text());
      assertEquals("text/markdown", text.mimeType());

      McpSchema.BlobResourceContents blob =
          assertInstanceOf(
              McpSchema.BlobResourceContents.class,
              client
                  .readResource(
                      McpSchema.ReadResourceRequest.builder(SamplePlugins.LOGO_URI).build())
                  .contents()
                  .get(0));
      assertEquals("AAEC/w==", blob.blob()); // base64 of 0, 1, 2, 255

      McpSchema.TextResourceContents page =
          assertInstanceOf(
              McpSchema.TextResourceContents.class,
              client
                  .readResource(
                      McpSchema.ReadResourceRequest.builder("library://pages/Hoover%20Dam").build())
                  .contents()
                  .get(0));
      assertEquals("Page: Hoover Dam", page.text());
      assertEquals("library://pages/Hoover%20Dam", page.uri());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void legacyAnswersAnUnknownUriWithResourceNotFound() {
    McpSyncClient client = served.client();
    try {
      client.initialize();
      // no resource and no template: the SDK's own routing; a template match the reader does not
      // know: ours. Both the same error.
      for (String uri : List.of("library://nowhere", "library://pages/Atlantis")) {
        McpError error =
            assertThrows(
                McpError.class,
                () -> client.readResource(McpSchema.ReadResourceRequest.builder(uri).build()),
                uri);
        assertEquals(-32002, error.getJsonRpcError().code(), uri);
        assertEquals(Map.of("uri", uri), error.getJsonRpcError().data(), uri);
      }
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void legacyHidesAFailingReader() {
    McpSyncClient client = served.client();
    try {
      client.initialize();
      McpError error =
          assertThrows(
              McpError.class,
              () ->
                  client.readResource(
                      McpSchema.ReadResourceRequest.builder("library://broken/1").build()));
      assertEquals(-32603, error.getJsonRpcError().code());
      String said =
          String.valueOf(error.getJsonRpcError().message()) + error.getJsonRpcError().data();
      assertFalse(said.contains(SamplePlugins.BROKEN_SECRET), said);
      assertFalse(said.contains("Exception"), said);
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void legacyRefusesAReadWithoutAStringUri() throws Exception {
    String session = served.openSession();
    JsonNode error =
        JSON.readTree(
                post(
                        "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/read\","
                            + "\"params\":{\"uri\":5}}",
                        Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"))
                    .body())
            .path("error");
    assertEquals(-32602, error.path("code").asInt(), error.toString());
    assertEquals("Invalid params: 'uri' must be a string", error.path("message").asString());
  }

  @Test
  void modernListsAndReadsTheSameResources() {
    ModernProtocol.Answer discover = modern("server/discover", "");
    assertTrue(
        discover.response().path("result").path("capabilities").path("resources").isObject(),
        discover.response().toString());

    JsonNode list = modern("resources/list", "").response().path("result");
    assertEquals(SamplePlugins.POLICY_URI, list.path("resources").path(0).path("uri").asString());
    assertEquals("Citation policy", list.path("resources").path(0).path("title").asString());
    assertEquals(300000, list.path("ttlMs").asLong(), list.toString());
    assertEquals("complete", list.path("resultType").asString());

    JsonNode templates = modern("resources/templates/list", "").response().path("result");
    assertEquals(
        SamplePlugins.PAGE_TEMPLATE,
        templates.path("resourceTemplates").path(0).path("uriTemplate").asString(),
        templates.toString());

    JsonNode page =
        modern("resources/read", "\"uri\":\"library://pages/Alps\"").response().path("result");
    assertEquals(
        "Page: Alps", page.path("contents").path(0).path("text").asString(), page.toString());
    assertEquals("complete", page.path("resultType").asString());
    // the revision's schema requires cache hints on a read; a reader may answer differently each
    // time, so a read is not reused, though it is the same for every caller
    assertEquals(0, page.path("ttlMs").asLong(-1), page.toString());
    assertEquals("public", page.path("cacheScope").asString());

    JsonNode logo =
        modern("resources/read", "\"uri\":\"" + SamplePlugins.LOGO_URI + "\"")
            .response()
            .path("result");
    assertEquals("AAEC/w==", logo.path("contents").path(0).path("blob").asString());
  }

  @Test
  void modernAnswersAnUnknownUriWithInvalidParamsNamingIt() {
    for (String uri : List.of("library://nowhere", "library://pages/Atlantis")) {
      ModernProtocol.Answer answer = modern("resources/read", "\"uri\":\"" + uri + "\"");
      JsonNode error = answer.response().path("error");
      assertEquals(-32602, error.path("code").asInt(), answer.response().toString());
      assertEquals(uri, error.path("data").path("uri").asString());
      assertFalse(answer.response().has("result"));
    }
  }

  @Test
  void modernHidesAFailingReader() {
    ModernProtocol.Answer answer = modern("resources/read", "\"uri\":\"library://broken/1\"");
    JsonNode error = answer.response().path("error");
    assertEquals(-32603, error.path("code").asInt(), answer.response().toString());
    assertFalse(answer.response().toString().contains(SamplePlugins.BROKEN_SECRET));
    assertFalse(answer.response().toString().contains("Exception"));
  }

  @Test
  void modernReadOverHttpMirrorsTheUriInMcpName() throws Exception {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":"
            + "{\"uri\":\""
            + SamplePlugins.POLICY_URI
            + "\",\"_meta\":"
            + META
            + "}}";
    HttpResponse<String> ok =
        post(
            body,
            Map.of(
                "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "resources/read",
                "Mcp-Name", SamplePlugins.POLICY_URI));
    assertEquals(200, ok.statusCode(), ok.body());
    assertEquals(
        SamplePlugins.POLICY_TEXT,
        JSON.readTree(ok.body()).path("result").path("contents").path(0).path("text").asString());

    HttpResponse<String> mismatch =
        post(
            body,
            Map.of(
                "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "resources/read",
                "Mcp-Name", SamplePlugins.LOGO_URI));
    assertEquals(400, mismatch.statusCode(), mismatch.body());
    assertEquals(-32020, JSON.readTree(mismatch.body()).path("error").path("code").asInt());
  }

  @Test
  void withoutTheResourcePluginThereIsNoResourcesCapabilityAndNoResourceMethods() throws Exception {
    try (HostOverHttp toolsOnly =
        HostOverHttp.start(
            new HostSettings(served.dir(), Set.of("library"), Set.of(), Map.of(), Map.of()))) {
      assertTrue(toolsOnly.host().resources().isEmpty());
      McpSyncClient client = toolsOnly.client();
      try {
        assertNull(client.initialize().capabilities().resources());
      } finally {
        client.closeGracefully();
      }
      String session = toolsOnly.openSession();
      for (String method : List.of("resources/list", "resources/read")) {
        JsonNode error =
            JSON.readTree(
                    toolsOnly
                        .post(
                            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\""
                                + method
                                + "\",\"params\":{\"uri\":\""
                                + SamplePlugins.POLICY_URI
                                + "\"}}",
                            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"))
                        .body())
                .path("error");
        assertEquals(-32601, error.path("code").asInt(), error.toString());
      }
      ModernProtocol toolsOnlyModern = toolsOnly.modern();
      ModernProtocol.Answer answer =
          toolsOnlyModern.handle(
              JSON.readTree(
                  "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/list\",\"params\":{\"_meta\":"
                      + META
                      + "}}"),
              null);
      assertEquals(-32601, answer.response().path("error").path("code").asInt());
      assertEquals(404, answer.httpStatus());
    }
  }

  private static ModernProtocol.Answer modern(String method, String fields) {
    return served
        .modern()
        .handle(
            JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\""
                    + method
                    + "\",\"params\":{"
                    + fields
                    + (fields.isEmpty() ? "" : ",")
                    + "\"_meta\":"
                    + META
                    + "}}"),
            null);
  }

  private static HttpResponse<String> post(String body, Map<String, String> headers)
      throws Exception {
    return served.post(body, headers);
  }
}
