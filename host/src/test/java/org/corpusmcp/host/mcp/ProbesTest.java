package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.corpusmcp.host.testing.Leaks;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /healthz} and {@code /readyz}: answered without the token (probes carry none), behind the
 * same Host and Origin checks as {@code /mcp}, GET and HEAD only.
 */
class ProbesTest {

  static final String TOKEN = "probe-test-token";

  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(SamplePlugins::write)
          .withHttpSettings(
              defaults -> new HttpSettings("127.0.0.1", 0, TOKEN, List.of(), List.of(), 1 << 20));

  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void livenessAndReadinessAnswerWithoutTheToken() throws Exception {
    HttpResponse<String> alive = get(HttpSettings.LIVENESS_PATH, null);
    assertEquals(200, alive.statusCode(), alive.body());
    assertEquals("alive", JSON.readTree(alive.body()).path("status").asString());
    HttpResponse<String> ready = get(HttpSettings.READINESS_PATH, null);
    assertEquals(200, ready.statusCode(), ready.body());
    assertEquals("ready", JSON.readTree(ready.body()).path("status").asString());
    assertEquals("no-store", ready.headers().firstValue("Cache-Control").orElse(""));
    // the MCP endpoint itself still wants the token
    HttpResponse<String> mcp =
        HTTP.send(
            HttpRequest.newBuilder(served.uri(HttpSettings.ENDPOINT))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(HttpEndToEndTest.INIT))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(401, mcp.statusCode(), mcp.body());
  }

  @Test
  void probesKeepTheOriginAndHostChecks() throws Exception {
    HttpResponse<String> cross = get(HttpSettings.READINESS_PATH, "http://evil.example");
    assertEquals(403, cross.statusCode(), cross.body());
    Leaks.assertNone(cross.body());
    // java.net.http forbids setting Host; a raw request stands in for a rebinding browser
    try (Socket socket = Loopback.connect(served.port())) {
      socket.setSoTimeout(20_000);
      socket
          .getOutputStream()
          .write(
              ("GET /healthz HTTP/1.1\r\nHost: evil.example:"
                      + served.port()
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(raw.startsWith("HTTP/1.1 421"), raw);
    }
  }

  @Test
  void probesAnswerGetAndHeadOnly() throws Exception {
    HttpResponse<String> post =
        HTTP.send(
            HttpRequest.newBuilder(served.uri(HttpSettings.LIVENESS_PATH))
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(405, post.statusCode(), post.body());
    assertEquals(
        -32000, JSON.readTree(post.body()).path("error").path("code").asInt(), post.body());
    HttpResponse<Void> head =
        HTTP.send(
            HttpRequest.newBuilder(served.uri(HttpSettings.READINESS_PATH))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.discarding());
    assertEquals(200, head.statusCode());
  }

  private static HttpResponse<String> get(String path, String origin)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(served.uri(path)).timeout(Duration.ofSeconds(20)).GET();
    if (origin != null) {
      request.header("Origin", origin);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
