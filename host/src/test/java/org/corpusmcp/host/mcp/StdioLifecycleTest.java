package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.server.McpSyncServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Requests sent before {@code notifications/initialized} on stdio: each is answered at once (or
 * refused with a JSON-RPC error before {@code initialize}), none held, and the transport ends
 * promptly at end of input. Before, the SDK held them with no answer and no deadline, and at end of
 * input the transport waited for them for its whole drain time (the request timeout plus 2 s).
 */
class StdioLifecycleTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final Duration DRAIN = Duration.ofSeconds(7);
  static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"0\"}}}";

  @TempDir Path dir;
  Host host;
  OutputStream stdin;
  BlockingQueue<JsonNode> replies = new LinkedBlockingQueue<>();
  Thread serving;
  AtomicReference<Drain> drained = new AtomicReference<>();
  McpSyncServer server;

  @BeforeEach
  void start() throws IOException {
    host = Host.start(SamplePlugins.settings(SamplePlugins.write(dir)), JSON, List.of());
    McpServers.Parts parts = host.mcpParts(Duration.ofSeconds(5));
    PipedInputStream in = new PipedInputStream(1 << 16);
    stdin = new PipedOutputStream(in);
    PipedInputStream outIn = new PipedInputStream(1 << 16);
    PipedOutputStream out = new PipedOutputStream(outIn);
    StdioTransport transport =
        new StdioTransport(
            parts.mcpJson(), parts.json(), parts.gate(), parts.modern(), in, out, 1 << 20, DRAIN);
    server = McpServers.stdio(transport, parts);
    serving = new Thread(() -> drained.set(transport.run()), "stdio-serve");
    serving.start();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(new InputStreamReader(outIn, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                  replies.add(JSON.readTree(line));
                }
              } catch (IOException ignored) {
                // the writer went away with the transport
              }
            },
            "stdio-replies");
    reader.setDaemon(true);
    reader.start();
  }

  @AfterEach
  void stop() {
    server.close();
    host.close();
  }

  @Test
  void pingBeforeInitializeIsAnsweredAndOtherRequestsAreRefused() throws Exception {
    send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
    JsonNode pong = next();
    assertEquals(1, pong.path("id").asInt(), pong.toString());
    assertTrue(pong.path("result").isObject() && pong.path("result").isEmpty(), pong.toString());

    send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    JsonNode refused = next();
    assertEquals(2, refused.path("id").asInt(), refused.toString());
    assertEquals(-32600, refused.path("error").path("code").asInt(), refused.toString());
    assertTrue(
        refused.path("error").path("message").asString().contains("send initialize first"),
        refused.toString());

    send(INIT);
    assertEquals(10, next().path("id").asInt());
    send("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/list\"}");
    JsonNode list = next();
    assertEquals(11, list.path("id").asInt(), list.toString());
    assertTrue(list.path("result").path("tools").size() > 0, list.toString());
    assertEndsPromptly();
  }

  @Test
  void requestsAfterInitializeButBeforeInitializedAreServedAtOnce() throws Exception {
    send(INIT);
    assertEquals(10, next().path("id").asInt());
    send("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\"}");
    assertEquals(11, next().path("id").asInt());
    send("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/list\"}");
    JsonNode list = next();
    assertEquals(12, list.path("id").asInt(), list.toString());
    assertTrue(list.path("result").path("tools").size() > 0, list.toString());
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":{\"name\":\"sample_echo\","
            + "\"arguments\":{\"text\":\"early\"}}}");
    JsonNode call = next();
    assertEquals(13, call.path("id").asInt(), call.toString());
    assertTrue(call.toString().contains("early"), call.toString());
    // the client's notification, late: taken in stride, and the session goes on
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    send("{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"ping\"}");
    assertEquals(14, next().path("id").asInt());
    assertEndsPromptly();
  }

  private void assertEndsPromptly() throws Exception {
    long closed = System.nanoTime();
    stdin.close();
    serving.join(DRAIN.toMillis() + 5000);
    double seconds = (System.nanoTime() - closed) / 1e9;
    Drain drain = drained.get();
    assertNotNull(drain, "the transport did not end");
    assertEquals(0, drain.cutOff(), drain.toString());
    assertTrue(seconds < 2, "ended " + seconds + " s after end of input");
    assertEquals(List.of(), List.copyOf(replies), "nothing more to answer");
  }

  private void send(String line) throws IOException {
    stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  /** The next reply, which must come at once: a held request never gets one. */
  private JsonNode next() throws InterruptedException {
    JsonNode reply = replies.poll(3, TimeUnit.SECONDS);
    assertNotNull(reply, "no answer within 3 s");
    return reply;
  }
}
