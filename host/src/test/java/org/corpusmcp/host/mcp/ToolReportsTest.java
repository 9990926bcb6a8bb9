package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Progress and log messages from a running tool ({@code ToolCall.progress}, {@code ToolCall.log})
 * on both revisions: 2025-11-25 sessions get them through the SDK when the request has a progress
 * token and at the level set with {@code logging/setLevel}; a 2026-07-28 request gets them on its
 * own answer (an SSE response stream on HTTP, lines ahead of the answer on stdio) when its {@code
 * _meta} asks, and never otherwise. Expected values: the reporter plugin's script ({@link
 * SamplePlugins#writeReportingPlugin}) read by hand.
 */
class ToolReportsTest {

  static final JsonMapper JSON = JsonText.newMapper();

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeReportingPlugin);

  static String call(String id, String extraMeta) {
    return "{\"jsonrpc\":\"2.0\",\"id\":\""
        + id
        + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"steps\",\"arguments\":{},"
        + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
        + "\"io.modelcontextprotocol/clientCapabilities\":{}"
        + extraMeta
        + "}}}";
  }

  static HttpResponse<String> post(String body) throws Exception {
    return served.post(
        body,
        Map.of(
            "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "steps"));
  }

  static String describe(JsonNode message) {
    JsonNode params = message.path("params");
    return switch (message.path("method").asString("")) {
      case "notifications/progress" ->
          "progress "
              + params.path("progressToken").asString()
              + " "
              + params.path("progress").asInt()
              + "/"
              + params.path("total").asInt()
              + " "
              + params.path("message").asString("-");
      case "notifications/message" ->
          "log "
              + params.path("level").asString()
              + " "
              + params.path("logger").asString()
              + " "
              + params.path("data").asString();
      default -> "answer " + message.path("result").path("structuredContent").path("steps").asInt();
    };
  }

  @Test
  void aModernRequestThatAsksGetsItsReportsOnItsOwnStreamBeforeTheAnswer() throws Exception {
    HttpResponse<String> response =
        post(
            call("r1", ",\"progressToken\":\"tok\",\"io.modelcontextprotocol/logLevel\":\"info\""));
    assertEquals(200, response.statusCode(), response.body());
    assertTrue(
        response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"),
        response.headers().toString());
    assertEquals(
        List.of(
            "progress tok 0/100 -",
            "log info steps halfway",
            "progress tok 50/100 half",
            "progress tok 100/100 done",
            "log warning steps finished",
            "answer 3"),
        HostOverHttp.events(response.body()).stream().map(ToolReportsTest::describe).toList());
  }

  @Test
  void aModernRequestThatAsksForNothingGetsNoNotificationsAndAJsonAnswer() throws Exception {
    HttpResponse<String> response = post(call("r2", ""));
    assertEquals(200, response.statusCode(), response.body());
    assertTrue(
        response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertEquals(
        3,
        JSON.readTree(response.body())
            .path("result")
            .path("structuredContent")
            .path("steps")
            .asInt());
  }

  @Test
  void aLogLevelOnlyGivesLogMessagesAndNoProgress() throws Exception {
    HttpResponse<String> response =
        post(call("r3", ",\"io.modelcontextprotocol/logLevel\":\"warning\""));
    assertEquals(
        List.of("log warning steps finished", "answer 3"),
        HostOverHttp.events(response.body()).stream().map(ToolReportsTest::describe).toList());
  }

  @Test
  void aLogLevelRfc5424DoesNotNameIsInvalidParams() throws Exception {
    HttpResponse<String> response =
        post(call("r4", ",\"io.modelcontextprotocol/logLevel\":\"loud\""));
    assertEquals(400, response.statusCode(), response.body());
    assertEquals(-32602, JSON.readTree(response.body()).path("error").path("code").asInt());
  }

  @Test
  void modernStdioWritesTheReportsAsLinesAheadOfTheAnswer() {
    String input =
        call("s1", ",\"progressToken\":7,\"io.modelcontextprotocol/logLevel\":\"debug\"") + "\n";
    List<String> lines = new ArrayList<>();
    for (String line : served.stdioSession(input).split("\n", -1)) {
      if (!line.isBlank()) {
        lines.add(describe(JSON.readTree(line)));
      }
    }
    assertEquals(
        List.of(
            "log debug steps starting",
            "progress 7 0/100 -",
            "log info steps halfway",
            "progress 7 50/100 half",
            "progress 7 100/100 done",
            "log warning steps finished",
            "answer 3"),
        lines);
  }

  // logging/setLevel is deprecated from 2026-07-28 on, and the SDK's client with it; a 2025-11-25
  // session still sets its level this way
  @SuppressWarnings("deprecation")
  @Test
  void aSessionGetsProgressForItsTokenAndLogsAtTheLevelItSet() {
    List<String> seen = new CopyOnWriteArrayList<>();
    try (McpSyncClient client =
        served
            .clientSpec()
            .progressConsumer(
                p ->
                    seen.add(
                        "progress "
                            + p.progressToken()
                            + " "
                            + p.progress().intValue()
                            + "/"
                            + p.total().intValue()
                            + " "
                            + (p.message() == null ? "-" : p.message())))
            .loggingConsumer(
                m ->
                    seen.add(
                        "log "
                            + m.level().name().toLowerCase(java.util.Locale.ROOT)
                            + " "
                            + m.logger()
                            + " "
                            + m.data()))
            .build()) {
      client.initialize();
      client.setLoggingLevel(McpSchema.LoggingLevel.INFO);
      McpSchema.CallToolResult result =
          client.callTool(
              new McpSchema.CallToolRequest("steps", Map.of(), Map.of("progressToken", "leg")));
      assertEquals(Map.of("steps", 3), result.structuredContent());
      // the server sends them in order on the call's stream; the SDK's client hands them to its
      // consumers on threads of its own, in any order and possibly after the answer
      assertEquals(
          List.of(
              "log info steps halfway",
              "log warning steps finished",
              "progress leg 0/100 -",
              "progress leg 100/100 done",
              "progress leg 50/100 half"),
          sortedOnceThere(seen, 5));

      seen.clear();
      client.callTool(new McpSchema.CallToolRequest("steps", Map.of(), null));
      assertEquals(
          List.of("log info steps halfway", "log warning steps finished"),
          sortedOnceThere(seen, 2),
          "no token, no progress");
    }
  }

  /**
   * {@code seen}, sorted, once it holds {@code count} entries (or after 10 s, whatever it holds).
   */
  static List<String> sortedOnceThere(List<String> seen, int count) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    try {
      while (seen.size() < count && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      Thread.sleep(200); // anything beyond count would show up by now
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return seen.stream().sorted().toList();
  }
}
