package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.testing.HostProcess;
import org.corpusmcp.host.testing.Leaks;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The malformed requests of {@link HostileHttpClientsTest}, over stdio, plus what made the stdio
 * server linger at end of input. Each message gets one JSON-RPC answer with the spec's code and a
 * message of ours; the process exits promptly when stdin closes.
 */
class HostileStdioClientsTest {

  @TempDir static Path dir;
  static final JsonMapper JSON = JsonText.newMapper();

  static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"0\"}}}";
  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @BeforeAll
  static void plugins() {
    SamplePlugins.write(dir);
  }

  /**
   * Sends {@code lines}, closes stdin, and returns every stdout line once the process has exited.
   */
  static List<JsonNode> exchange(long exitWithinSeconds, String... lines) throws Exception {
    Process process =
        new ProcessBuilder(HostProcess.command("serve", "--plugins-dir", dir.toString()))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      try (OutputStream stdin = process.getOutputStream()) {
        for (String line : lines) {
          stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
      }
      long start = System.nanoTime();
      List<JsonNode> replies = new ArrayList<>();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader out =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = out.readLine()) != null) {
                    synchronized (replies) {
                      replies.add(JSON.readTree(line));
                    }
                  }
                } catch (java.io.IOException ignored) {
                  // the process was killed
                }
              });
      reader.start();
      boolean exited = process.waitFor(exitWithinSeconds, TimeUnit.SECONDS);
      assertTrue(
          exited,
          "the server was still running "
              + exitWithinSeconds
              + " s after stdin closed; replies so far: "
              + replies);
      reader.join(5000);
      assertEquals(0, process.exitValue());
      assertTrue((System.nanoTime() - start) / 1e9 < exitWithinSeconds);
      synchronized (replies) {
        return List.copyOf(replies);
      }
    } finally {
      process.destroyForcibly();
    }
  }

  static JsonNode replyTo(List<JsonNode> replies, int id) {
    return replies.stream()
        .filter(r -> r.path("id").isNumber() && r.path("id").asInt() == id)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no reply to id " + id + ": " + replies));
  }

  static void assertOurError(JsonNode reply, int code) {
    assertEquals(code, reply.path("error").path("code").asInt(), reply.toString());
    Leaks.assertNone(reply.toString());
  }

  @Test
  void malformedRequestsGetTheSpecCodeAndOurOwnMessage() throws Exception {
    String deep = "[".repeat(5000) + "]".repeat(5000);
    List<JsonNode> replies =
        exchange(
            20,
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{\"roots\":5},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}",
            INIT,
            INITIALIZED,
            "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\"params\":{\"x\":" + deep + "}}",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"sample_echo\","
                + "\"arguments\":{\"text\":\"x\"},\"_meta\":5}}",
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"sample_echo\","
                + "\"arguments\":{\"text\":\"x\"},\"_meta\":{\"progressToken\":[1]}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"a\":tru}}",
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"EVIL\"}}",
            "{\"id\":10,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"sample_echo\","
                + "\"arguments\":{\"text\":\"still alive\"}}}");
    assertOurError(replyTo(replies, 2), -32602);
    assertOurError(replyTo(replies, 3), -32602);
    assertTrue(replyTo(replies, 1).has("result"), replies.toString());
    for (JsonNode reply : replies) {
      if (reply.path("id").isNull()) {
        assertTrue(reply.has("error"), reply.toString());
        Leaks.assertNone(reply.toString());
      }
    }
    long nullIdErrors = replies.stream().filter(r -> r.path("id").isNull()).count();
    assertEquals(3, nullIdErrors, "id beyond a long, deep nesting, bad JSON: " + replies);
    assertTrue(
        replies.stream()
            .anyMatch(r -> r.path("id").isNull() && r.path("error").path("code").asInt() == -32600),
        replies.toString());
    assertEquals(
        2,
        replies.stream()
            .filter(r -> r.path("id").isNull() && r.path("error").path("code").asInt() == -32700)
            .count(),
        replies.toString());
    assertOurError(replyTo(replies, 5), -32602);
    assertOurError(replyTo(replies, 6), -32602);
    assertOurError(replyTo(replies, 9), -32602); // a level RFC 5424 does not name
    assertTrue(
        replyTo(replies, 9).path("error").path("message").asString().contains("debug, info"),
        replies.toString());
    assertOurError(replyTo(replies, 10), -32600); // no jsonrpc, refused like "1.0"
    assertTrue(
        replyTo(replies, 8)
            .path("result")
            .path("content")
            .get(0)
            .path("text")
            .asString()
            .contains("still alive"),
        replies.toString());
  }

  /**
   * A client without the roots capability announces that its roots changed; the SDK used to ask it
   * for {@code roots/list}, which never comes, and the exit waited out the full request timeout.
   */
  @Test
  void endOfInputAfterRootsListChangedExitsPromptly() throws Exception {
    List<JsonNode> replies =
        exchange(
            10,
            INIT,
            INITIALIZED,
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
    assertTrue(replyTo(replies, 1).has("result"), replies.toString());
    assertTrue(
        replies.stream().noneMatch(r -> "roots/list".equals(r.path("method").asString())),
        "the client declared no roots capability, so it must not be asked for roots: " + replies);
  }
}
