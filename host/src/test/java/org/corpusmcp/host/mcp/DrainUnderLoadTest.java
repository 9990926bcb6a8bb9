package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A graceful shutdown under load: clients on kept-alive connections call a tool back to back (some
 * pausing between calls) when the shutdown begins. Every request the server received must be
 * answered in full, those answered after the shutdown began with {@code Connection: close}, and the
 * drain must end as soon as the connections have answered their last request, not at the end of the
 * grace. Before, the server went on serving kept-alive connections for the whole grace (thousands
 * of answers), then cut off the requests running then: no answer, an empty 200, or a body cut
 * partway.
 */
class DrainUnderLoadTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final int CLIENTS = 32;
  static final Duration GRACE = Duration.ofSeconds(5);

  @TempDir Path dir;

  @Test
  void everyRequestReceivedIsAnsweredAndTheDrainEndsEarly() throws Exception {
    try (Host host =
        Host.start(SamplePlugins.settings(SamplePlugins.write(dir)), JSON, List.of())) {
      HttpMcpServer server =
          HttpMcpServer.start(
              new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20),
              host.mcpParts(Duration.ofSeconds(30)));
      try {
        URI endpoint = URI.create("http://127.0.0.1:" + server.port() + "/mcp");
        String session = initialize(endpoint);
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger answeredWithClose = new AtomicInteger();
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
          int client = c;
          Thread thread =
              new Thread(
                  () ->
                      callUntilRefused(
                          endpoint,
                          session,
                          client,
                          client % 2 == 1, // half pause up to 300 ms between calls
                          failures,
                          answered,
                          answeredWithClose),
                  "client-" + c);
          thread.start();
          clients.add(thread);
        }
        Thread.sleep(1500);
        int answeredBefore = answered.get();
        long begun = System.nanoTime();
        Drain drain = server.shutdown(GRACE);
        double seconds = (System.nanoTime() - begun) / 1e9;
        for (Thread thread : clients) {
          thread.join(10_000);
        }
        assertTrue(answeredBefore > CLIENTS, "the load ran: " + answeredBefore + " answers");
        assertEquals(List.of(), failures, "requests the server received but did not answer");
        assertEquals(0, drain.cutOff(), drain.toString());
        assertTrue(
            drain.total() <= 2 * CLIENTS,
            "each open connection answers at most its next request, then closes: " + drain);
        assertTrue(
            answeredWithClose.get() >= 1 && answeredWithClose.get() <= drain.total(),
            answeredWithClose + " answers with Connection: close; " + drain);
        assertTrue(seconds < 2.5, "the drain took " + seconds + " s of its " + GRACE);
      } finally {
        server.close();
      }
    }
  }

  /**
   * Calls {@code sample_slow} on one kept-alive connection, sending each request as soon as the
   * previous answer has been read (as most HTTP clients do; the JDK's would notice a closed
   * connection first), and opening a new connection after {@code Connection: close}, until a new
   * connection is refused: that request never reached the server. Any other failure is a request
   * sent on a connection the server had not said it would close, and lost.
   */
  private static void callUntilRefused(
      URI endpoint,
      String session,
      int client,
      boolean pauses,
      List<String> failures,
      AtomicInteger answered,
      AtomicInteger answeredWithClose) {
    Socket socket = null;
    try {
      for (int n = 0; ; n++) {
        String tag = "c" + client + "-" + n;
        String call =
            "{\"jsonrpc\":\"2.0\",\"id\":\""
                + tag
                + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"sample_slow\","
                + "\"arguments\":{\"ms\":"
                + (n % 10 == 9 ? 200 : 5)
                + ",\"tag\":\""
                + tag
                + "\"}}}";
        if (socket == null) {
          try {
            socket = Loopback.connect(endpoint.getPort());
          } catch (ConnectException refused) {
            return;
          }
          socket.setSoTimeout(20_000);
        }
        RawResponse response;
        try {
          response = RawResponse.exchange(socket, endpoint, session, call);
        } catch (IOException e) {
          failures.add(tag + ": " + e);
          return;
        }
        String problem = problemWith(response, tag);
        if (problem != null) {
          failures.add(tag + ": " + problem);
          return;
        }
        answered.incrementAndGet();
        if (response.closes()) {
          answeredWithClose.incrementAndGet();
          socket.close();
          socket = null;
        }
        if (pauses) {
          Thread.sleep(ThreadLocalRandom.current().nextInt(300));
        }
      }
    } catch (IOException e) {
      failures.add("client " + client + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (socket != null) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // closing a socket the server closed
        }
      }
    }
  }

  /** One HTTP/1.1 exchange on a raw socket: status, whether it closes, and the body. */
  private record RawResponse(int status, boolean closes, String body) {

    static RawResponse exchange(Socket socket, URI endpoint, String session, String json)
        throws IOException {
      byte[] body = json.getBytes(StandardCharsets.UTF_8);
      String head =
          "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
              + endpoint.getPort()
              + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
              + "\r\nMcp-Session-Id: "
              + session
              + "\r\nContent-Length: "
              + body.length
              + "\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      String statusLine = line(in);
      int status = Integer.parseInt(statusLine.substring(9, 12));
      boolean closes = false;
      boolean chunked = false;
      int length = -1;
      for (String header = line(in); !header.isEmpty(); header = line(in)) {
        String name = header.substring(0, header.indexOf(':')).trim().toLowerCase(Locale.ROOT);
        String value = header.substring(header.indexOf(':') + 1).trim().toLowerCase(Locale.ROOT);
        closes |= name.equals("connection") && value.contains("close");
        chunked |= name.equals("transfer-encoding") && value.contains("chunked");
        if (name.equals("content-length")) {
          length = Integer.parseInt(value);
        }
      }
      ByteArrayOutputStream content = new ByteArrayOutputStream();
      if (chunked) {
        for (int size = Integer.parseInt(line(in).trim(), 16); size > 0; ) {
          content.write(in.readNBytes(size));
          line(in);
          size = Integer.parseInt(line(in).trim(), 16);
        }
        line(in);
      } else if (length >= 0) {
        content.write(in.readNBytes(length));
      } else if (closes) {
        content.write(in.readAllBytes()); // the body ends with the connection
      }
      return new RawResponse(status, closes, content.toString(StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
      StringBuilder line = new StringBuilder();
      for (int b = in.read(); b != '\n'; b = in.read()) {
        if (b < 0) {
          throw new IOException("the connection closed without (the rest of) an answer");
        }
        if (b != '\r') {
          line.append((char) b);
        }
      }
      return line.toString();
    }
  }

  /** What is wrong with an answer to the call tagged {@code tag}, or null. */
  private static String problemWith(RawResponse response, String tag) {
    if (response.status() != 200) {
      return "HTTP " + response.status() + " " + response.body();
    }
    StringBuilder data = new StringBuilder();
    for (String line : response.body().split("\n", -1)) {
      if (line.startsWith("data:")) {
        data.append(line.substring(5).trim());
      }
    }
    if (data.length() == 0) {
      return "HTTP 200 without a message: '" + response.body() + "'";
    }
    JsonNode message;
    try {
      message = JSON.readTree(data.toString());
    } catch (RuntimeException e) {
      return "a message cut partway: '" + data + "'";
    }
    if (!tag.equals(message.path("id").asString())
        || !tag.equals(message.path("result").path("structuredContent").path("tag").asString())) {
      return "not the answer to this call: " + message;
    }
    return null;
  }

  private static String initialize(URI endpoint) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<String> init =
        http.send(
            post(endpoint, null, HttpEndToEndTest.INIT), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, init.statusCode(), init.body());
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpResponse<String> initialized =
        http.send(
            post(
                endpoint,
                session,
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(202, initialized.statusCode(), initialized.body());
    return session;
  }

  private static HttpRequest post(URI endpoint, String session, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return request.build();
  }
}
