package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
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
 * {@code completion/complete} for the {@code library} plugin's template variables on both
 * revisions. Expected values are the plugin's (hand-checked: titles "Alps" and "Hoover Dam"
 * starting with what was typed; 150 values for {@code x}, of which MCP allows 100, so {@code total:
 * 150, hasMore: true}).
 */
class CompletionsTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final String META =
      "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(SamplePlugins::write, SamplePlugins::writeResourcePlugin);

  private static McpSchema.CompleteRequest request(String template, String argument, String value) {
    return McpSchema.CompleteRequest.builder(
            new McpSchema.ResourceReference(template),
            new McpSchema.CompleteRequest.CompleteArgument(argument, value))
        .build();
  }

  @Test
  void legacyCompletesATemplateVariable() {
    McpSyncClient client = served.client();
    try {
      assertNotNull(client.initialize().capabilities().completions(), "completions capability");
      McpSchema.CompleteResult.CompleteCompletion alps =
          client
              .completeCompletion(request(SamplePlugins.PAGE_TEMPLATE, "title", "A"))
              .completion();
      assertEquals(List.of("Alps"), alps.values());
      assertEquals(1, alps.total());
      assertEquals(false, alps.hasMore());

      McpSchema.CompleteResult.CompleteCompletion many =
          client.completeCompletion(request(SamplePlugins.BROKEN_TEMPLATE, "x", "v")).completion();
      assertEquals(100, many.values().size());
      assertEquals("v0", many.values().get(0));
      assertEquals("v99", many.values().get(99));
      assertEquals(150, many.total());
      assertEquals(true, many.hasMore());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void legacyHidesAFailingHandler() {
    McpSyncClient client = served.client();
    try {
      client.initialize();
      McpError error =
          assertThrows(
              McpError.class,
              () ->
                  client.completeCompletion(request(SamplePlugins.PAGE_TEMPLATE, "title", "boom")));
      assertEquals(-32603, error.getJsonRpcError().code());
      assertFalse(
          String.valueOf(error.getJsonRpcError().message()).contains(SamplePlugins.BROKEN_SECRET));
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void modernCompletesTheSameWay() {
    JsonNode result =
        complete(
                "{\"type\":\"ref/resource\",\"uri\":\"" + SamplePlugins.PAGE_TEMPLATE + "\"}",
                "title",
                "H")
            .response()
            .path("result");
    assertEquals(
        List.of("Hoover Dam"),
        JSON.convertValue(result.path("completion").path("values"), List.class));
    assertEquals("complete", result.path("resultType").asString());

    JsonNode many =
        complete(
                "{\"type\":\"ref/resource\",\"uri\":\"" + SamplePlugins.BROKEN_TEMPLATE + "\"}",
                "x",
                "")
            .response()
            .path("result")
            .path("completion");
    assertEquals(100, many.path("values").size());
    assertEquals(150, many.path("total").asInt());
    assertTrue(many.path("hasMore").asBoolean());

    JsonNode discovered =
        served
            .modern()
            .handle(
                JSON.readTree(
                    "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\",\"params\":{\"_meta\":"
                        + META
                        + "}}"),
                null)
            .response();
    assertTrue(
        discovered.path("result").path("capabilities").path("completions").isObject(),
        discovered.toString());
  }

  @Test
  void modernRefusesUnknownTemplatesAndArgumentsAndHidesFailures() {
    ModernProtocol.Answer unknownTemplate =
        complete("{\"type\":\"ref/resource\",\"uri\":\"library://nope/{a}\"}", "a", "");
    assertEquals(-32602, unknownTemplate.response().path("error").path("code").asInt());

    ModernProtocol.Answer unknownArgument =
        complete(
            "{\"type\":\"ref/resource\",\"uri\":\"" + SamplePlugins.PAGE_TEMPLATE + "\"}",
            "page",
            "");
    assertEquals(
        "Unknown argument: page in resource template: " + SamplePlugins.PAGE_TEMPLATE,
        unknownArgument.response().path("error").path("message").asString());

    ModernProtocol.Answer failed =
        complete(
            "{\"type\":\"ref/resource\",\"uri\":\"" + SamplePlugins.PAGE_TEMPLATE + "\"}",
            "title",
            "boom");
    assertEquals(-32603, failed.response().path("error").path("code").asInt());
    assertFalse(failed.response().toString().contains(SamplePlugins.BROKEN_SECRET));

    ModernProtocol.Answer malformed =
        served
            .modern()
            .handle(
                JSON.readTree(
                    "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"completion/complete\",\"params\":"
                        + "{\"ref\":{\"type\":\"ref/resource\"},\"_meta\":"
                        + META
                        + "}}"),
                null);
    assertEquals(-32602, malformed.response().path("error").path("code").asInt());
  }

  @Test
  void withoutCompletionHandlersThereIsNoCompletionsCapability() {
    try (HostOverHttp toolsOnly =
        HostOverHttp.start(
            new HostSettings(served.dir(), Set.of("library"), Set.of(), Map.of(), Map.of()))) {
      McpSyncClient client = toolsOnly.client();
      try {
        assertNull(client.initialize().capabilities().completions());
      } finally {
        client.closeGracefully();
      }
      ModernProtocol.Answer answer =
          toolsOnly
              .modern()
              .handle(
                  JSON.readTree(
                      "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"completion/complete\",\"params\":"
                          + "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"x://{a}\"},"
                          + "\"argument\":{\"name\":\"a\",\"value\":\"\"},\"_meta\":"
                          + META
                          + "}}"),
                  null);
      assertEquals(-32601, answer.response().path("error").path("code").asInt());
    }
  }

  private static ModernProtocol.Answer complete(String ref, String argument, String value) {
    return served
        .modern()
        .handle(
            JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"completion/complete\",\"params\":"
                    + "{\"ref\":"
                    + ref
                    + ",\"argument\":{\"name\":\""
                    + argument
                    + "\",\"value\":\""
                    + value
                    + "\"},\"_meta\":"
                    + META
                    + "}}"),
            null);
  }
}
