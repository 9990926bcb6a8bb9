package org.corpusmcp.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.host.testing.HostProcess;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * SIGTERM to a real server process while a slow tool call runs: the call is answered, the process
 * logs one line and exits 0. Before, the JVM's own SIGTERM handling ran the shutdown hook, which
 * closed the sessions and Jetty under the running call, and exited with 143.
 */
class GracefulShutdownTest {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final int SLOW_MS = 3000;
  static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}";
  static final String SLOW_CALL =
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
          + "{\"name\":\"sample_slow\",\"arguments\":{\"ms\":"
          + SLOW_MS
          + ",\"tag\":\"finished\"}}}";

  @TempDir Path dir;

  @Test
  void httpFinishesTheCallInFlightAndExitsZero() throws Exception {
    SamplePlugins.write(dir);
    ProcessBuilder builder =
        new ProcessBuilder(
            HostProcess.command("serve", "--http", "--port", "0", "--plugins-dir", dir.toString()));
    builder.environment().put("MCP_SHUTDOWN_GRACE", "10");
    Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    StderrWatch stderr = new StderrWatch(process);
    try {
      int port = stderr.port.get(90, TimeUnit.SECONDS);
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      HttpResponse<String> init =
          http.send(post(port, INIT, null), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, init.statusCode(), init.body());
      String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
      http.send(
          post(port, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session),
          HttpResponse.BodyHandlers.ofString());
      CompletableFuture<HttpResponse<String>> call =
          http.sendAsync(post(port, SLOW_CALL, session), HttpResponse.BodyHandlers.ofString());
      Thread.sleep(1000); // the call is running in the server
      long signalled = System.nanoTime();
      sigterm(process);
      Thread.sleep(500);
      HttpClient fresh = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
      IOException refused =
          assertThrows(
              IOException.class,
              () ->
                  fresh.send(
                      HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                          .build(),
                      HttpResponse.BodyHandlers.ofString()),
              "a new connection after SIGTERM");
      assertTrue(
          refused instanceof ConnectException || refused.getCause() instanceof ConnectException,
          refused.toString());
      HttpResponse<String> answer = call.get(20, TimeUnit.SECONDS);
      assertEquals(200, answer.statusCode(), answer.body());
      assertSlowCallFinished(dataOf(answer.body()));
      assertTrue(process.waitFor(20, TimeUnit.SECONDS), "still running 20 s after SIGTERM");
      double seconds = (System.nanoTime() - signalled) / 1e9;
      assertEquals(0, process.exitValue(), stderr.text());
      assertTrue(seconds < 10 + 5, "took " + seconds + " s to stop");
      assertOneStopLine(stderr);
    } finally {
      process.destroyForcibly();
    }
  }

  @Test
  void stdioFinishesTheCallInFlightAndExitsZero() throws Exception {
    SamplePlugins.write(dir);
    ProcessBuilder builder =
        new ProcessBuilder(HostProcess.command("serve", "--plugins-dir", dir.toString()));
    builder.environment().put("MCP_SHUTDOWN_GRACE", "10");
    Process process = builder.start();
    StderrWatch stderr = new StderrWatch(process);
    try {
      BufferedReader stdout =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      OutputStream stdin = process.getOutputStream();
      send(stdin, INIT);
      JsonNode init = JSON.readTree(stdout.readLine());
      assertEquals(1, init.path("id").asInt(), init.toString());
      send(stdin, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      send(stdin, SLOW_CALL);
      Thread.sleep(1000); // the call is running; stdin stays open, so only the signal ends it
      sigterm(process);
      String line = stdout.readLine();
      assertTrue(line != null, "no answer to the call in flight:\n" + stderr.text());
      assertSlowCallFinished(JSON.readTree(line));
      assertTrue(process.waitFor(20, TimeUnit.SECONDS), "still running 20 s after SIGTERM");
      assertEquals(0, process.exitValue(), stderr.text());
      assertOneStopLine(stderr);
    } finally {
      process.destroyForcibly();
    }
  }

  /** SIGTERM, leaving the process's pipes open ({@code Process.destroy} would close them). */
  private static void sigterm(Process process) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-TERM", String.valueOf(process.pid())).start();
    assertEquals(0, kill.waitFor(), "kill -TERM");
  }

  private static void assertSlowCallFinished(JsonNode reply) {
    assertEquals(2, reply.path("id").asInt(), reply.toString());
    JsonNode result = reply.path("result");
    assertFalse(result.path("isError").asBoolean(false), reply.toString());
    assertEquals(
        "finished", result.path("structuredContent").path("tag").asString(), reply.toString());
  }

  private static void assertOneStopLine(StderrWatch stderr) throws InterruptedException {
    stderr.thread.join(5000);
    String text = stderr.text();
    long lines = text.lines().filter(l -> l.contains("SIGTERM: stopped taking requests")).count();
    assertEquals(1, lines, text);
    assertTrue(text.contains("1 in flight finished"), text);
  }

  private static HttpRequest post(int port, String body, String session) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return request.build();
  }

  /** The JSON-RPC message of a body sent as JSON or as one SSE event. */
  private static JsonNode dataOf(String body) {
    StringBuilder data = new StringBuilder();
    for (String line : body.split("\n", -1)) {
      if (line.startsWith("data:")) {
        data.append(line.substring(5).trim());
      }
    }
    return JSON.readTree(data.length() > 0 ? data.toString() : body);
  }

  private static void send(OutputStream stdin, String line) throws IOException {
    stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  /** Collects the server's stderr and finds the port it announces. */
  private static final class StderrWatch {
    final StringBuilder log = new StringBuilder();
    final CompletableFuture<Integer> port = new CompletableFuture<>();
    final Thread thread;

    StderrWatch(Process process) {
      Pattern endpoint = Pattern.compile("MCP endpoint: http://127\\.0\\.0\\.1:(\\d+)/mcp");
      thread =
          new Thread(
              () -> {
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
                  // the process ended
                }
                port.completeExceptionally(
                    new AssertionError("the server did not start:\n" + text()));
              },
              "stderr");
      thread.setDaemon(true);
      thread.start();
    }

    String text() {
      synchronized (log) {
        return log.toString();
      }
    }
  }
}
