package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What clients tripped on in the legacy Streamable HTTP transport: the GET stream's headers held
 * back until the first keep-alive (30 s), a keep-alive as long as the connection's idle timeout and
 * made of JSON-RPC pings, the session id as the {@code id:} of every event, and -32601 (method not
 * found) for a missing session or {@code Accept} header.
 */
class EventStreamsTest {

  @RegisterExtension static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::write);

  static final JsonMapper JSON = JsonText.newMapper();
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  static final String BOTH = HostOverHttp.ACCEPT_BOTH;

  @Test
  void theGetStreamAnswersAtOnceAndIsKeptAliveWithCommentsWithinTheIdleTimeout() throws Exception {
    String session = served.openSession();
    long asked = System.nanoTime();
    CompletableFuture<HttpResponse<InputStream>> stream =
        HTTP.sendAsync(
            HttpRequest.newBuilder(served.endpoint())
                .header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", session)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    HttpResponse<InputStream> response = stream.get(3, TimeUnit.SECONDS);
    assertEquals(200, response.statusCode());
    assertTrue(
        response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"),
        response.headers().map().toString());
    BufferedReader events =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    String first = events.readLine();
    double seconds = (System.nanoTime() - asked) / 1e9;
    assertEquals(":", first, "a comment line, which asks the client for nothing");
    assertTrue(
        seconds < HttpSettings.CONNECTION_IDLE_TIMEOUT.toSeconds() - 5,
        "the first keep-alive came after "
            + seconds
            + " s; the connection closes after "
            + HttpSettings.CONNECTION_IDLE_TIMEOUT.toSeconds()
            + " s without bytes");
    response.body().close();
  }

  @Test
  void eventsOnAPostStreamCarryNoSessionIdAsTheirId() throws Exception {
    String session = served.openSession();
    HttpResponse<String> call =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"sample_echo\",\"arguments\":{\"text\":\"hi\"}}}",
            Map.of("Mcp-Session-Id", session, "Accept", BOTH));
    assertEquals(200, call.statusCode(), call.body());
    assertTrue(call.body().contains("data:"), call.body());
    assertFalse(call.body().contains(session), "the session id in an event: " + call.body());
    assertTrue(
        call.body().lines().noneMatch(line -> line.startsWith("id:")),
        "no event ids: nothing is kept to resume from\n" + call.body());
  }

  @Test
  void aMissingSessionOrAcceptHeaderIsAnInvalidRequestNotAnUnknownMethod() throws Exception {
    String session = served.openSession();
    String list = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}";
    assertInvalidRequest(post(list, Map.of("Accept", BOTH)), 400, "Mcp-Session-Id");
    assertInvalidRequest(
        post(list, Map.of("Mcp-Session-Id", session, "Accept", "application/json")),
        406,
        "text/event-stream");
    assertInvalidRequest(post(list, Map.of("Mcp-Session-Id", session)), 406, "Accept");
    assertInvalidRequest(
        HTTP.send(
            HttpRequest.newBuilder(served.endpoint())
                .header("Accept", "text/event-stream")
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString()),
        400,
        "Mcp-Session-Id");
    assertInvalidRequest(
        HTTP.send(
            HttpRequest.newBuilder(served.endpoint())
                .header("Accept", "application/json")
                .header("Mcp-Session-Id", session)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString()),
        406,
        "text/event-stream");
  }

  private static void assertInvalidRequest(
      HttpResponse<String> response, int status, String names) {
    assertEquals(status, response.statusCode(), response.body());
    JsonNode error = JSON.readTree(response.body()).path("error");
    assertEquals(-32600, error.path("code").asInt(), response.body());
    assertTrue(error.path("message").asString().contains(names), response.body());
  }

  /** Unlike {@link HostOverHttp#post}, no {@code Accept} header unless {@code headers} has one. */
  private static HttpResponse<String> post(String body, Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder request = served.request(body);
    headers.forEach(request::header);
    return served.send(request);
  }
}
