package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Faults a real MediaWiki does not produce on demand, from a stub wiki on 127.0.0.1 that the
 * distribution is pointed at with {@code ARCHWIKI_API_URL}: overload with {@code Retry-After}, a
 * wiki that does not answer within {@code ARCHWIKI_TIMEOUT} (2 s here), and an anti-bot challenge
 * page served with HTTP 200. Each must be a typed, fail-closed error, bounded in time, and leave
 * nothing cached: the same process answers correctly once the wiki does.
 */
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
class WikiFaultsIT {

  static HttpServer stub;
  static McpSyncClient client;
  static String api;
  static final Map<String, AtomicInteger> HITS = new ConcurrentHashMap<>();
  static final List<String> QUERIES = new java.util.concurrent.CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    stub =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), 0);
    api = "http://127.0.0.1:" + stub.getAddress().getPort() + "/api.php";
    stub.createContext("/api.php", WikiFaultsIT::answer);
    stub.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
    stub.start();
    Map<String, String> env = LiveArchWikiIT.liveEnv(api);
    env.put("ARCHWIKI_TIMEOUT", "2");
    client = LiveArchWikiIT.client(env);
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.closeGracefully();
    }
    if (stub != null) {
      stub.stop(0);
    }
  }

  private static void answer(HttpExchange ex) throws IOException {
    String query =
        java.net.URLDecoder.decode(ex.getRequestURI().getRawQuery(), StandardCharsets.UTF_8);
    QUERIES.add(query);
    if (query.contains("meta=siteinfo")) {
      send(
          ex,
          200,
          "application/json",
          "{\"query\":{\"general\":{\"sitename\":\"Stub\",\"server\":\""
              + api.replace("/api.php", "")
              + "\",\"articlepath\":\"/index.php/$1\",\"script\":\"/index.php\","
              + "\"scriptpath\":\"\"}}}");
      return;
    }
    String page = query.replaceAll(".*page=([^&]*).*", "$1");
    int hit = HITS.computeIfAbsent(page, k -> new AtomicInteger()).incrementAndGet();
    switch (page) {
      case "Busy" -> {
        if (hit == 1) {
          ex.getResponseHeaders().set("Retry-After", "1");
          send(ex, 429, "text/plain", "Too many requests");
          return;
        }
      }
      case "Overloaded" -> {
        ex.getResponseHeaders().set("Retry-After", "3600");
        send(ex, 503, "text/html", "<html>maintenance</html>");
        return;
      }
      case "Slow" -> {
        if (hit == 1) {
          try {
            Thread.sleep(8000);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
      case "Challenge" -> {
        if (hit == 1) {
          send(
              ex,
              200,
              "text/html; charset=utf-8",
              "<!doctype html><html><title>Just a moment...</title><body>Checking your browser</body></html>");
          return;
        }
      }
      default -> {}
    }
    String parse =
        String.format(
            """
            {"parse":{"title":"%s","pageid":1,"revid":%d,"wikitext":{"*":"== Steps ==\\n{{bc|$ true}}\\n"},
             "sections":[{"toclevel":1,"level":"2","line":"Steps","number":"1","index":"1",
             "fromtitle":"%s","byteoffset":0,"anchor":"Steps","linkAnchor":"Steps"}]}}""",
            page, 100 + hit, page);
    send(ex, 200, "application/json", parse);
  }

  private static void send(HttpExchange ex, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", type);
    try {
      ex.sendResponseHeaders(status, bytes.length);
      ex.getResponseBody().write(bytes);
    } catch (IOException clientGone) {
      // the plugin gave up waiting, as it should
    }
    ex.close();
  }

  private static Map<String, Object> commands(String title) {
    return LiveArchWikiIT.ok(client, "archwiki_commands", Map.of("title_or_url", title));
  }

  private static String failure(String title) {
    return LiveArchWikiIT.failure(client, "archwiki_commands", Map.of("title_or_url", title));
  }

  @Test
  void aShortRetryAfterIsWaitedForAndTheRetryAnswers() {
    long start = System.nanoTime();
    Map<String, Object> result = commands("Busy");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(2, HITS.get("Busy").get());
    assertTrue(millis >= 1000 && millis < 5000, millis + " ms");
    assertEquals(
        api + "?action=parse&oldid=102&prop=wikitext&format=json",
        LiveArchWikiIT.list(result, "commands").get(0).get("revision_wikitext_url"));
  }

  @Test
  void aLongRetryAfterFailsAtOnceAsAnUpstreamError() {
    long start = System.nanoTime();
    assertEquals("upstream_api_error", failure("Overloaded"));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(1, HITS.get("Overloaded").get(), "no retry sooner than the wiki asked");
    assertTrue(millis < 3000, millis + " ms");
  }

  @Test
  void aWikiThatDoesNotAnswerInTimeIsAnUpstreamErrorWithinTheTimeout() {
    long start = System.nanoTime();
    assertEquals("upstream_api_error", failure("Slow"));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(millis >= 2000 && millis < 6000, millis + " ms with ARCHWIKI_TIMEOUT=2");
    assertEquals(1, HITS.get("Slow").get(), "a timed-out read is not retried");
    assertFalse(
        LiveArchWikiIT.list(commands("Slow"), "commands").isEmpty(), "answers once the wiki does");
  }

  @Test
  void aChallengePageServedAs200IsRefusedAndNotRemembered() {
    assertEquals("upstream_api_error", failure("Challenge"));
    assertEquals(1, HITS.get("Challenge").get(), QUERIES.toString());
    List<Map<String, Object>> blocks = LiveArchWikiIT.list(commands("Challenge"), "commands");
    assertEquals("$ true", blocks.get(0).get("content"));
    assertEquals(2, HITS.get("Challenge").get());
  }
}
