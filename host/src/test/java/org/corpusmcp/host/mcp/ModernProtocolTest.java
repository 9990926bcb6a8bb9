package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The 2026-07-28 dispatcher on its own, without a transport. Expected codes, statuses and shapes
 * are the revision's: -32602 and HTTP 400 for a missing required {@code _meta} field, -32022 with
 * {@code data.supported}/{@code data.requested} for an unsupported version, -32020 for headers that
 * disagree with the body, -32601 and HTTP 404 for a method not served ({@code ping}, {@code
 * logging/setLevel} and {@code initialize} are not methods of that revision), {@code resultType:
 * "complete"} on every result and {@code ttlMs}/{@code cacheScope} on lists. Tool results are the
 * sample plugin's (hand-checked: {@code echo} repeats its text).
 */
class ModernProtocolTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final String META =
      "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"0\"},"
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @TempDir static Path dir;
  static Host host;
  static ModernProtocol modern;

  @BeforeAll
  static void start() {
    SamplePlugins.write(dir);
    SamplePlugins.writePromptPlugin(dir);
    host =
        Host.start(new HostSettings(dir, Set.of(), Set.of(), Map.of(), Map.of()), JSON, List.of());
    modern = new ModernProtocol(host.mcpParts(Duration.ofSeconds(30)));
  }

  @AfterAll
  static void stop() {
    host.close();
  }

  static ModernProtocol.Answer send(String method, String params) {
    return modern.handle(
        JSON.readTree(
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\""
                + method
                + "\""
                + (params == null ? "" : ",\"params\":" + params)
                + "}"),
        null);
  }

  static ModernProtocol.Answer withMeta(String method, String fields) {
    return send(method, "{" + fields + (fields.isEmpty() ? "" : ",") + "\"_meta\":" + META + "}");
  }

  static void assertError(ModernProtocol.Answer answer, int code, int status) {
    JsonNode response = answer.response();
    assertEquals(code, response.path("error").path("code").asInt(), response.toString());
    assertEquals(7, response.path("id").asInt(), "the error carries the request's id: " + response);
    assertEquals(status, answer.httpStatus(), response.toString());
  }

  /** As on the earlier revisions (ProtocolGate): no {@code jsonrpc} is refused like "1.0". */
  @Test
  void aMissingJsonrpcIsRefusedLikeAWrongOne() {
    for (String version : new String[] {"", "\"jsonrpc\":\"1.0\","}) {
      ModernProtocol.Answer answer =
          modern.handle(
              JSON.readTree(
                  "{"
                      + version
                      + "\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                      + META
                      + "}}"),
              null);
      assertError(answer, -32600, 400);
      assertEquals(
          "Invalid Request: 'jsonrpc' must be \"2.0\"",
          answer.response().path("error").path("message").asString());
    }
  }

  @Test
  void missingMetaIsInvalidParams() {
    assertError(send("tools/list", null), -32602, 400);
    assertError(send("tools/list", "{}"), -32602, 400);
    assertError(send("server/discover", "{\"_meta\":5}"), -32602, 400);
  }

  @Test
  void missingVersionOrCapabilitiesIsInvalidParams() {
    assertError(
        send("tools/list", "{\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":{}}}"),
        -32602,
        400);
    assertError(
        send(
            "tools/list",
            "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}"),
        -32602,
        400);
  }

  @Test
  void clientInfoIsOptional() {
    ModernProtocol.Answer answer =
        send(
            "server/discover",
            "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}");
    assertEquals(200, answer.httpStatus());
    assertTrue(answer.response().has("result"), answer.response().toString());
  }

  @Test
  void unsupportedVersionListsTheSupportedOnes() {
    ModernProtocol.Answer answer =
        send(
            "tools/list",
            "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"1900-01-01\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}");
    assertError(answer, -32022, 400);
    JsonNode data = answer.response().path("error").path("data");
    assertEquals("1900-01-01", data.path("requested").asString());
    List<String> supported = new ArrayList<>();
    data.path("supported").forEach(v -> supported.add(v.asString()));
    assertEquals("2026-07-28", supported.get(0));
    assertTrue(supported.contains("2025-11-25"), supported.toString());
  }

  @Test
  void methodsOfOtherRevisionsAndUnknownMethodsAreNotFound() {
    for (String method :
        List.of(
            "ping",
            "logging/setLevel",
            "initialize",
            "resources/list",
            "resources/subscribe",
            "unknown/method")) {
      assertError(withMeta(method, ""), -32601, 404);
    }
  }

  @Test
  void discoverNamesVersionsCapabilitiesAndServer() {
    ModernProtocol.Answer answer = withMeta("server/discover", "");
    assertEquals(200, answer.httpStatus());
    JsonNode result = answer.response().path("result");
    assertEquals("complete", result.path("resultType").asString());
    assertEquals("2026-07-28", result.path("supportedVersions").path(0).asString());
    assertTrue(result.path("capabilities").path("tools").isObject(), result.toString());
    assertTrue(
        result.path("capabilities").path("prompts").isObject(), "the guide plugin has a prompt");
    assertTrue(
        result.path("capabilities").path("logging").isObject(),
        "a server that may send log messages must declare logging (per request, no setLevel)");
    assertEquals(
        "corpus-mcp",
        result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asString());
    assertTrue(result.path("ttlMs").asLong(-1) >= 0, result.toString());
    assertEquals("public", result.path("cacheScope").asString());
  }

  @Test
  void toolsListCarriesCacheHints() {
    JsonNode result = withMeta("tools/list", "").response().path("result");
    assertEquals("complete", result.path("resultType").asString());
    assertTrue(
        result.path("ttlMs").isIntegralNumber() && result.path("ttlMs").asLong() >= 0,
        result.toString());
    assertEquals("public", result.path("cacheScope").asString());
    List<String> names = new ArrayList<>();
    result.path("tools").forEach(t -> names.add(t.path("name").asString()));
    assertTrue(
        names.containsAll(List.of("sample_echo", "sample_fail", "sample_slow")), names.toString());
  }

  @Test
  void toolsCallAnswersWithResultType() {
    ModernProtocol.Answer answer =
        withMeta(
            "tools/call", "\"name\":\"sample_echo\",\"arguments\":{\"text\":\"ab\",\"times\":2}");
    assertEquals(200, answer.httpStatus());
    JsonNode result = answer.response().path("result");
    assertEquals("complete", result.path("resultType").asString());
    assertFalse(result.path("isError").asBoolean(true), result.toString());
    assertEquals("abab", result.path("structuredContent").path("echo").asString());
    assertFalse(result.has("ttlMs"), "a tool result is not cacheable");
  }

  @Test
  void toolsCallFailuresKeepTheLegacyCodes() {
    ModernProtocol.Answer unknown = withMeta("tools/call", "\"name\":\"nope\",\"arguments\":{}");
    assertError(unknown, -32602, 200);
    assertEquals("Unknown tool: nope", unknown.response().path("error").path("message").asString());
    assertError(withMeta("tools/call", "\"name\":\"sample_echo\",\"arguments\":[1]"), -32602, 200);
    JsonNode failed =
        withMeta("tools/call", "\"name\":\"sample_fail\",\"arguments\":{}")
            .response()
            .path("result");
    assertTrue(failed.path("isError").asBoolean(), failed.toString());
    assertTrue(
        failed.path("content").path(0).path("text").asString().contains("page_not_found"),
        failed.toString());
  }

  @Test
  void promptsAreServedWhenAPluginHasOne() {
    JsonNode list = withMeta("prompts/list", "").response().path("result");
    assertEquals(SamplePlugins.GUIDE_PROMPT, list.path("prompts").path(0).path("name").asString());
    assertEquals("public", list.path("cacheScope").asString());
    JsonNode get =
        withMeta("prompts/get", "\"name\":\"" + SamplePlugins.GUIDE_PROMPT + "\"")
            .response()
            .path("result");
    assertEquals(
        SamplePlugins.GUIDE_TEXT,
        get.path("messages").path(0).path("content").path("text").asString());
    assertEquals("complete", get.path("resultType").asString());
  }

  @Test
  void headersMustMirrorTheBody() {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"sample_echo\",\"arguments\":{\"text\":\"x\"},\"_meta\":"
            + META
            + "}}";
    JsonNode message = JSON.readTree(body);
    assertError(
        modern.handle(message.deepCopy(), new ModernHeaders(null, "tools/call", "sample_echo")),
        ModernProtocol.HEADER_MISMATCH,
        400);
    assertError(
        modern.handle(
            message.deepCopy(), new ModernHeaders("2026-07-28", "tools/list", "sample_echo")),
        ModernProtocol.HEADER_MISMATCH,
        400);
    assertError(
        modern.handle(message.deepCopy(), new ModernHeaders("2026-07-28", "tools/call", null)),
        ModernProtocol.HEADER_MISMATCH,
        400);
    assertError(
        modern.handle(message.deepCopy(), new ModernHeaders("2026-07-28", "tools/call", "other")),
        ModernProtocol.HEADER_MISMATCH,
        400);
    // "sample_echo" in Base64, and optional whitespace around the value
    assertEquals(
        200,
        modern
            .handle(
                message.deepCopy(),
                new ModernHeaders(" 2026-07-28 ", "tools/call", "=?base64?c2FtcGxlX2VjaG8=?="))
            .httpStatus());
  }

  @Test
  void aHeaderVersionThatDisagreesWithMetaIsAMismatchNotAnUnsupportedVersion() {
    JsonNode message =
        JSON.readTree(
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\","
                + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
    assertError(
        modern.handle(message.deepCopy(), new ModernHeaders("2026-07-28", "server/discover", null)),
        ModernProtocol.HEADER_MISMATCH,
        400);
    assertError(
        modern.handle(message.deepCopy(), new ModernHeaders("v999.0.0", "server/discover", null)),
        ModernProtocol.UNSUPPORTED_VERSION,
        400);
  }

  @Test
  void base64NamesAreDecodedStrictly() {
    assertEquals("Hello, 世界", ModernHeaders.decode("=?base64?SGVsbG8sIOS4lueVjA==?="));
    assertNull(ModernHeaders.decode("=?base64?SGVsbG8?="), "missing padding");
    assertNull(ModernHeaders.decode("=?base64?SGVs!!!bG8=?="), "not the Base64 alphabet");
    assertEquals(
        "=?base64?SGVsbG8=", ModernHeaders.decode("=?base64?SGVsbG8="), "no suffix: literal");
  }

  @Test
  void notificationsGetNoAnswer() {
    ModernProtocol.Answer answer =
        modern.handle(
            JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"_meta\":"
                    + META
                    + "}}"),
            null);
    assertNull(answer.response());
  }

  @Test
  void eraIsChosenByTheRevisionsMetaFields() {
    assertTrue(
        ModernProtocol.isModern(
            JSON.readTree(
                "{\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":" + META + "}}")));
    assertTrue(
        ModernProtocol.isModern(
            JSON.readTree(
                "{\"id\":1,\"method\":\"server/discover\","
                    + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":{}}}}")),
        "one field missing is still this revision's request, answered with its error");
    assertFalse(
        ModernProtocol.isModern(JSON.readTree("{\"id\":1,\"method\":\"server/discover\"}")),
        "a bare probe keeps its legacy answer, -32601");
    assertFalse(
        ModernProtocol.isModern(
            JSON.readTree(
                "{\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"progressToken\":1}}}")));
    assertFalse(
        ModernProtocol.isModern(
            JSON.readTree(
                "{\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\"}}")));
    assertFalse(ModernProtocol.isModern(JSON.readTree("{\"id\":1,\"method\":\"tools/list\"}")));
  }
}
