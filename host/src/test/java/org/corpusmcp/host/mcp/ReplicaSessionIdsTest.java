package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** A replica's session ids carry its id; another replica's id is an unknown session. */
class ReplicaSessionIdsTest {

  @TempDir Path dir;
  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  static final String CALL =
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
          + "{\"name\":\"sample_echo\",\"arguments\":{\"text\":\"x\"}}}";

  @Test
  void sessionIdsNameTheReplicaAndOnlyItsOwnAreKnown() throws Exception {
    try (Host host = Host.start(SamplePlugins.settings(SamplePlugins.write(dir)), JSON, List.of());
        HttpMcpServer server =
            HttpMcpServer.start(
                new HttpSettings(
                    "127.0.0.1",
                    0,
                    null,
                    List.of(),
                    List.of(),
                    1 << 20,
                    1000,
                    Duration.ofMinutes(30),
                    256,
                    Duration.ofSeconds(10),
                    "r7",
                    false),
                host.mcpParts(Duration.ofSeconds(30)))) {
      HttpResponse<String> init = post(server, HttpEndToEndTest.INIT, null);
      assertEquals(200, init.statusCode(), init.body());
      String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
      assertTrue(session.startsWith("r7.") && session.length() > 3, session);
      post(server, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session);
      HttpResponse<String> call = post(server, CALL, session);
      assertEquals(200, call.statusCode(), call.body());
      assertTrue(call.body().contains("\"echo\""), call.body());
      HttpResponse<String> elsewhere = post(server, CALL, "r8." + session.substring(3));
      assertEquals(404, elsewhere.statusCode(), elsewhere.body());
      HttpResponse<String> ended =
          HTTP.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/mcp"))
                  .header("Mcp-Session-Id", session)
                  .DELETE()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertTrue(ended.statusCode() < 300, ended.statusCode() + " " + ended.body());
      assertEquals(404, post(server, CALL, session).statusCode());
    }
  }

  @Test
  void aReplicaIdOutsideTheSafeCharactersIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new HttpSettings(
                "127.0.0.1",
                0,
                null,
                List.of(),
                List.of(),
                1 << 20,
                1000,
                Duration.ofMinutes(30),
                256,
                Duration.ofSeconds(10),
                "r.1",
                false));
  }

  private static HttpResponse<String> post(HttpMcpServer server, String body, String session)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/mcp"))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
