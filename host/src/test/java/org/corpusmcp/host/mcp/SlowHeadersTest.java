package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Slow-header clients (slowloris): as many connections as the server allows, each sending its
 * request headers a byte every 500 ms and reconnecting at once when the server closes it. Without a
 * header deadline they held every connection slot indefinitely (each gap is far under the idle
 * timeout), and a normal client waited in the accept queue until it gave up.
 */
class SlowHeadersTest {

  static final int CONNECTION_LIMIT = 32;
  static final Duration HEADER_TIMEOUT = Duration.ofSeconds(2);

  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(SamplePlugins::write)
          .withHttpSettings(
              defaults ->
                  defaults.withMaxConnections(CONNECTION_LIMIT).withHeaderTimeout(HEADER_TIMEOUT));

  @Test
  void aNormalClientIsServedWhileSlowHeaderClientsHoldEveryConnection() throws Exception {
    List<Socket> sockets = new CopyOnWriteArrayList<>();
    int[] reconnects = {0};
    Thread attacker =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < CONNECTION_LIMIT + 8; i++) {
                  sockets.add(slowClient());
                }
                while (!Thread.currentThread().isInterrupted()) {
                  Thread.sleep(500);
                  for (int i = 0; i < sockets.size(); i++) {
                    Socket socket = sockets.get(i);
                    try {
                      OutputStream out = socket.getOutputStream();
                      out.write('a');
                      out.flush();
                    } catch (IOException closedByServer) {
                      socket.close();
                      sockets.set(i, slowClient()); // an attacker comes straight back
                      reconnects[0]++;
                    }
                  }
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (IOException e) {
                // the test is over and the server gone
              }
            },
            "slow-headers");
    attacker.setDaemon(true);
    try {
      attacker.start();
      Thread.sleep(1500); // every slot taken, the rest queued
      HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      Duration bound = HEADER_TIMEOUT.plusSeconds(6);
      long started = System.nanoTime();
      HttpResponse<String> response;
      try {
        response =
            client.send(
                HttpRequest.newBuilder(served.endpoint())
                    .timeout(bound)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(HttpEndToEndTest.INIT))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
      } catch (HttpTimeoutException e) {
        throw new AssertionError(
            "a normal client got no answer within "
                + bound.toSeconds()
                + " s while slow-header clients held the connections",
            e);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      assertEquals(200, response.statusCode(), response.body());
      assertTrue(seconds < bound.toSeconds(), "answered after " + seconds + " s");
    } finally {
      attacker.interrupt();
      attacker.join(5000);
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }

  /** A connection whose request line is complete but whose headers never end. */
  private static Socket slowClient() throws IOException {
    Socket socket = Loopback.connect(served.port());
    OutputStream out = socket.getOutputStream();
    out.write(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }
}
