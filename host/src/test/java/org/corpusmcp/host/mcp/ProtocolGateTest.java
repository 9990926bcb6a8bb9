package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** Expected codes and texts: JSON-RPC 2.0; texts as the reference Arch wiki server sends. */
class ProtocolGateTest {

  /** A server without prompts, like the corpus-only one. */
  private final ProtocolGate gate = new ProtocolGate(JsonText.newMapper(), Set.of("echo"));

  /** A server with one prompt, like one with the Arch wiki plugin loaded. */
  private final ProtocolGate withPrompt =
      new ProtocolGate(JsonText.newMapper(), Set.of("echo"), Set.of("arch-wiki-usage"));

  @ParameterizedTest(name = "[{index}] {1}: {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "~~ | -32700 | Parse error",
        "garbage | -32700 | Parse error",
        "42 | -32600 | Invalid Request: not a JSON-RPC object",
        "[1,2] | -32600 | Invalid Request: batch requests are not supported",
        "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"} | -32600 | Invalid Request: 'jsonrpc' must be \"2.0\"",
        "{\"id\":1,\"method\":\"ping\"} | -32600 | Invalid Request: 'jsonrpc' must be \"2.0\"",
        "{\"jsonrpc\":null,\"id\":1,\"method\":\"ping\"} | -32600 | Invalid Request: 'jsonrpc' must be \"2.0\"",
        "{\"id\":1,\"result\":{}} | -32600 | Invalid Request: 'jsonrpc' must be \"2.0\"",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"EVIL\"}} | -32602 | Invalid params: 'level' must be one of debug, info, notice, warning, error, critical, alert, emergency",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"INFO\"}} | -32602 | Invalid params: 'level' must be one of",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":5}} | -32602 | Invalid params: 'level' must be one of",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{}} | -32602 | Invalid params: 'level' must be one of",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\"} | -32602 | Invalid params: 'level' must be one of",
        "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"} | -32600 | Invalid Request: 'id' must be a string or an integer",
        "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"} | -32600 | Invalid Request: 'id' must be",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7} | -32600 | Invalid Request: 'method' must be a string",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":[1,2]} | -32602 | Invalid params: 'params' must be an object",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{}} | -32602 | Invalid params: 'name' must be a string",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":3}} | -32602 | Invalid params: 'name' must be a string",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"examples\"}} | -32602 | Unknown tool: examples",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"ehco\"}} | -32602 | Unknown tool: ehco (did you mean 'echo'?)",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":[]}} | -32602 | Invalid params: 'arguments' must be an object",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"} | -32601 | Method not found: resources/list",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/list\"} | -32601 | Method not found: prompts/list",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"arch-wiki-usage\"}} | -32601 | Method not found: prompts/get",
        "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"server/discover\"} | -32601 | Method not found: server/discover",
        "{\"jsonrpc\":\"2.0\",\"id\":1} | -32600 | Invalid Request: a response needs",
        "{\"jsonrpc\":\"2.0\",\"foo\":1} | -32600 | Invalid Request: a message needs a 'method' or an 'id'",
        "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"} | -32600 | Invalid Request: 'id' must be a string or an integer of at most 64 bits",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"} | -32602 | Invalid params: initialize needs 'protocolVersion'",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\"}}} | -32602 | Invalid params: initialize needs 'protocolVersion'",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"roots\":5},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}} | -32602 | Invalid params: 'capabilities.roots' does not have the type initialize takes there",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"_meta\":5}} | -32602 | Invalid params: '_meta' must be an object",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"_meta\":{\"progressToken\":1.5}}} | -32602 | Invalid params: '_meta.progressToken' must be a string or an integer",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":tru}} | -32700 | Parse error: not valid JSON (line 1, column",
      })
  void refusesWithTheRightCode(String input, int code, String messageStart) {
    ProtocolGate.Reply reply = assertInstanceOf(ProtocolGate.Reply.class, gate.inspect(input));
    JsonNode error = reply.response().get("error");
    assertEquals(code, error.get("code").asInt());
    assertTrue(error.get("message").asString().startsWith(messageStart), error.toString());
    assertEquals("2.0", reply.response().get("jsonrpc").asString());
  }

  @ParameterizedTest(name = "[{index}] {1}: {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"examples\"}} | -32602 | Unknown prompt: examples",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"Arch-Wiki-Usage\"}} | -32602 | Unknown prompt: Arch-Wiki-Usage (did you mean 'arch-wiki-usage'?)",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{}} | -32602 | Invalid params: 'name' must be a string",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\"} | -32602 | Invalid params: 'name' must be a string",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":[\"arch-wiki-usage\"]}} | -32602 | Invalid params: 'name' must be a string",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"arch-wiki-usage\",\"arguments\":\"x\"}} | -32602 | Invalid params: 'arguments' must be an object",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":[1]} | -32602 | Invalid params: 'params' must be an object",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"arch-wiki-usage\"}} | -32602 | Unknown tool: arch-wiki-usage",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"} | -32601 | Method not found: resources/list",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"completion/complete\"} | -32601 | Method not found: completion/complete",
      })
  void withPromptsRefusesBadPromptRequests(String input, int code, String message) {
    ProtocolGate.Reply reply =
        assertInstanceOf(ProtocolGate.Reply.class, withPrompt.inspect(input));
    JsonNode error = reply.response().get("error");
    assertEquals(code, error.get("code").asInt());
    assertEquals(message, error.get("message").asString());
    assertEquals(1, reply.response().get("id").asInt());
  }

  @Test
  void withPromptsForwardsPromptsListAndGetOfAKnownPrompt() {
    ProtocolGate.Forward list =
        assertInstanceOf(
            ProtocolGate.Forward.class,
            withPrompt.inspect("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/list\"}"));
    assertTrue(list.isRequest());
    assertInstanceOf(
        ProtocolGate.Forward.class,
        withPrompt.inspect(
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/get\",\"params\":{\"name\":\"arch-wiki-usage\"}}"));
    assertInstanceOf(
        ProtocolGate.Forward.class,
        withPrompt.inspect(
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/get\",\"params\":"
                + "{\"name\":\"arch-wiki-usage\",\"arguments\":{}}}"));
    // tools are unaffected by having prompts
    assertInstanceOf(
        ProtocolGate.Forward.class,
        withPrompt.inspect(
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}"));
  }

  @Test
  void echoesAValidIdInTheError() {
    ProtocolGate.Reply reply =
        assertInstanceOf(
            ProtocolGate.Reply.class,
            gate.inspect("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"nope\"}"));
    assertEquals("abc", reply.response().get("id").asString());
    reply = assertInstanceOf(ProtocolGate.Reply.class, gate.inspect("garbage"));
    assertTrue(reply.response().get("id").isNull());
  }

  /** A notification without {@code jsonrpc} is dropped, like one with a wrong version. */
  @Test
  void dropsANotificationWithoutJsonrpc() {
    assertInstanceOf(
        ProtocolGate.Drop.class, gate.inspect("{\"method\":\"notifications/initialized\"}"));
    assertInstanceOf(
        ProtocolGate.Drop.class,
        gate.inspect("{\"jsonrpc\":\"1.0\",\"method\":\"notifications/initialized\"}"));
  }

  @Test
  void forwardsWellFormedMessages() {
    ProtocolGate.Forward f =
        assertInstanceOf(
            ProtocolGate.Forward.class,
            gate.inspect("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}"));
    assertTrue(f.isRequest());
    for (String level :
        List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")) {
      assertInstanceOf(
          ProtocolGate.Forward.class,
          gate.inspect(
              "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"logging/setLevel\",\"params\":{\"level\":\""
                  + level
                  + "\"}}"),
          level);
    }
    f =
        assertInstanceOf(
            ProtocolGate.Forward.class,
            gate.inspect("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
    assertTrue(!f.isRequest());
    assertInstanceOf(
        ProtocolGate.Forward.class, gate.inspect("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}"));
    // the SDK always advertises the logging capability, so its request must reach the SDK
    assertInstanceOf(
        ProtocolGate.Forward.class,
        gate.inspect(
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"info\"}}"));
    assertInstanceOf(
        ProtocolGate.Forward.class,
        gate.inspect(
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}}"));
  }

  @Test
  void parseErrorsNameNoLibrary() {
    String deep =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":"
            + "[".repeat(5000)
            + "]".repeat(5000)
            + "}}";
    ProtocolGate.Reply reply = assertInstanceOf(ProtocolGate.Reply.class, gate.inspect(deep));
    assertEquals(
        "Parse error: the message is nested too deeply or has a value too large",
        reply.response().get("error").get("message").asString());
  }

  /** Two JSON values in one message (a fuzzer's find): our words, not the parser's class names. */
  @Test
  void trailingValuesAreAParseErrorInOurWords() {
    ProtocolGate.Reply reply =
        assertInstanceOf(ProtocolGate.Reply.class, gate.inspect("2\n\n2\n\n\b\b"));
    String message = reply.response().get("error").get("message").asString();
    assertEquals(-32700, reply.code());
    assertTrue(message.startsWith("Parse error: not valid JSON"), message);
    assertFalse(
        message.contains("Token") || message.contains("jackson") || message.contains("JsonNode"),
        message);
  }

  /** The SDK would answer it with a roots/list request, which nothing here needs. */
  @Test
  void rootsListChangedIsAcknowledgedButNotForwarded() {
    assertInstanceOf(
        ProtocolGate.Ignore.class,
        gate.inspect("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}"));
  }

  @Test
  void malformedNotificationsAreDroppedNotAnswered() {
    assertInstanceOf(
        ProtocolGate.Drop.class,
        gate.inspect("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":5}"));
    assertInstanceOf(ProtocolGate.Drop.class, gate.inspect("{\"jsonrpc\":\"2.0\",\"method\":5}"));
  }
}
