package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.host.testing.HostProcess;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Clients that {@code initialize} and never {@code DELETE}: the server, in a 64 MB heap, keeps at
 * most the configured number of sessions, ending the unused ones idle longest to let new ones in,
 * so nobody is refused and memory stays bounded. Without a cap the SDK kept every session until the
 * heap ran out; with a cap that only refused, new clients were locked out for the idle time.
 */
class AbandonedSessionsTest {

  @TempDir Path dir;
  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  static final int CAP = 200;
  static final int IDLE_SECONDS = 3;

  @Test
  void abandonedSessionsAreCappedAndExpireUnderASmallHeap() throws Exception {
    SamplePlugins.write(dir);
    ProcessBuilder builder =
        new ProcessBuilder(
            HostProcess.command(
                List.of("-Xmx64m"),
                "serve",
                "--http",
                "--port",
                "0",
                "--plugins-dir",
                dir.toString()));
    builder.environment().put("MCP_MAX_SESSIONS", String.valueOf(CAP));
    builder.environment().put("MCP_SESSION_IDLE_SECONDS", String.valueOf(IDLE_SECONDS));
    Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    StringBuilder log = new StringBuilder();
    CompletableFuture<Integer> port = new CompletableFuture<>();
    Thread stderr =
        new Thread(
            () -> {
              Pattern endpoint = Pattern.compile("MCP endpoint: http://127\\.0\\.0\\.1:(\\d+)/mcp");
              try (BufferedReader err =
                  new BufferedReader(
                      new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                  synchronized (log) {
                    log.append(line).append('\n');
                  }
                  Matcher m = endpoint.matcher(line);
                  if (m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                  }
                }
              } catch (IOException ignored) {
                // process ended
              }
              port.completeExceptionally(new AssertionError("the server did not start:\n" + log));
            });
    stderr.setDaemon(true);
    stderr.start();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      int p = port.get(60, TimeUnit.SECONDS);
      HttpResponse<String> firstInit = initialize(p);
      assertEquals(200, firstInit.statusCode(), firstInit.body());
      String first = firstInit.headers().firstValue("Mcp-Session-Id").orElseThrow();
      AtomicInteger accepted = new AtomicInteger();
      AtomicInteger refused = new AtomicInteger();
      AtomicInteger dropped = new AtomicInteger();
      Map<String, Integer> unexpected = new ConcurrentHashMap<>();
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(12);
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        workers.add(
            pool.submit(
                () -> {
                  while (System.nanoTime() < until) {
                    try {
                      HttpResponse<String> r = initializeOrRetryOnce(p, dropped);
                      if (r.statusCode() == 200
                          && r.headers().firstValue("Mcp-Session-Id").isPresent()) {
                        accepted.incrementAndGet();
                      } else if (r.statusCode() == 503 && isSessionCapError(r.body())) {
                        refused.incrementAndGet();
                      } else {
                        unexpected.merge(r.statusCode() + " " + r.body(), 1, Integer::sum);
                      }
                    } catch (Exception e) {
                      unexpected.merge(e.toString(), 1, Integer::sum);
                    }
                  }
                  return null;
                }));
      }
      pool.shutdown();
      assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
      for (Future<?> worker : workers) {
        worker.get(); // an Error thrown in a worker fails the test instead of vanishing
      }
      System.err.printf(
          "abandoned sessions in 12 s under -Xmx64m: %d accepted, %d refused at the cap of %d,"
              + " %d kept-alive connections closed under a request%n",
          accepted.get(), refused.get(), CAP, dropped.get());
      String serverLog;
      synchronized (log) {
        serverLog = log.toString();
      }
      assertTrue(process.isAlive(), "the server died:\n" + serverLog);
      assertFalse(serverLog.contains("OutOfMemoryError"), serverLog);
      assertEquals(
          Map.of(), unexpected, "every answer is a session or the cap's error\n" + serverLog);
      int requests = accepted.get() + refused.get();
      assertTrue(
          dropped.get() * 1000L <= requests,
          dropped + " of " + requests + " requests lost their connection\n" + serverLog);
      assertTrue(
          accepted.get() > 2 * CAP,
          "the cap of " + CAP + " was never passed: " + accepted.get() + " abandoned sessions");
      assertEquals(
          0, refused.get(), "at the cap, the unused sessions idle longest make room for new ones");
      // The first session made room long ago: the SDK no longer holds it.
      HttpResponse<String> gone = toolsList(p, first);
      assertEquals(404, gone.statusCode(), gone.body());
      HttpResponse<String> late = initialize(p);
      assertEquals(200, late.statusCode(), late.body());
      synchronized (log) {
        assertFalse(log.toString().contains("OutOfMemoryError"), log.toString());
      }
    } finally {
      pool.shutdownNow();
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  static boolean isSessionCapError(String body) {
    JsonNode reply = JSON.readTree(body);
    return reply.path("error").path("code").asInt() == -32000
        && reply.path("error").path("message").asString().contains("sessions");
  }

  /**
   * HTTP/1.1 lets either side close a kept-alive connection at any moment, and the JDK client never
   * resends a POST that met a connection closed under it ("header parser received no bytes"). Under
   * this hammering that happened to about one request in several hundred thousand, which failed the
   * test now and then. A request that got no answer at all is sent once more, on another
   * connection, and counted: a server that dropped connections of its own accord would drop far
   * more than the one in a thousand the test allows.
   */
  static HttpResponse<String> initializeOrRetryOnce(int port, AtomicInteger dropped)
      throws Exception {
    try {
      return initialize(port);
    } catch (IOException e) {
      if (!String.valueOf(e.getMessage()).contains("received no bytes")) {
        throw e;
      }
      dropped.incrementAndGet();
      return initialize(port);
    }
  }

  static HttpResponse<String> toolsList(int port, String session) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("Mcp-Session-Id", session)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> initialize(int port) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(HttpEndToEndTest.INIT))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
