package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Prompts with arguments, non-text messages and argument completions, on both revisions, against
 * the {@code letters} plugin (its prompts are described on {@link
 * SamplePlugins#writeArgumentPromptPlugin}; expected texts are written here from that description,
 * and "AQID" is the base64 of the bytes 1, 2, 3).
 */
class PromptArgumentsTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final String META =
      "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeArgumentPromptPlugin);

  private static McpSyncClient client() {
    McpSyncClient client = served.client();
    client.initialize();
    return client;
  }

  @Test
  void legacyListsTheArgumentsAndFillsThemIn() {
    McpSyncClient client = client();
    try {
      McpSchema.Prompt letter =
          client.listPrompts().prompts().stream()
              .filter(p -> p.name().equals(SamplePlugins.LETTER_PROMPT))
              .findFirst()
              .orElseThrow();
      assertEquals(
          List.of(
              McpSchema.PromptArgument.builder("to")
                  .description("Who the letter is for")
                  .required(true)
                  .build(),
              McpSchema.PromptArgument.builder("tone").required(false).build()),
          letter.arguments());

      List<McpSchema.PromptMessage> messages =
          client
              .getPrompt(
                  new McpSchema.GetPromptRequest(
                      SamplePlugins.LETTER_PROMPT, Map.of("to", "Ada", "tone", "kind"), null))
              .messages();
      assertEquals(
          "Write to Ada. Be kind.",
          assertInstanceOf(McpSchema.TextContent.class, messages.get(0).content()).text());
      McpSchema.EmbeddedResource embedded =
          assertInstanceOf(McpSchema.EmbeddedResource.class, messages.get(1).content());
      McpSchema.TextResourceContents letterhead =
          assertInstanceOf(McpSchema.TextResourceContents.class, embedded.resource());
      assertEquals("mem://letterhead", letterhead.uri());
      assertEquals("Letterhead", letterhead.text());

      List<McpSchema.PromptMessage> picture =
          client
              .getPrompt(
                  new McpSchema.GetPromptRequest(SamplePlugins.PICTURE_PROMPT, Map.of(), null))
              .messages();
      McpSchema.ImageContent image =
          assertInstanceOf(McpSchema.ImageContent.class, picture.get(0).content());
      assertEquals("AQID", image.data());
      assertEquals("image/png", image.mimeType());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void legacyRefusesAMissingRequiredArgumentByName() {
    McpSyncClient client = client();
    try {
      McpError missing =
          assertThrows(
              McpError.class,
              () ->
                  client.getPrompt(
                      new McpSchema.GetPromptRequest(
                          SamplePlugins.LETTER_PROMPT, Map.of("tone", "kind"), null)));
      assertEquals(-32602, missing.getJsonRpcError().code());
      assertEquals(
          "Invalid params: prompt 'letter' needs the argument 'to' (Who the letter is for)",
          missing.getJsonRpcError().message());

      McpError notText =
          assertThrows(
              McpError.class,
              () ->
                  client.getPrompt(
                      new McpSchema.GetPromptRequest(
                          SamplePlugins.LETTER_PROMPT, Map.of("to", 5), null)));
      assertEquals(-32602, notText.getJsonRpcError().code());
      assertEquals(
          "Invalid params: argument 'to' of prompt 'letter' must be a string",
          notText.getJsonRpcError().message());

      McpError failed =
          assertThrows(
              McpError.class,
              () ->
                  client.getPrompt(
                      new McpSchema.GetPromptRequest(
                          SamplePlugins.LETTER_PROMPT, Map.of("to", "boom"), null)));
      assertEquals(-32603, failed.getJsonRpcError().code());
      assertFalse(failed.getMessage().contains(SamplePlugins.BROKEN_SECRET), failed.getMessage());
      assertFalse(failed.getMessage().contains("Exception"), failed.getMessage());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void legacyCompletesAPromptArgument() {
    McpSyncClient client = client();
    try {
      assertNotNull(client.getServerCapabilities().completions(), "completions capability");
      McpSchema.CompleteResult.CompleteCompletion names =
          client
              .completeCompletion(
                  McpSchema.CompleteRequest.builder(
                          new McpSchema.PromptReference(SamplePlugins.LETTER_PROMPT),
                          new McpSchema.CompleteRequest.CompleteArgument("to", "A"))
                      .build())
              .completion();
      assertEquals(List.of("Ada", "Alan"), names.values());
      assertEquals(2, names.total());
      assertEquals(false, names.hasMore());
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void modernFillsInArgumentsAndRefusesAMissingOne() {
    JsonNode written =
        modern("prompts/get", "{\"name\":\"letter\",\"arguments\":{\"to\":\"Bob\"}}")
            .path("result");
    assertEquals("complete", written.path("resultType").asString());
    assertEquals(
        "Write to Bob.", written.path("messages").get(0).path("content").path("text").asString());
    assertEquals(
        "resource", written.path("messages").get(1).path("content").path("type").asString());

    JsonNode missing = modern("prompts/get", "{\"name\":\"letter\",\"arguments\":{}}");
    assertEquals(-32602, missing.path("error").path("code").asInt());
    assertTrue(
        missing.path("error").path("message").asString().contains("'to'"), missing.toString());

    JsonNode failed =
        modern("prompts/get", "{\"name\":\"letter\",\"arguments\":{\"to\":\"boom\"}}");
    assertEquals(-32603, failed.path("error").path("code").asInt());
    assertFalse(failed.toString().contains(SamplePlugins.BROKEN_SECRET), failed.toString());

    JsonNode listed = modern("prompts/list", "{}").path("result").path("prompts");
    assertEquals(true, listed.get(0).path("arguments").get(0).path("required").asBoolean());
  }

  @Test
  void modernCompletesAPromptArgumentAndRefusesAnUnknownOne() {
    JsonNode names =
        modern(
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"letter\"},"
                    + "\"argument\":{\"name\":\"to\",\"value\":\"A\"}}")
            .path("result")
            .path("completion");
    assertEquals(List.of("Ada", "Alan"), JSON.convertValue(names.path("values"), List.class));

    JsonNode unknown =
        modern(
            "completion/complete",
            "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"letter\"},"
                + "\"argument\":{\"name\":\"from\",\"value\":\"\"}}");
    assertEquals(
        "Unknown argument: from in prompt: letter",
        unknown.path("error").path("message").asString());

    JsonNode failed =
        modern(
            "completion/complete",
            "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"letter\"},"
                + "\"argument\":{\"name\":\"to\",\"value\":\"boom\"}}");
    assertEquals(-32603, failed.path("error").path("code").asInt());
    assertFalse(failed.toString().contains(SamplePlugins.BROKEN_SECRET), failed.toString());
  }

  /** Sends {@code method} with {@code params} (a JSON object) and this revision's {@code _meta}. */
  private static JsonNode modern(String method, String params) {
    String withMeta =
        params.substring(0, params.length() - 1)
            + (params.equals("{}") ? "" : ",")
            + "\"_meta\":"
            + META
            + "}";
    return served
        .modern()
        .handle(
            JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\""
                    + method
                    + "\",\"params\":"
                    + withMeta
                    + "}"),
            null)
        .response();
  }
}
