package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tool asks the client once (the {@code asker} plugin, {@link SamplePlugins#writeAskingPlugin});
 * the host carries the ask as a request in a 2025-11-25 session, answered while the tool waits, and
 * as rounds of {@code input_required} on 2026-07-28. Expected values are written from the plugin's
 * description and the answers these tests give.
 */
class InteractiveInputTest {

  static final JsonMapper JSON = JsonText.newMapper();

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeAskingPlugin);

  private static McpSchema.CallToolResult call(McpSyncClient client, String tool) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(Map.of()).build());
  }

  // the SDK deprecates a client's sampling and roots capabilities with 2025-11-25's requests from
  // server to client, which this test is about
  @SuppressWarnings("deprecation")
  @Test
  void aSessionAsksTheUserAndTheModelAndForRootsWhileTheToolWaits() {
    List<McpSchema.ElicitFormRequest> asked = new CopyOnWriteArrayList<>();
    McpSyncClient client =
        served
            .clientSpec()
            .capabilities(
                McpSchema.ClientCapabilities.builder()
                    .elicitation()
                    .sampling()
                    .roots(false)
                    .build())
            .elicitation(
                request -> {
                  asked.add(request);
                  return new McpSchema.ElicitResult(
                      McpSchema.ElicitResult.Action.ACCEPT, Map.of("name", "Ada"));
                })
            .sampling(
                request ->
                    new McpSchema.CreateMessageResult(
                        McpSchema.Role.ASSISTANT,
                        new McpSchema.TextContent(null, "hi there", null),
                        "test-model",
                        McpSchema.CreateMessageResult.StopReason.END_TURN))
            .roots(new McpSchema.Root("file:///work", "work"))
            .build();
    try {
      client.initialize();
      assertEquals(Map.of("greeting", "Hello, Ada"), call(client, "ask_name").structuredContent());
      assertEquals("Your name?", asked.get(0).message());
      assertEquals(List.of("name"), asked.get(0).requestedSchema().get("required"));
      assertEquals(Map.of("said", "hi there"), call(client, "ask_model").structuredContent());
      assertEquals(
          Map.of("roots", List.of("file:///work")), call(client, "ask_roots").structuredContent());
      assertEquals(Map.of("all", "hi there, Ada"), call(client, "ask_all").structuredContent());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void aSessionWithoutTheCapabilityIsNeverAskedAndTheToolSaysWhy() {
    McpSyncClient client = served.client();
    try {
      client.initialize();
      McpSchema.CallToolResult refused = call(client, "ask_model");
      assertTrue(refused.isError());
      String text = ((McpSchema.TextContent) refused.content().get(0)).text();
      JsonNode body = JSON.readTree(text);
      assertEquals("missing_client_capability", body.path("code").asString());
      assertEquals("sampling", body.path("capability").asString());
      assertFalse(text.contains("Exception"), text);
      assertEquals(Map.of("said", "no model"), call(client, "model_or_not").structuredContent());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void modernAsksWithInputRequiredAndFinishesOnTheNextRound() {
    JsonNode first = modern("ask_name", "{\"elicitation\":{}}", "");
    JsonNode round1 = first.path("result");
    assertEquals("input_required", round1.path("resultType").asString(), first.toString());
    JsonNode who = round1.path("inputRequests").path("who");
    assertEquals("elicitation/create", who.path("method").asString());
    assertEquals("Your name?", who.path("params").path("message").asString());
    assertEquals(
        JSON.readTree(SamplePlugins.NAME_FORM), who.path("params").path("requestedSchema"));
    String state = round1.path("requestState").asString();
    assertFalse(state.isEmpty());

    JsonNode done =
        modern(
                "ask_name",
                "{\"elicitation\":{}}",
                ",\"inputResponses\":{\"who\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}},"
                    + "\"requestState\":\""
                    + state
                    + "\"")
            .path("result");
    assertEquals("complete", done.path("resultType").asString());
    assertEquals("Hello, Ada", done.path("structuredContent").path("greeting").asString());

    JsonNode declined =
        modern(
                "ask_name",
                "{\"elicitation\":{}}",
                ",\"inputResponses\":{\"who\":{\"action\":\"decline\"}}")
            .path("result");
    assertEquals("nobody", declined.path("structuredContent").path("greeting").asString());
  }

  @Test
  void modernPutsTheAsksOfOneAskCallToTheClientInOneRound() {
    JsonNode round1 = modern("ask_all", "{\"elicitation\":{},\"sampling\":{}}", "").path("result");
    JsonNode requests = round1.path("inputRequests");
    assertEquals(2, requests.size(), round1.toString());
    String samplingKey =
        names(requests).stream().filter(k -> !k.equals("who")).findFirst().orElseThrow();
    assertEquals("sampling/createMessage", requests.path(samplingKey).path("method").asString());
    assertEquals(10, requests.path(samplingKey).path("params").path("maxTokens").asInt());
    JsonNode message = requests.path(samplingKey).path("params").path("messages").get(0);
    assertEquals("user", message.path("role").asString());
    assertEquals("text", message.path("content").path("type").asString(), message.toString());
    assertEquals("Say hi", message.path("content").path("text").asString());

    JsonNode done =
        modern(
                "ask_all",
                "{\"elicitation\":{},\"sampling\":{}}",
                ",\"inputResponses\":{\"who\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}},\""
                    + samplingKey
                    + "\":{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"hi\"},"
                    + "\"model\":\"m\"}}")
            .path("result");
    assertEquals("hi, Ada", done.path("structuredContent").path("all").asString(), done.toString());
  }

  @Test
  void modernCarriesEarlierAnswersInTheSignedStateAcrossRounds() {
    JsonNode round1 = modern("two_steps", "{\"elicitation\":{}}", "").path("result");
    assertEquals(List.of("first"), names(round1.path("inputRequests")));
    String state1 = round1.path("requestState").asString();

    JsonNode round2 =
        modern(
                "two_steps",
                "{\"elicitation\":{}}",
                ",\"inputResponses\":{\"first\":{\"action\":\"accept\",\"content\":{\"name\":\"A\"}}},"
                    + "\"requestState\":\""
                    + state1
                    + "\"")
            .path("result");
    assertEquals(List.of("second"), names(round2.path("inputRequests")));
    String state2 = round2.path("requestState").asString();
    assertNotEquals(state1, state2);

    // the first answer is not sent again: it comes back from the state
    JsonNode round3 =
        modern(
                "two_steps",
                "{\"elicitation\":{}}",
                ",\"inputResponses\":{\"second\":{\"action\":\"accept\",\"content\":{\"name\":\"B\"}}},"
                    + "\"requestState\":\""
                    + state2
                    + "\"")
            .path("result");
    assertEquals(
        "A+B", round3.path("structuredContent").path("both").asString(), round3.toString());
  }

  @Test
  void modernRefusesATamperedOrForeignStateAndMalformedAnswers() {
    String state =
        modern("two_steps", "{\"elicitation\":{}}", "")
            .path("result")
            .path("requestState")
            .asString();
    JsonNode tampered =
        modern("two_steps", "{\"elicitation\":{}}", ",\"requestState\":\"" + state + "x\"");
    assertEquals(-32602, tampered.path("error").path("code").asInt(), tampered.toString());
    assertEquals(
        "Invalid params: 'requestState' is not one this server issued",
        tampered.path("error").path("message").asString());

    JsonNode foreign =
        modern("ask_name", "{\"elicitation\":{}}", ",\"requestState\":\"" + state + "\"");
    assertEquals(
        "Invalid params: 'requestState' belongs to another request",
        foreign.path("error").path("message").asString());

    JsonNode notAnObject =
        modern("ask_name", "{\"elicitation\":{}}", ",\"inputResponses\":{\"who\":5}");
    assertEquals(-32602, notAnObject.path("error").path("code").asInt());
    JsonNode badAction =
        modern(
            "ask_name",
            "{\"elicitation\":{}}",
            ",\"inputResponses\":{\"who\":{\"action\":\"maybe\"}}");
    assertEquals(-32602, badAction.path("error").path("code").asInt(), badAction.toString());
    JsonNode nullResponses = modern("ask_name", "{\"elicitation\":{}}", ",\"inputResponses\":null");
    assertEquals(-32602, nullResponses.path("error").path("code").asInt());
  }

  @Test
  void modernNeverAsksForACapabilityTheRequestDidNotDeclare() {
    ModernProtocol.Answer refused = modernAnswer("ask_model", "{}", "");
    assertEquals(400, refused.httpStatus());
    JsonNode error = refused.response().path("error");
    assertEquals(-32021, error.path("code").asInt());
    assertTrue(
        error.path("data").path("requiredCapabilities").path("sampling").isObject(),
        error.toString());

    JsonNode fallback = modern("model_or_not", "{\"elicitation\":{}}", "").path("result");
    assertEquals("no model", fallback.path("structuredContent").path("said").asString());

    JsonNode asked = modern("model_or_not", "{\"sampling\":{}}", "").path("result");
    assertEquals(
        "sampling/createMessage",
        asked
            .path("inputRequests")
            .properties()
            .iterator()
            .next()
            .getValue()
            .path("method")
            .asString());
  }

  private static List<String> names(JsonNode object) {
    return object.properties().stream().map(Map.Entry::getKey).toList();
  }

  private static JsonNode modern(String tool, String capabilities, String extraParams) {
    return modernAnswer(tool, capabilities, extraParams).response();
  }

  /** A 2026-07-28 {@code tools/call} of {@code tool} declaring {@code capabilities}. */
  private static ModernProtocol.Answer modernAnswer(
      String tool, String capabilities, String extraParams) {
    return served
        .modern()
        .handle(
            JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\""
                    + tool
                    + "\",\"arguments\":{}"
                    + extraParams
                    + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":"
                    + capabilities
                    + "}}}"),
            null);
  }
}
