package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
  static final int CLIENTS = 8;
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
   * Calls {@code sample_slow} until a new connection is refused (that request never reached the
   * server). Any other failure is a request received and lost.
   */
  private static void callUntilRefused(
      URI endpoint,
      String session,
      int client,
      boolean pauses,
      List<String> failures,
      AtomicInteger answered,
      AtomicInteger answeredWithClose) {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    for (int n = 0; ; n++) {
      String tag = "c" + client + "-" + n;
      String call =
          "{\"jsonrpc\":\"2.0\",\"id\":\""
              + tag
              + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"sample_slow\","
              + "\"arguments\":{\"ms\":20,\"tag\":\""
              + tag
              + "\"}}}";
      HttpResponse<String> response;
      try {
        response = http.send(post(endpoint, session, call), HttpResponse.BodyHandlers.ofString());
      } catch (ConnectException e) {
        return;
      } catch (IOException e) {
        if (e.getCause() instanceof ConnectException) {
          return;
        }
        failures.add(tag + ": " + e);
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      String problem = problemWith(response, tag);
      if (problem != null) {
        failures.add(tag + ": " + problem);
        return;
      }
      answered.incrementAndGet();
      if (response.headers().allValues("Connection").stream().anyMatch(v -> v.contains("close"))) {
        answeredWithClose.incrementAndGet();
      }
      if (pauses) {
        try {
          Thread.sleep(ThreadLocalRandom.current().nextInt(300));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** What is wrong with an answer to the call tagged {@code tag}, or null. */
  private static String problemWith(HttpResponse<String> response, String tag) {
    if (response.statusCode() != 200) {
      return "HTTP " + response.statusCode() + " " + response.body();
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
