package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.server.McpSyncServer;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.corpusmcp.host.BuildInfo;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code subscriptions/listen} of revision 2026-07-28, as its specification (basic/patterns/
 * subscriptions) words it, with the {@code notes} test plugin, whose tool edits its resource and
 * says so through {@code resourceChanges()}: the acknowledgement comes first and names only what
 * the server will send; every message on the stream carries the subscription id (the listen
 * request's id); a resource's update reaches the streams that named it and no other; a filter of
 * the wrong shape is -32602; streams end when the client goes away, cancels, or the server stops.
 */
class SubscriptionsListenTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final Duration WAIT = Duration.ofSeconds(5);

  /** How long a notification that must not come is waited for. */
  static final Duration QUIET = Duration.ofMillis(700);

  static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeChangingPlugin);

  /** A second host on the same plugins, for a test that stops its server. */
  private static HostOverHttp secondHost() {
    return HostOverHttp.start(SamplePlugins.settings(served.dir()));
  }

  @Test
  void discoverDeclaresResourceSubscriptions() throws Exception {
    JsonNode discovered = post(served, "server/discover", "{" + META + "}");
    assertEquals(
        true,
        discovered
            .path("result")
            .path("capabilities")
            .path("resources")
            .path("subscribe")
            .asBoolean(),
        discovered.toString());
  }

  @Test
  void theAcknowledgementComesFirstAndUpdatesReachOnlyTheStreamsThatNamedTheUri() throws Exception {
    try (Listen watcher =
            Listen.open(
                served,
                "\"w-1\"",
                "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\""
                    + SamplePlugins.NOTES_URI
                    + "\",\"nothing://here\"],\"somethingNew\":true}");
        Listen bystander = Listen.open(served, "7", "{\"promptsListChanged\":true}")) {
      JsonNode ack = watcher.next();
      assertEquals("notifications/subscriptions/acknowledged", ack.path("method").asString());
      assertEquals(
          "w-1",
          ack.path("params")
              .path("_meta")
              .path("io.modelcontextprotocol/subscriptionId")
              .asString());
      // only what this server will send: the URI it serves, and tool list changes (a plugin
      // provides tools); the type this revision does not know is left out
      assertEquals(
          JSON.readTree(
              "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\""
                  + SamplePlugins.NOTES_URI
                  + "\"]}"),
          ack.path("params").path("notifications"));
      JsonNode otherAck = bystander.next();
      assertEquals(
          7,
          otherAck
              .path("params")
              .path("_meta")
              .path("io.modelcontextprotocol/subscriptionId")
              .asInt());
      // no plugin here provides prompts: their list cannot change
      assertEquals(JSON.readTree("{}"), otherAck.path("params").path("notifications"));

      editNotes(served);

      JsonNode update = watcher.next();
      assertEquals("notifications/resources/updated", update.path("method").asString());
      assertEquals(SamplePlugins.NOTES_URI, update.path("params").path("uri").asString());
      assertEquals(
          "w-1",
          update
              .path("params")
              .path("_meta")
              .path("io.modelcontextprotocol/subscriptionId")
              .asString());
      assertNull(bystander.within(QUIET), "the bystander named no resource");
    }
  }

  @Test
  void aFilterOfTheWrongShapeIsInvalidParams() throws Exception {
    for (String params :
        List.of(
            "{" + META + "}",
            "{" + META + ",\"notifications\":[]}",
            "{" + META + ",\"notifications\":{\"toolsListChanged\":\"yes\"}}",
            "{" + META + ",\"notifications\":{\"resourceSubscriptions\":\"notes://today\"}}",
            "{" + META + ",\"notifications\":{\"resourceSubscriptions\":[7]}}",
            "{" + META + ",\"notifications\":{\"resourceSubscriptions\":[\"\"]}}")) {
      HttpResponse<String> refused = postRaw(served, "subscriptions/listen", params);
      assertEquals(400, refused.statusCode(), params + " -> " + refused.body());
      JsonNode error = JSON.readTree(refused.body()).path("error");
      assertEquals(-32602, error.path("code").asInt(), refused.body());
      assertTrue(error.path("message").asString().contains("'notifications"), refused.body());
      assertFalse(refused.body().contains("Exception"), refused.body());
      assertFalse(refused.body().contains("org.corpusmcp"), refused.body());
    }
  }

  @Test
  void tooManyURIsInOneStreamAreRefused() throws Exception {
    StringBuilder uris = new StringBuilder();
    for (int i = 0; i <= ListenFilter.MAX_RESOURCES; i++) {
      uris.append(i == 0 ? "" : ",").append("\"notes://").append(i).append('"');
    }
    HttpResponse<String> refused =
        postRaw(
            served,
            "subscriptions/listen",
            "{" + META + ",\"notifications\":{\"resourceSubscriptions\":[" + uris + "]}}");
    assertEquals(-32602, JSON.readTree(refused.body()).path("error").path("code").asInt());
  }

  @Test
  void aClientThatTakesNoStreamIsToldToAcceptOne() throws Exception {
    HttpResponse<String> refused =
        served.send(
            served
                .request(request(1, "subscriptions/listen", "{" + META + ",\"notifications\":{}}"))
                .header("Accept", "application/json")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen"));
    assertEquals(406, refused.statusCode(), refused.body());
    assertEquals(-32600, JSON.readTree(refused.body()).path("error").path("code").asInt());
  }

  /** One stream more than the server keeps is refused, and a slot comes free when one ends. */
  @Test
  void openStreamsAreCapped() throws Exception {
    try (ModernProtocol modern =
        new ModernProtocol(
            served.host().mcpParts(HostOverHttp.TOOL_DEADLINE), 1, HostOverHttp.TOOL_DEADLINE)) {
      List<String> first = new ArrayList<>();
      CollectingChannel channel = new CollectingChannel(first);
      ModernProtocol.Answer opened = modern.handle(listenRequest(1), null, n -> {}, channel);
      assertNull(opened.response());
      assertEquals(1, modern.openListens());

      ModernProtocol.Answer refused =
          modern.handle(listenRequest(2), null, n -> {}, new CollectingChannel(new ArrayList<>()));
      assertEquals(429, refused.httpStatus());
      assertEquals(-32000, refused.response().path("error").path("code").asInt());
      assertTrue(refused.response().path("error").path("message").asString().contains("at most 1"));

      channel.stream.cancel();
      assertEquals(0, modern.openListens());
      assertNull(
          modern
              .handle(listenRequest(3), null, n -> {}, new CollectingChannel(new ArrayList<>()))
              .response(),
          "the ended stream's slot is free again");
    }
  }

  /**
   * A client that goes away without a word: the next write finds out, the stream ends, and the
   * threads that wrote to it end too.
   */
  @Test
  void aStreamEndsWhenItsClientGoesAwayAndLeavesNoThread() throws Exception {
    try (HostOverHttp second = secondHost()) {
      HttpMcpServer own = second.server();
      String body =
          request(
              1,
              "subscriptions/listen",
              "{"
                  + META
                  + ",\"notifications\":{\"resourceSubscriptions\":[\""
                  + SamplePlugins.NOTES_URI
                  + "\"]}}");
      try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), own.port())) {
        OutputStream out = socket.getOutputStream();
        out.write(
            ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
                    + own.port()
                    + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\n"
                    + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: subscriptions/listen\r\n"
                    + "Content-Length: "
                    + body.getBytes(StandardCharsets.UTF_8).length
                    + "\r\n\r\n"
                    + body)
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null && !line.contains("acknowledged")) {
          // headers, then the acknowledgement's event
        }
        assertTrue(line != null, "the stream was acknowledged");
        assertEquals(1, own.openListens());
      }
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (own.openListens() > 0 && System.nanoTime() < deadline) {
        editNotes(second); // each update is a write that may find the client gone
        Thread.sleep(50);
      }
      assertEquals(0, own.openListens(), "the stream ended with its client");
      deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (!listenThreads().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertEquals(List.of(), listenThreads(), "no thread outlives the streams it wrote to");
    }
  }

  @Test
  void aStoppingServerEndsItsStreamsWithTheirResult() throws Exception {
    try (HostOverHttp second = secondHost();
        Listen listen = Listen.open(second, "42", "{}")) {
      assertEquals(
          "notifications/subscriptions/acknowledged", listen.next().path("method").asString());
      second.server().shutdown(Duration.ofSeconds(5));
      JsonNode end = listen.next();
      assertEquals(42, end.path("id").asInt(), end.toString());
      assertEquals("complete", end.path("result").path("resultType").asString());
      assertEquals(
          42,
          end.path("result").path("_meta").path("io.modelcontextprotocol/subscriptionId").asInt());
      assertTrue(listen.ends(), "the stream closes after its result");
    }
  }

  /**
   * On stdio the stream is lines among the others: the client ends it with {@code
   * notifications/cancelled}, and at the end of input an open one gets its result and the server's
   * {@code notifications/cancelled}.
   */
  @Test
  void onStdioTheClientCancelsByIdAndTheEndOfInputEndsTheRest() throws Exception {
    try (StdioSession stdio = new StdioSession()) {
      String watch =
          "{" + META + ",\"notifications\":{\"resourceSubscriptions\":[\"notes://today\"]}}";
      stdio.send(request(5, "subscriptions/listen", watch));
      stdio.send(request(6, "subscriptions/listen", watch));
      stdio.await(method("notifications/subscriptions/acknowledged"), 2);
      stdio.send(
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
              + "\"params\":{\"requestId\":5}}");
      Thread.sleep(200);
      stdio.send(
          request(8, "tools/call", "{" + META + ",\"name\":\"edit_notes\",\"arguments\":{}}"));
      stdio.await(method("notifications/resources/updated"), 1);
      Thread.sleep(QUIET.toMillis());
      List<JsonNode> updates = stdio.await(method("notifications/resources/updated"), 1);
      assertEquals(1, updates.size(), "only the stream not cancelled: " + updates);
      assertEquals(6, updates.get(0).path("params").path("_meta").path(SUBSCRIPTION_ID).asInt());
      stdio.endInput();
      // the listen request's own result, told from the tool call's by its subscription id
      JsonNode end =
          stdio
              .await(message -> message.path("result").path("_meta").has(SUBSCRIPTION_ID), 1)
              .get(0);
      assertEquals(6, end.path("id").asInt(), end.toString());
      assertEquals("complete", end.path("result").path("resultType").asString(), end.toString());
      assertEquals(6, end.path("result").path("_meta").path(SUBSCRIPTION_ID).asInt());
      assertEquals(
          BuildInfo.NAME,
          end.path("result")
              .path("_meta")
              .path("io.modelcontextprotocol/serverInfo")
              .path("name")
              .asString(),
          end.toString());
      JsonNode cancelled = stdio.await(method("notifications/cancelled"), 1).get(0);
      assertEquals(6, cancelled.path("params").path("requestId").asInt(), cancelled.toString());
    }
  }

  /** On stdio a filter of the wrong shape is a -32602 line too, and the stream goes on. */
  @Test
  void onStdioABadFilterIsInvalidParamsAndTheNextRequestIsServed() throws Exception {
    try (StdioSession stdio = new StdioSession()) {
      stdio.send(
          request(
              11,
              "subscriptions/listen",
              "{" + META + ",\"notifications\":{\"resourceSubscriptions\":{\"a\":1}}}"));
      JsonNode refused = stdio.await(id(11), 1).get(0);
      assertEquals(-32602, refused.path("error").path("code").asInt(), refused.toString());
      assertFalse(refused.toString().contains("Exception"), refused.toString());
      stdio.send(request(12, "tools/list", "{" + META + "}"));
      assertTrue(stdio.await(id(12), 1).get(0).toString().contains("edit_notes"));
    }
  }

  private static Predicate<JsonNode> method(String name) {
    return message -> name.equals(message.path("method").asString());
  }

  private static Predicate<JsonNode> id(int id) {
    return message -> message.path("id").isInt() && message.path("id").asInt() == id;
  }

  /**
   * A stdio session with the fixture's host, fed line by line through a pipe: what the server
   * writes collects in {@link #out}. Closing it ends the input and the server.
   */
  private static final class StdioSession implements AutoCloseable {
    private final PipedOutputStream client = new PipedOutputStream();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final McpSyncServer mcp;
    private final Thread reading;

    StdioSession() throws IOException {
      McpServers.Parts parts = served.host().mcpParts(HostOverHttp.TOOL_DEADLINE);
      StdioTransport transport =
          HostOverHttp.stdioTransport(parts, new PipedInputStream(client, 1 << 16), out);
      mcp = McpServers.stdio(transport, parts);
      reading = new Thread(transport::run, "stdio-under-test");
      reading.start();
    }

    void send(String line) throws IOException {
      client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      client.flush();
    }

    /** Ends the input, as a client that quits does, and waits for the server to finish reading. */
    void endInput() throws Exception {
      client.close();
      reading.join(WAIT.toMillis());
      assertFalse(reading.isAlive(), "the server stops reading at the end of its input");
    }

    /** The messages written so far that {@code which} picks, once there are {@code n}. */
    List<JsonNode> await(Predicate<JsonNode> which, int n) throws InterruptedException {
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (System.nanoTime() < deadline) {
        String written = out.toString(StandardCharsets.UTF_8);
        // whole lines only: the last may be half written
        List<JsonNode> found =
            Arrays.stream(written.substring(0, written.lastIndexOf('\n') + 1).split("\n"))
                .filter(line -> !line.isBlank())
                .map(JSON::readTree)
                .filter(which)
                .toList();
        if (found.size() >= n) {
          return found;
        }
        Thread.sleep(20);
      }
      throw new AssertionError(
          "fewer than " + n + " such messages in:\n" + out.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
      client.close();
      try {
        reading.join(WAIT.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        mcp.close();
      }
    }
  }

  private static List<String> listenThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.startsWith("listen-"))
        .toList();
  }

  private static JsonNode listenRequest(int id) {
    return JSON.readTree(
        request(id, "subscriptions/listen", "{" + META + ",\"notifications\":{}}"));
  }

  /** A channel that collects what its stream sends. */
  private static final class CollectingChannel
      implements ModernProtocol.ListenChannel, ListenStreams.Sink {
    private final List<String> sent;
    ListenStreams.Stream stream;

    CollectingChannel(List<String> sent) {
      this.sent = sent;
    }

    @Override
    public ListenStreams.Sink open() {
      return this;
    }

    @Override
    public void opened(ListenStreams.Stream stream) {
      this.stream = stream;
    }

    @Override
    public void send(String message) {
      sent.add(message);
    }

    @Override
    public void keepAlive() {}

    @Override
    public void close(boolean byServer) {}
  }

  /** An open listen stream over HTTP, its events in a queue. */
  static final class Listen implements AutoCloseable {
    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();
    private final Thread reader;
    private volatile boolean ended;
    private final java.util.stream.Stream<String> lines;

    private Listen(java.util.stream.Stream<String> lines) {
      this.lines = lines;
      this.reader =
          new Thread(
              () -> {
                try {
                  lines.forEach(
                      line -> {
                        if (line.startsWith("data:")) {
                          events.add(line.substring(5).trim());
                        }
                      });
                } catch (RuntimeException closed) {
                  // the test closed the stream
                } finally {
                  ended = true;
                }
              },
              "sse-reader-under-test");
      reader.setDaemon(true);
      reader.start();
    }

    static Listen open(HostOverHttp target, String id, String filter) throws Exception {
      HttpResponse<java.util.stream.Stream<String>> response =
          target.sendForLines(
              target
                  .request(
                      "{\"jsonrpc\":\"2.0\",\"id\":"
                          + id
                          + ",\"method\":\"subscriptions/listen\",\"params\":{"
                          + META
                          + ",\"notifications\":"
                          + filter
                          + "}}")
                  .header("Accept", HostOverHttp.ACCEPT_BOTH)
                  .header("MCP-Protocol-Version", "2026-07-28")
                  .header("Mcp-Method", "subscriptions/listen"));
      assertEquals(200, response.statusCode());
      assertTrue(
          response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
      assertEquals("no", response.headers().firstValue("X-Accel-Buffering").orElse(""));
      return new Listen(response.body());
    }

    JsonNode next() throws Exception {
      JsonNode event = within(WAIT);
      if (event == null) {
        throw new AssertionError("no event on the listen stream within " + WAIT);
      }
      return event;
    }

    JsonNode within(Duration wait) throws Exception {
      String event = events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
      return event == null ? null : JSON.readTree(event);
    }

    boolean ends() throws InterruptedException {
      reader.join(WAIT.toMillis());
      return ended;
    }

    @Override
    public void close() {
      lines.close();
    }
  }

  private static void editNotes(HostOverHttp target) throws Exception {
    HttpResponse<String> edited =
        target.post(
            request(9, "tools/call", "{" + META + ",\"name\":\"edit_notes\",\"arguments\":{}}"),
            Map.of(
                "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "tools/call",
                "Mcp-Name", "edit_notes"));
    assertEquals(200, edited.statusCode(), edited.body());
  }

  private static JsonNode post(HostOverHttp target, String method, String params) throws Exception {
    return JSON.readTree(postRaw(target, method, params).body());
  }

  private static HttpResponse<String> postRaw(HostOverHttp target, String method, String params)
      throws Exception {
    return target.post(
        request(1, method, params),
        Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method));
  }

  private static String request(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":"
        + params
        + "}";
  }
}
