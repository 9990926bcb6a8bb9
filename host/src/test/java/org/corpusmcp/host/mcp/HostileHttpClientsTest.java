package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.testing.Leaks;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an adversarial probe of the HTTP endpoint sent: malformed JSON-RPC, broken HTTP, clients
 * that send their body or headers one byte at a time. Every answer must be a JSON-RPC error with
 * the spec's code and a message of ours (no Java class name, no Jackson text, no HTML page), and
 * other clients must keep being answered meanwhile.
 */
class HostileHttpClientsTest {

  @RegisterExtension static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::write);

  static final JsonMapper JSON = JsonText.newMapper();

  static final String CLIENT_INFO = "\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}";

  @ParameterizedTest(name = "[{index}] {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        // initialize without params: the SDK dereferenced the missing request (HTTP 500, NPE text)
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"} | -32602 | initialize without params",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}} | -32602 | initialize with empty params",
        // bad capabilities: Jackson's MismatchedInputException text came back
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
            + "\"capabilities\":{\"roots\":5},"
            + CLIENT_INFO
            + "}} | -32602 | capabilities.roots a number",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
            + "\"capabilities\":7,"
            + CLIENT_INFO
            + "}} | -32602 | capabilities a number",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":5,"
            + "\"capabilities\":{},"
            + CLIENT_INFO
            + "}} | -32602 | protocolVersion a number",
        // an integer id beyond a long: ValueInstantiationException text came back
        "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"} | -32600 | id beyond a long",
      })
  void malformedRequestsGetTheSpecCodeAndOurOwnMessage(String body, int code, String label)
      throws Exception {
    HttpResponse<String> response = post(body, Map.of());
    assertOurJsonRpcError(response, code);
  }

  /**
   * In a session: a message without {@code jsonrpc} was served (200) while {@code "1.0"} was
   * refused, and {@code logging/setLevel} took any level, {@code "EVIL"} included.
   */
  @ParameterizedTest(name = "[{index}] {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "{\"id\":1,\"method\":\"ping\"} | -32600 | jsonrpc missing",
        "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"} | -32600 | jsonrpc 1.0",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"EVIL\"}} | -32602 | level EVIL",
      })
  void versionAndLogLevelAreCheckedInASession(String body, int code, String label)
      throws Exception {
    String session = served.openSession();
    HttpResponse<String> response = post(body, Map.of("Mcp-Session-Id", session));
    assertOurJsonRpcError(response, code);
    if (code == -32602) {
      assertTrue(
          jsonRpcOf(response)
              .path("error")
              .path("message")
              .asString()
              .endsWith("debug, info, notice, warning, error, critical, alert, emergency"),
          response.body());
    }
  }

  /**
   * A JSON-RPC response answering no request of the server's (an unknown id, or an answer to a
   * request the server has given up on): the SDK failed it with HTTP 500 and an ERROR line. The
   * spec (2025-11-25, Streamable HTTP) has a response accepted with 202 and no body; a stray one is
   * the client's slip, worth a DEBUG line at most.
   */
  @Test
  void aResponseToNoRequestOfTheServersIsAcceptedWithoutAnError() throws Exception {
    String session = served.openSession();
    ch.qos.logback.classic.Logger root =
        (ch.qos.logback.classic.Logger)
            org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> events =
        new ch.qos.logback.core.read.ListAppender<>();
    events.start();
    root.addAppender(events);
    try {
      for (String message :
          List.of(
              "{\"jsonrpc\":\"2.0\",\"id\":999,\"result\":{}}",
              "{\"jsonrpc\":\"2.0\",\"id\":\"nope\",\"result\":{}}",
              "{\"jsonrpc\":\"2.0\",\"id\":\"" + session + "-x\",\"result\":{}}",
              "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32601,\"message\":\"no\"}}")) {
        HttpResponse<String> response = post(message, Map.of("Mcp-Session-Id", session));
        assertEquals(202, response.statusCode(), message + " -> " + response.body());
        assertEquals("", response.body(), message);
      }
    } finally {
      root.detachAppender(events);
    }
    List<String> loud =
        events.list.stream()
            .filter(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN))
            .map(e -> e.getLevel() + " " + e.getLoggerName() + " " + e.getFormattedMessage())
            .toList();
    assertEquals(List.of(), loud);
  }

  @Test
  void deepNestingIsAParseErrorWithoutJacksonText() throws Exception {
    String deep = "[".repeat(5000) + "]".repeat(5000);
    HttpResponse<String> response =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + deep + "}}",
            Map.of());
    assertOurJsonRpcError(response, -32700);
  }

  /** A {@code tools/call} whose {@code _meta} is not an object got HTTP 200 and an empty body. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "\"_meta\":5",
        "\"_meta\":\"x\"",
        "\"_meta\":{\"progressToken\":{}}",
      })
  void malformedToolCallShapesAreAlwaysAnswered(String extra) throws Exception {
    String session = served.openSession();
    HttpResponse<String> response =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"sample_echo\",\"arguments\":{\"text\":\"x\"},"
                + extra
                + "}}",
            Map.of("Mcp-Session-Id", session));
    JsonNode reply = jsonRpcOf(response);
    assertEquals(7, reply.path("id").asInt(), response.body());
    assertEquals(-32602, reply.path("error").path("code").asInt(), response.body());
    Leaks.assertNone(response.body());
  }

  @Test
  void brokenHttpIsAnsweredWithJsonNotAnHtmlPage() throws Exception {
    int port = served.port();
    String longUri = "POST /mcp?" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    assertRawJsonError(raw(port, longUri), "414");
    String bigHeader =
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "b".repeat(20_000) + "\r\n\r\n";
    assertRawJsonError(raw(port, bigHeader), "431");
    assertRawJsonError(raw(port, "GARBAGE\r\n\r\n"), "400");
    assertRawJsonError(
        raw(port, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n"), "400");
  }

  /** A body shorter than its Content-Length: the SDK answered 500 with an IOException text. */
  @Test
  void aShortBodyIsAJsonErrorNotA500WithJavaText() throws Exception {
    String request =
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Accept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\"";
    try (Socket socket = Loopback.connect(served.port())) {
      socket.setSoTimeout(60_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      socket.shutdownOutput(); // the rest of the body never comes
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertRawJsonError(response, "400");
    }
  }

  /**
   * 70 connections (more than the server's worker threads) that send headers announcing a 100
   * 000-byte body and then one byte every two seconds; meanwhile a normal client must still get its
   * answers. On the blocking body read, the slow senders held every worker thread.
   */
  @Test
  void slowBodiesDoNotStopOtherClientsBeingAnswered() throws Exception {
    assertOthersAnsweredDuring(
        70,
        socket -> {
          OutputStream out = socket.getOutputStream();
          out.write(
              ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      + "Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{")
                  .getBytes(StandardCharsets.US_ASCII));
          out.flush();
          return () -> {
            out.write(' ');
            out.flush();
          };
        });
  }

  /** The same with clients that send their request headers one byte every two seconds. */
  @Test
  void slowHeadersDoNotStopOtherClientsBeingAnswered() throws Exception {
    assertOthersAnsweredDuring(
        70,
        socket -> {
          OutputStream out = socket.getOutputStream();
          out.write(
              "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
                  .getBytes(StandardCharsets.US_ASCII));
          out.flush();
          return () -> {
            out.write('a');
            out.flush();
          };
        });
  }

  /** Below the minimum data rate, once the grace period is over, the sender is cut off. */
  @Test
  void aBodyBelowTheMinimumRateIsCutOffWithA408() throws Exception {
    try (Socket socket = Loopback.connect(served.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Content-Length: 100000\r\n\r\n{")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      long start = System.nanoTime();
      Thread dripper =
          new Thread(
              () -> {
                try {
                  while (true) {
                    Thread.sleep(1000);
                    out.write(' ');
                    out.flush();
                  }
                } catch (InterruptedException | IOException stopped) {
                  // cut off by the server, or the test is over
                }
              });
      dripper.setDaemon(true);
      dripper.start();
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      dripper.interrupt();
      double seconds = (System.nanoTime() - start) / 1e9;
      assertRawJsonError(response, "408");
      assertTrue(
          seconds < HttpSettings.BODY_GRACE.toSeconds() + 5, "cut off after " + seconds + " s");
    }
  }

  /** Connections past the limit wait to be accepted; the ones already open are still served. */
  @Test
  void connectionsPastTheLimitWaitUntilOneCloses() throws Exception {
    HttpMcpServer limited =
        HttpMcpServer.start(
            new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20)
                .withMaxConnections(4),
            served.host().mcpParts(Duration.ofSeconds(30)));
    List<Socket> open = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        open.add(Loopback.connect(limited.port()));
      }
      Thread.sleep(500);
      String ping =
          "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              + "Accept: application/json, text/event-stream\r\nContent-Length: "
              + HttpEndToEndTest.INIT.length()
              + "\r\nConnection: close\r\n\r\n"
              + HttpEndToEndTest.INIT;
      try (Socket fifth = Loopback.connect(limited.port())) { // the OS queues it
        fifth.setSoTimeout(2000);
        fifth.getOutputStream().write(ping.getBytes(StandardCharsets.UTF_8));
        fifth.getOutputStream().flush();
        boolean answered;
        try {
          answered = fifth.getInputStream().read() != -1;
        } catch (SocketTimeoutException e) {
          answered = false;
        }
        assertFalse(answered, "a fifth connection was served while four were open");
        open.remove(0).close();
        fifth.setSoTimeout(20_000);
        String response = new String(fifth.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(response.startsWith("HTTP/1.1 200"), response);
      }
      open.get(0).getOutputStream().write(ping.getBytes(StandardCharsets.UTF_8));
      open.get(0).setSoTimeout(20_000);
      String reply =
          new String(open.get(0).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(reply.startsWith("HTTP/1.1 200"), reply);
    } finally {
      for (Socket socket : open) {
        socket.close();
      }
      limited.close();
    }
  }

  interface SlowClient {
    /** Opens the exchange; returns what to send every two seconds after that. */
    Drip open(Socket socket) throws IOException;
  }

  interface Drip {
    void next() throws IOException;
  }

  private static void assertOthersAnsweredDuring(int slowClients, SlowClient client)
      throws Exception {
    List<Socket> sockets = new ArrayList<>();
    List<Drip> drips = new ArrayList<>();
    Thread dripper = null;
    try {
      for (int i = 0; i < slowClients; i++) {
        Socket socket = Loopback.connect(served.port());
        sockets.add(socket);
        drips.add(client.open(socket));
      }
      dripper =
          new Thread(
              () -> {
                try {
                  while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(2000);
                    for (Drip drip : drips) {
                      try {
                        drip.next();
                      } catch (IOException closedByServer) {
                        // the server may drop a slow client; that is allowed
                      }
                    }
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "dripper");
      dripper.setDaemon(true);
      dripper.start();
      Thread.sleep(1000); // let the slow requests reach the server's handlers
      HttpClient patient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      for (int i = 0; i < 5; i++) {
        HttpResponse<String> response =
            patient.send(
                HttpRequest.newBuilder(served.endpoint())
                    .timeout(Duration.ofSeconds(5))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(HttpEndToEndTest.INIT))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
      }
    } finally {
      if (dripper != null) {
        dripper.interrupt();
      }
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  static HttpResponse<String> post(String body, Map<String, String> headers) throws Exception {
    return served.post(body, headers);
  }

  /** The JSON-RPC message of a response, whether sent as JSON or as one SSE event. */
  static JsonNode jsonRpcOf(HttpResponse<String> response) {
    String body = response.body();
    assertFalse(
        body.isBlank(), "an empty body answers nothing (status " + response.statusCode() + ")");
    if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
      StringBuilder data = new StringBuilder();
      for (String line : body.split("\n", -1)) {
        if (line.startsWith("data:")) {
          data.append(line.substring(5).trim());
        }
      }
      body = data.toString();
      assertFalse(
          body.isBlank(), "an SSE stream without a message answers nothing: " + response.body());
    }
    return JSON.readTree(body);
  }

  static void assertOurJsonRpcError(HttpResponse<String> response, int code) {
    JsonNode reply = jsonRpcOf(response);
    assertEquals("2.0", reply.path("jsonrpc").asString(), response.body());
    assertEquals(code, reply.path("error").path("code").asInt(), response.body());
    assertTrue(
        response.statusCode() < 500,
        "a client fault is not a server error: " + response.statusCode());
    Leaks.assertNone(response.body());
  }

  static void assertRawJsonError(String response, String status) {
    assertTrue(response.startsWith("HTTP/1.1 " + status), response);
    assertTrue(
        response.toLowerCase(java.util.Locale.ROOT).contains("content-type: application/json"),
        response);
    String body = response.substring(response.indexOf("\r\n\r\n") + 4);
    JsonNode reply = JSON.readTree(body);
    assertEquals("2.0", reply.path("jsonrpc").asString(), body);
    assertTrue(reply.path("error").path("code").isInt(), body);
    Leaks.assertNone(body);
  }

  static String raw(int port, String request) throws IOException {
    try (Socket socket = Loopback.connect(port)) {
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      InputStream in = socket.getInputStream();
      try {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (SocketTimeoutException e) {
        return "(no answer in 20 s)";
      }
    }
  }
}
