package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Resource subscriptions of revision 2025-11-25 ({@code resources/subscribe}, {@code
 * resources/unsubscribe}, {@code notifications/resources/updated}) with the {@code notes} test
 * plugin, whose tool changes its resource and says so through {@code resourceChanges()}. What is
 * expected is the specification's: the capability says {@code subscribe: true}, both requests
 * answer {@code {}}, and the update reaches the sessions subscribed to that URI and no other, over
 * HTTP and over stdio.
 */
class ResourceSubscriptionsTest {

  static final JsonMapper JSON = JsonText.newMapper();

  /** How long a notification that should come may take; one that should not is waited for too. */
  static final Duration WAIT = Duration.ofSeconds(5);

  @RegisterExtension
  static final HostOverHttp served = HostOverHttp.serving(SamplePlugins::writeChangingPlugin);

  /**
   * A client whose every resource update (the contents it reads again) lands in {@code updates}.
   */
  private static McpSyncClient client(BlockingQueue<String> updates) {
    return served
        .clientSpec()
        .resourcesUpdateConsumer(
            contents ->
                contents.forEach(
                    c -> updates.add(c.uri() + " " + ((McpSchema.TextResourceContents) c).text())))
        .build();
  }

  @Test
  void anUpdateReachesTheSubscribedSessionOnlyAndStopsAtUnsubscribe() throws Exception {
    BlockingQueue<String> subscriberUpdates = new LinkedBlockingQueue<>();
    BlockingQueue<String> bystanderUpdates = new LinkedBlockingQueue<>();
    McpSyncClient subscriber = client(subscriberUpdates);
    McpSyncClient bystander = client(bystanderUpdates);
    try {
      McpSchema.InitializeResult init = subscriber.initialize();
      bystander.initialize();
      assertNotNull(init.capabilities().resources(), "resources capability");
      assertEquals(true, init.capabilities().resources().subscribe());
      assertEquals(false, init.capabilities().resources().listChanged());

      subscriber.subscribeResource(
          McpSchema.SubscribeRequest.builder(SamplePlugins.NOTES_URI).build());
      bystander.callTool(McpSchema.CallToolRequest.builder("edit_notes").build());

      assertEquals(
          SamplePlugins.NOTES_URI + " edits: 1",
          subscriberUpdates.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS),
          "the subscriber is told, and reads the edited text");
      assertEquals(List.of(), List.copyOf(bystanderUpdates), "the bystander never subscribed");

      subscriber.unsubscribeResource(
          McpSchema.UnsubscribeRequest.builder(SamplePlugins.NOTES_URI).build());
      bystander.callTool(McpSchema.CallToolRequest.builder("edit_notes").build());
      assertEquals(
          null,
          subscriberUpdates.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS),
          "no update after unsubscribing");
      assertEquals(List.of(), List.copyOf(bystanderUpdates));
    } finally {
      subscriber.closeGracefully();
      bystander.closeGracefully();
    }
  }

  @Test
  void subscribeAnswersAnEmptyResultAndRefusesAMissingUri() throws Exception {
    String session = served.openSession();

    JsonNode subscribed =
        inSession(
            session,
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/subscribe\","
                + "\"params\":{\"uri\":\"notes://today\"}}");
    assertEquals(JSON.readTree("{}"), subscribed.path("result"), subscribed.toString());

    for (String method : List.of("resources/subscribe", "resources/unsubscribe")) {
      JsonNode refused =
          inSession(
              session,
              "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\""
                  + method
                  + "\",\"params\":{\"uri\":7}}");
      assertEquals(-32602, refused.path("error").path("code").asInt(), refused.toString());
      assertTrue(
          refused.path("error").path("message").asString().contains("'uri'"), refused.toString());
    }
  }

  @Test
  void stdioTellsItsOneSessionToo() throws Exception {
    McpServers.Parts parts = served.host().mcpParts(Duration.ofSeconds(30));
    PipedOutputStream client = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(client, 1 << 16);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StdioTransport transport = HostOverHttp.stdioTransport(parts, in, out);
    var mcp = McpServers.stdio(transport, parts);
    AutoCloseable relay = McpServers.relayResourceUpdates(mcp, parts);
    Thread reading = new Thread(transport::run, "stdio-under-test");
    reading.start();
    try {
      send(
          client,
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
              + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
              + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
      send(client, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      send(
          client,
          "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/subscribe\","
              + "\"params\":{\"uri\":\""
              + SamplePlugins.NOTES_URI
              + "\"}}");
      awaitLine(out, "\"id\":2");
      send(
          client,
          "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\","
              + "\"params\":{\"name\":\"edit_notes\",\"arguments\":{}}}");
      JsonNode update = JSON.readTree(awaitLine(out, "notifications/resources/updated"));
      assertEquals(SamplePlugins.NOTES_URI, update.path("params").path("uri").asString());
    } finally {
      client.close();
      reading.join(WAIT.toMillis());
      relay.close();
      mcp.close();
    }
  }

  private static void send(PipedOutputStream client, String line) throws Exception {
    client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    client.flush();
  }

  /** The first line written to {@code out} that contains {@code text}, waiting for it. */
  private static String awaitLine(ByteArrayOutputStream out, String text) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      for (String line : out.toString(StandardCharsets.UTF_8).split("\n", -1)) {
        if (line.contains(text)) {
          return line;
        }
      }
      Thread.sleep(20);
    }
    throw new AssertionError(
        "no line with " + text + " in:\n" + out.toString(StandardCharsets.UTF_8));
  }

  /** {@code body} posted in the session: the JSON-RPC answer. */
  private static JsonNode inSession(String session, String body) throws Exception {
    return HostOverHttp.answer(
        served
            .post(body, Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"))
            .body());
  }
}
