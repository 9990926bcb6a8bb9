package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A plugin that changes its tools or prompts while the server runs ({@code ListChanges}), as the
 * revisions say a server tells its clients (2025-11-25: {@code notifications/tools/list_changed} to
 * every session of a server that declares {@code listChanged}; 2026-07-28: the same on a {@code
 * subscriptions/listen} stream whose filter asked for it, and on no other), with the {@code lists}
 * test plugin beside {@code notes}, whose tool {@code edit_notes} it tries to take over.
 */
class ListChangesTest {

  static final JsonMapper JSON = JsonText.newMapper();

  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(
          SamplePlugins::writeListChangingPlugin, SamplePlugins::writeChangingPlugin);

  @Test
  void aSessionIsToldAndListsTheNewTools() throws Exception {
    BlockingQueue<List<McpSchema.Tool>> toolLists = new LinkedBlockingQueue<>();
    BlockingQueue<List<McpSchema.Prompt>> promptLists = new LinkedBlockingQueue<>();
    try (McpSyncClient client =
        served
            .clientSpec()
            .toolsChangeConsumer(toolLists::add)
            .promptsChangeConsumer(promptLists::add)
            .build()) {
      McpSchema.InitializeResult init = client.initialize();
      assertEquals(true, init.capabilities().tools().listChanged());
      assertEquals(true, init.capabilities().prompts().listChanged());
      assertTrue(names(client.listTools().tools()).contains("toggle_tool"));
      assertTrue(!names(client.listTools().tools()).contains("extra_tool"));

      call(client, "toggle_tool");
      // the SDK's client lists the tools again when told, and hands the list over
      List<McpSchema.Tool> told = toolLists.poll(5, TimeUnit.SECONDS);
      assertTrue(told != null, "no notifications/tools/list_changed within 5 s");
      assertTrue(names(told).contains("extra_tool"), names(told).toString());
      McpSchema.CallToolResult extra = call(client, "extra_tool");
      assertEquals(Map.of("extra", true), extra.structuredContent());

      call(client, "toggle_prompt");
      List<McpSchema.Prompt> prompts = promptLists.poll(5, TimeUnit.SECONDS);
      assertTrue(prompts != null, "no notifications/prompts/list_changed within 5 s");
      assertEquals(List.of("extra_prompt"), prompts.stream().map(McpSchema.Prompt::name).toList());

      call(client, "toggle_tool");
      List<McpSchema.Tool> after = toolLists.poll(5, TimeUnit.SECONDS);
      assertTrue(after != null && !names(after).contains("extra_tool"), String.valueOf(after));
      call(client, "toggle_prompt");
      assertTrue(promptLists.poll(5, TimeUnit.SECONDS) != null);
    }
  }

  @Test
  void aListenStreamThatAskedIsToldAndOneThatDidNotGetsNothing() throws Exception {
    try (SubscriptionsListenTest.Listen tools =
            SubscriptionsListenTest.Listen.open(
                served, "\"tools\"", "{\"toolsListChanged\":true}");
        SubscriptionsListenTest.Listen prompts =
            SubscriptionsListenTest.Listen.open(
                served, "\"prompts\"", "{\"promptsListChanged\":true}")) {
      assertEquals(
          JSON.readTree("{\"toolsListChanged\":true}"),
          tools.next().path("params").path("notifications"));
      assertEquals(
          JSON.readTree("{\"promptsListChanged\":true}"),
          prompts.next().path("params").path("notifications"));

      callModern("toggle_tool");
      JsonNode changed = tools.next();
      assertEquals("notifications/tools/list_changed", changed.path("method").asString());
      assertEquals(
          "tools",
          changed.path("params").path("_meta").path(ListenStreams.META_SUBSCRIPTION_ID).asString());
      assertTrue(modernNames("tools/list", "tools").contains("extra_tool"));
      // the prompts stream did not ask for tools
      assertNull(prompts.within(SubscriptionsListenTest.QUIET));

      callModern("toggle_prompt");
      assertEquals("notifications/prompts/list_changed", prompts.next().path("method").asString());
      assertEquals(List.of("extra_prompt"), modernNames("prompts/list", "prompts"));
      assertNull(tools.within(SubscriptionsListenTest.QUIET));

      callModern("toggle_tool");
      callModern("toggle_prompt");
      assertEquals("notifications/tools/list_changed", tools.next().path("method").asString());
      assertEquals("notifications/prompts/list_changed", prompts.next().path("method").asString());
      assertTrue(!modernNames("tools/list", "tools").contains("extra_tool"));
    }
  }

  @Test
  void discoverDeclaresBothListsChangeable() throws Exception {
    JsonNode capabilities =
        modern("server/discover", "{" + SubscriptionsListenTest.META + "}", Map.of())
            .path("result")
            .path("capabilities");
    assertEquals(true, capabilities.path("tools").path("listChanged").asBoolean());
    assertEquals(true, capabilities.path("prompts").path("listChanged").asBoolean());
  }

  @Test
  void aPluginCannotTakeOverAnotherPluginsTool() throws Exception {
    JsonNode taken = callModern("take_edit_notes").path("result").path("structuredContent");
    assertEquals(true, taken.path("refused").asBoolean(), taken.toString());
    assertTrue(
        taken.path("message").asString().contains("'edit_notes' is provided twice"),
        taken.toString());
    // the previous lists stay: edit_notes once, still the notes plugin's
    List<String> names = modernNames("tools/list", "tools");
    assertEquals(1, names.stream().filter("edit_notes"::equals).count(), names.toString());
    assertTrue(names.contains("take_edit_notes"), names.toString());
    JsonNode edited = callModern("edit_notes").path("result").path("structuredContent");
    assertTrue(edited.has("edits"), edited.toString());
  }

  private static List<String> names(List<McpSchema.Tool> tools) {
    return tools.stream().map(McpSchema.Tool::name).toList();
  }

  private static McpSchema.CallToolResult call(McpSyncClient client, String tool) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).build());
    assertTrue(!Boolean.TRUE.equals(result.isError()), result.toString());
    return result;
  }

  private static JsonNode callModern(String tool) throws Exception {
    return modern(
        "tools/call",
        "{" + SubscriptionsListenTest.META + ",\"name\":\"" + tool + "\",\"arguments\":{}}",
        Map.of("Mcp-Name", tool));
  }

  private static List<String> modernNames(String method, String member) throws Exception {
    JsonNode listed =
        modern(method, "{" + SubscriptionsListenTest.META + "}", Map.of())
            .path("result")
            .path(member);
    List<String> names = new java.util.ArrayList<>();
    listed.forEach(n -> names.add(n.path("name").asString()));
    return names;
  }

  private static JsonNode modern(String method, String params, Map<String, String> headers)
      throws Exception {
    java.util.Map<String, String> all = new java.util.HashMap<>(headers);
    all.put("MCP-Protocol-Version", ModernProtocol.VERSION);
    all.put("Mcp-Method", method);
    HttpResponse<String> response =
        served.post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\""
                + method
                + "\",\"params\":"
                + params
                + "}",
            all);
    assertEquals(200, response.statusCode(), response.body());
    return HostOverHttp.answer(response.body());
  }
}
