package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.BeforeAll;
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

  static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeChangingPlugin);

  static Host host;
  static HttpMcpServer server;
  static HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    host = served.host();
    server = served.server();
  }

  private static HttpMcpServer startServer() {
    return HttpMcpServer.start(
        new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20),
        host.mcpParts(Duration.ofSeconds(30)));
  }

  @Test
  void discoverDeclaresResourceSubscriptions() throws Exception {
    JsonNode discovered = post(server, "server/discover", "{" + META + "}");
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
                server,
                "\"w-1\"",
                "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\""
                    + SamplePlugins.NOTES_URI
                    + "\",\"nothing://here\"],\"somethingNew\":true}");
        Listen bystander = Listen.open(server, "7", "{\"promptsListChanged\":true}")) {
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

      editNotes(server);

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
      HttpResponse<String> refused = postRaw(server, "subscriptions/listen", params);
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
            server,
            "subscriptions/listen",
            "{" + META + ",\"notifications\":{\"resourceSubscriptions\":[" + uris + "]}}");
    assertEquals(-32602, JSON.readTree(refused.body()).path("error").path("code").asInt());
  }

  @Test
  void aClientThatTakesNoStreamIsToldToAcceptOne() throws Exception {
    HttpResponse<String> refused =
        http.send(
            HttpRequest.newBuilder(URI.create(url(server)))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        request(1, "subscriptions/listen", "{" + META + ",\"notifications\":{}}")))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(406, refused.statusCode(), refused.body());
    assertEquals(-32600, JSON.readTree(refused.body()).path("error").path("code").asInt());
  }

  /** One stream more than the server keeps is refused, and a slot comes free when one ends. */
  @Test
  void openStreamsAreCapped() throws Exception {
    try (ModernProtocol modern =
        new ModernProtocol(host.mcpParts(Duration.ofSeconds(30)), 1, Duration.ofSeconds(30))) {
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
    HttpMcpServer own = startServer();
    try {
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
        editNotes(own); // each update is a write that may find the client gone
        Thread.sleep(50);
      }
      assertEquals(0, own.openListens(), "the stream ended with its client");
      deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (!listenThreads().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertEquals(List.of(), listenThreads(), "no thread outlives the streams it wrote to");
    } finally {
      own.close();
    }
  }

  @Test
  void aStoppingServerEndsItsStreamsWithTheirResult() throws Exception {
    HttpMcpServer own = startServer();
    try (Listen listen = Listen.open(own, "42", "{}")) {
      assertEquals(
          "notifications/subscriptions/acknowledged", listen.next().path("method").asString());
      own.shutdown(Duration.ofSeconds(5));
      JsonNode end = listen.next();
      assertEquals(42, end.path("id").asInt(), end.toString());
      assertEquals("complete", end.path("result").path("resultType").asString());
      assertEquals(
          42,
          end.path("result").path("_meta").path("io.modelcontextprotocol/subscriptionId").asInt());
      assertTrue(listen.ends(), "the stream closes after its result");
    } finally {
      own.close();
    }
  }

  /**
   * On stdio the stream is lines among the others: the client ends it with {@code
   * notifications/cancelled}, and at the end of input an open one gets its result and the server's
   * {@code notifications/cancelled}.
   */
  @Test
  void onStdioTheClientCancelsByIdAndTheEndOfInputEndsTheRest() throws Exception {
    McpServers.Parts parts = host.mcpParts(Duration.ofSeconds(30));
    PipedOutputStream client = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(client, 1 << 16);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StdioTransport transport = HostOverHttp.stdioTransport(parts, in, out);
    var mcp = McpServers.stdio(transport, parts);
    Thread reading = new Thread(transport::run, "stdio-under-test");
    reading.start();
    try {
      String watch =
          "{" + META + ",\"notifications\":{\"resourceSubscriptions\":[\"notes://today\"]}}";
      send(client, request(5, "subscriptions/listen", watch));
      send(client, request(6, "subscriptions/listen", watch));
      awaitLines(out, "acknowledged", 2);
      send(
          client,
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
              + "\"params\":{\"requestId\":5}}");
      Thread.sleep(200);
      send(
          client,
          request(8, "tools/call", "{" + META + ",\"name\":\"edit_notes\",\"arguments\":{}}"));
      awaitLines(out, "notifications/resources/updated", 1);
      Thread.sleep(QUIET.toMillis());
      List<String> updates = awaitLines(out, "notifications/resources/updated", 1);
      assertEquals(1, updates.size(), "only the stream not cancelled: " + updates);
      assertEquals(
          6,
          JSON.readTree(updates.get(0))
              .path("params")
              .path("_meta")
              .path("io.modelcontextprotocol/subscriptionId")
              .asInt());
      client.close();
      reading.join(WAIT.toMillis());
      assertFalse(reading.isAlive());
      String result = awaitLines(out, "\"result\":{\"resultType\":\"complete\"", 1).get(0);
      assertEquals(6, JSON.readTree(result).path("id").asInt(), result);
      String cancelled = awaitLines(out, "notifications/cancelled", 1).get(0);
      assertEquals(6, JSON.readTree(cancelled).path("params").path("requestId").asInt(), cancelled);
    } finally {
      client.close();
      reading.join(WAIT.toMillis());
      mcp.close();
    }
  }

  /** On stdio a filter of the wrong shape is a -32602 line too, and the stream goes on. */
  @Test
  void onStdioABadFilterIsInvalidParamsAndTheNextRequestIsServed() throws Exception {
    McpServers.Parts parts = host.mcpParts(Duration.ofSeconds(30));
    PipedOutputStream client = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(client, 1 << 16);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StdioTransport transport = HostOverHttp.stdioTransport(parts, in, out);
    var mcp = McpServers.stdio(transport, parts);
    Thread reading = new Thread(transport::run, "stdio-under-test");
    reading.start();
    try {
      send(
          client,
          request(
              11,
              "subscriptions/listen",
              "{" + META + ",\"notifications\":{\"resourceSubscriptions\":{\"a\":1}}}"));
      JsonNode refused = JSON.readTree(awaitLines(out, "\"id\":11", 1).get(0));
      assertEquals(-32602, refused.path("error").path("code").asInt(), refused.toString());
      assertFalse(refused.toString().contains("Exception"), refused.toString());
      send(client, request(12, "tools/list", "{" + META + "}"));
      assertTrue(awaitLines(out, "\"id\":12", 1).get(0).contains("edit_notes"));
    } finally {
      client.close();
      reading.join(WAIT.toMillis());
      mcp.close();
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

    static Listen open(HttpMcpServer server, String id, String filter) throws Exception {
      HttpResponse<java.util.stream.Stream<String>> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url(server)))
                  .header("Content-Type", "application/json")
                  .header("Accept", "application/json, text/event-stream")
                  .header("MCP-Protocol-Version", "2026-07-28")
                  .header("Mcp-Method", "subscriptions/listen")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"jsonrpc\":\"2.0\",\"id\":"
                              + id
                              + ",\"method\":\"subscriptions/listen\",\"params\":{"
                              + META
                              + ",\"notifications\":"
                              + filter
                              + "}}"))
                  .build(),
              HttpResponse.BodyHandlers.ofLines());
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

  private static void editNotes(HttpMcpServer target) throws Exception {
    HttpResponse<String> edited =
        http.send(
            HttpRequest.newBuilder(URI.create(url(target)))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "edit_notes")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        request(
                            9,
                            "tools/call",
                            "{" + META + ",\"name\":\"edit_notes\",\"arguments\":{}}")))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, edited.statusCode(), edited.body());
  }

  private static JsonNode post(HttpMcpServer target, String method, String params)
      throws Exception {
    return JSON.readTree(postRaw(target, method, params).body());
  }

  private static HttpResponse<String> postRaw(HttpMcpServer target, String method, String params)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url(target)))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", method)
            .POST(HttpRequest.BodyPublishers.ofString(request(1, method, params)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
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

  private static String url(HttpMcpServer target) {
    return "http://127.0.0.1:" + target.port() + "/mcp";
  }

  private static void send(PipedOutputStream client, String line) throws Exception {
    client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    client.flush();
  }

  /** The lines written to {@code out} that contain {@code text}, once there are {@code n}. */
  private static List<String> awaitLines(ByteArrayOutputStream out, String text, int n)
      throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    List<String> found = List.of();
    while (System.nanoTime() < deadline) {
      found =
          java.util.Arrays.stream(out.toString(StandardCharsets.UTF_8).split("\n", -1))
              .filter(line -> line.contains(text))
              .toList();
      if (found.size() >= n) {
        return found;
      }
      Thread.sleep(20);
    }
    throw new AssertionError(
        "fewer than "
            + n
            + " lines with "
            + text
            + " in:\n"
            + out.toString(StandardCharsets.UTF_8));
  }
}
