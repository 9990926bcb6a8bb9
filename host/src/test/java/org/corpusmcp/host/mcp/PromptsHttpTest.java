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
 * Plugin prompts over Streamable HTTP, through the MCP Java SDK client and raw requests. Expected
 * shapes are MCP's ({@code prompts/list}, {@code prompts/get}) and the Arch wiki contract's ({@code
 * arguments: []}, {@code -32602 Unknown prompt: <name>}).
 */
class PromptsHttpTest {

  static final JsonMapper JSON = JsonText.newMapper();

  /** The sample tool plugin and the prompt-only {@code guide} plugin. */
  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(SamplePlugins::write, SamplePlugins::writePromptPlugin);

  @Test
  void aPluginPromptIsAdvertisedListedAndServed() {
    McpSyncClient client = served.client();
    try {
      McpSchema.InitializeResult init = client.initialize();
      assertNotNull(init.capabilities().prompts(), "prompts capability");
      assertEquals(true, init.capabilities().prompts().listChanged());
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
    McpSyncClient client = served.client();
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
    String session = served.openSession();
    JsonNode list =
        message(
            inSession(
                served, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/list\"}", session));
    JsonNode prompt = list.get("result").get("prompts").get(0);
    assertEquals(SamplePlugins.GUIDE_PROMPT, prompt.get("name").asString());
    assertTrue(
        prompt.get("arguments").isArray() && prompt.get("arguments").isEmpty(), list.toString());

    JsonNode got =
        message(
            inSession(
                served,
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
        inSession(
            served,
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
    try (HostOverHttp toolsOnly =
        HostOverHttp.start(
            new HostSettings(served.dir(), Set.of("guide"), Set.of(), Map.of(), Map.of()))) {
      assertTrue(toolsOnly.host().prompts().isEmpty());
      McpSyncClient client = toolsOnly.client();
      try {
        assertNull(client.initialize().capabilities().prompts());
      } finally {
        client.closeGracefully();
      }
      String session = toolsOnly.openSession();
      for (String method : List.of("prompts/list", "prompts/get")) {
        HttpResponse<String> response =
            inSession(
                toolsOnly,
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

  private static HttpResponse<String> inSession(HostOverHttp front, String body, String session)
      throws Exception {
    return front.post(
        body, Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
  }

  /** The one JSON-RPC message of a response, whether sent as JSON or as one SSE event. */
  private static JsonNode message(HttpResponse<String> response) {
    assertEquals(200, response.statusCode(), response.body());
    return HostOverHttp.answer(response.body());
  }
}
