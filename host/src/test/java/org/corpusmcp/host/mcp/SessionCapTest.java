package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local process that fills the session cap cannot lock other clients out: a newcomer still gets a
 * session, the abuser's unused sessions make room before anyone's in use, and a session in use
 * keeps working through the flood. Before, every new client got 503 for the idle time (30 minutes
 * by default).
 */
class SessionCapTest {

  static final int CAP = 5;

  @TempDir static Path dir;
  static Host host;
  static HttpMcpServer server;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() {
    host =
        Host.start(
            SamplePlugins.settings(SamplePlugins.write(dir)), JsonText.newMapper(), List.of());
    server =
        HttpMcpServer.start(
            new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20)
                .withSessionLimits(CAP, Duration.ofMinutes(30)),
            host.mcpParts(Duration.ofSeconds(30)));
  }

  @AfterAll
  static void stop() {
    server.close();
    host.close();
  }

  @Test
  void aFloodOfSessionsLocksNoOneOut() throws Exception {
    List<String> abusers = new ArrayList<>();
    for (int i = 0; i < CAP; i++) {
      abusers.add(initialize());
    }
    // the cap is full of sessions nobody uses; a real client arrives
    String client = initialize();
    assertEquals(200, toolsList(client).statusCode(), "the newcomer's session works");
    // the abuser keeps going, well past the cap
    for (int i = 0; i < 4 * CAP; i++) {
      abusers.add(initialize());
    }
    HttpResponse<String> stillThere = toolsList(client);
    assertEquals(200, stillThere.statusCode(), "a session in use survives the flood");
    assertTrue(stillThere.body().contains("sample_echo"), stillThere.body());
    assertEquals(
        404, toolsList(abusers.get(0)).statusCode(), "the abuser's oldest session made room");
  }

  /** A new session's id; the answer must be 200, never the cap's 503. */
  private static String initialize() throws Exception {
    HttpResponse<String> init = post(HttpEndToEndTest.INIT, null);
    assertEquals(200, init.statusCode(), init.body());
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session);
    return session;
  }

  private static HttpResponse<String> toolsList(String session) throws Exception {
    return post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", session);
  }

  private static HttpResponse<String> post(String body, String session) throws Exception {
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
