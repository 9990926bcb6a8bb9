package org.corpusmcp.archwiki.wiki;

import static org.corpusmcp.archwiki.PlainWords.assertPlainWords;
import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The live transport against an in-process server on 127.0.0.1 (port 0). */
class HttpTransportTest {

  private HttpServer server;
  private final AtomicInteger hits = new AtomicInteger();
  private final List<String> userAgents = new CopyOnWriteArrayList<>();
  private final List<String> queries = new CopyOnWriteArrayList<>();
  private final List<Duration> sleeps = new CopyOnWriteArrayList<>();
  private volatile Responder responder;

  interface Responder {
    void respond(HttpExchange exchange, int hit) throws IOException;
  }

  @BeforeEach
  void start() throws IOException {
    server =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), 0);
    server.createContext(
        "/api.php",
        exchange -> {
          int hit = hits.incrementAndGet();
          userAgents.add(exchange.getRequestHeaders().getFirst("User-Agent"));
          queries.add(exchange.getRequestURI().getRawQuery());
          responder.respond(exchange, hit);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api.php");
  }

  private HttpTransport transport(Duration timeout) {
    return new HttpTransport(
        json(), endpoint(), HttpTransport.userAgent("0.1.0"), timeout, sleeps::add);
  }

  private static void send(HttpExchange ex, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", type);
    ex.sendResponseHeaders(status, bytes.length);
    ex.getResponseBody().write(bytes);
  }

  private static ApiRequest parseRequest() {
    return new ApiRequest(
        Map.of(
            "action", "parse", "page", "GRUB", "prop", "wikitext|sections|revid", "format", "json"),
        "GRUB");
  }

  @Test
  void interstitialIsAnUpstreamErrorNeverContent() {
    responder =
        (ex, hit) ->
            send(
                ex,
                200,
                "text/html; charset=utf-8",
                "<!DOCTYPE html><html><head><title>Making sure you're not a bot!</title></head></html>");
    WikiException e =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertTrue(e.getMessage().contains("HTML page"), e.getMessage());
    assertEquals(1, hits.get(), "a 200 is not retried");
  }

  @Test
  void htmlBodyLabelledJsonIsAlsoRefused() {
    responder = (ex, hit) -> send(ex, 200, "application/json", "\n<html>challenge</html>");
    assertEquals(
        ErrorCode.UPSTREAM_API_ERROR,
        assertThrows(
                WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()))
            .code());
  }

  @Test
  void jsonIsDecodedAndTheRequestNamesThisProject() {
    responder =
        (ex, hit) ->
            send(
                ex,
                200,
                "application/json; charset=utf-8",
                "{\"parse\":{\"title\":\"GRUB\",\"revid\":858930}}");
    Object doc = transport(Duration.ofSeconds(5)).get(parseRequest());
    assertEquals(Map.of("parse", Map.of("title", "GRUB", "revid", 858930L)), doc);
    assertTrue(userAgents.get(0).startsWith("corpus-mcp-archwiki/0.1.0 "), userAgents.get(0));
    assertTrue(queries.get(0).contains("prop=wikitext%7Csections%7Crevid"), queries.get(0));
  }

  @Test
  void overloadIsRetriedABoundedNumberOfTimes() {
    responder =
        (ex, hit) -> {
          if (hit < 3) {
            ex.getResponseHeaders().set("Retry-After", "1");
            send(ex, 503, "text/plain", "busy");
          } else {
            send(ex, 200, "application/json", "{\"ok\":true}");
          }
        };
    assertEquals(Map.of("ok", true), transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertEquals(3, hits.get());
    assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(1)), sleeps);

    hits.set(0);
    responder = (ex, hit) -> send(ex, 503, "text/plain", "busy");
    WikiException e =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertEquals(HttpTransport.MAX_ATTEMPTS, hits.get());
    assertTrue(e.getMessage().contains("HTTP 503"), e.getMessage());
  }

  @Test
  void clientErrorsAndTimeoutsAreNotRetried() {
    responder = (ex, hit) -> send(ex, 404, "text/plain", "no");
    assertThrows(WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertEquals(1, hits.get());

    hits.set(0);
    responder =
        (ex, hit) -> {
          try {
            Thread.sleep(1500);
          } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
          }
          send(ex, 200, "application/json", "{}");
        };
    WikiException e =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofMillis(300)).get(parseRequest()));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertTrue(
        e.getMessage().startsWith("The wiki at " + endpoint() + " did not answer: "),
        e.getMessage());
    assertEquals(1, hits.get());
  }

  @Test
  void undecodableJsonIsAnUpstreamError() {
    responder = (ex, hit) -> send(ex, 200, "application/json", "{\"parse\": ");
    WikiException e =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertTrue(
        e.getMessage()
            .startsWith("The wiki at " + endpoint() + " did not answer: undecodable JSON"),
        e.getMessage());
  }

  @Test
  void refusedConnectionsAreRetriedThenReportedInPlainWords() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    HttpTransport closed =
        new HttpTransport(
            json(),
            URI.create("http://127.0.0.1:" + port + "/api.php"),
            "ua",
            Duration.ofSeconds(2),
            sleeps::add);
    WikiException e = assertThrows(WikiException.class, () -> closed.get(parseRequest()));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertEquals(HttpTransport.MAX_ATTEMPTS - 1, sleeps.size());
    assertEquals(
        "The wiki at http://127.0.0.1:"
            + port
            + "/api.php did not answer (3 attempts): could not connect to 127.0.0.1:"
            + port
            + ": connection refused. Check that ARCHWIKI_API_URL names a wiki that"
            + " is running and reachable from this machine, or set ARCHWIKI_OFFLINE=1 to answer"
            + " from recorded wiki responses in the folder ARCHWIKI_FIXTURES names.",
        e.getMessage());
    assertPlainWords(e.getMessage());
  }

  /** A name that cannot resolve (.invalid never does, RFC 2606) points at offline mode too. */
  @Test
  void anUnresolvableWikiPointsAtOfflineMode() {
    HttpTransport nowhere =
        new HttpTransport(
            json(),
            URI.create("http://wiki.example.invalid/api.php"),
            "ua",
            Duration.ofSeconds(5),
            sleeps::add);
    WikiException e = assertThrows(WikiException.class, () -> nowhere.get(parseRequest()));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertTrue(
        e.getMessage()
            .startsWith(
                "The wiki at http://wiki.example.invalid/api.php did not answer (3 attempts):"
                    + " could not connect to wiki.example.invalid: "),
        e.getMessage());
    assertTrue(e.getMessage().contains("ARCHWIKI_OFFLINE=1"), e.getMessage());
    assertPlainWords(e.getMessage());
  }

  /**
   * A loopback server that reads each request and then {@code finish}es the connection without
   * answering. Accepts any number of connections: java.net.http retries a GET once on a connection
   * that closed before answering.
   */
  private static ServerSocket unanswering(SocketEnd finish) throws IOException {
    ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t =
        new Thread(
            () -> {
              while (!listening.isClosed()) {
                try (java.net.Socket s = listening.accept()) {
                  s.getInputStream().read(new byte[1024]);
                  finish.end(s);
                } catch (IOException closedOrReset) {
                  // the listening socket closed (test over), or the client gave up
                }
              }
            });
    t.setDaemon(true);
    t.start();
    return listening;
  }

  interface SocketEnd {
    void end(java.net.Socket s) throws IOException;
  }

  private HttpTransport transportTo(String url) {
    return new HttpTransport(json(), URI.create(url), "ua", Duration.ofSeconds(5), sleeps::add);
  }

  /** https to a server that does not speak TLS: the handshake fails, and is not retried. */
  @Test
  void aTlsFailureIsNamedAsSuch() throws IOException {
    try (ServerSocket plain = unanswering(s -> {})) {
      int port = plain.getLocalPort();
      WikiException e =
          assertThrows(
              WikiException.class,
              () -> transportTo("https://127.0.0.1:" + port + "/api.php").get(parseRequest()));
      assertEquals(
          "The wiki at https://127.0.0.1:"
              + port
              + "/api.php did not answer: could not connect securely (TLS) to 127.0.0.1:"
              + port
              + ": the TLS handshake failed. Check that ARCHWIKI_API_URL names a wiki that is"
              + " running and reachable from this machine, or set ARCHWIKI_OFFLINE=1 to answer"
              + " from recorded wiki responses in the folder ARCHWIKI_FIXTURES names.",
          e.getMessage());
      assertEquals(List.of(), sleeps, "a failed handshake is not retried");
    }
  }

  /** A server that takes the request and resets the connection instead of answering. */
  @Test
  void aResetConnectionIsNamedAsSuch() throws IOException {
    try (ServerSocket resetting = unanswering(s -> s.setSoLinger(true, 0))) { // RST, not FIN
      int port = resetting.getLocalPort();
      WikiException e =
          assertThrows(
              WikiException.class,
              () -> transportTo("http://127.0.0.1:" + port + "/api.php").get(parseRequest()));
      assertEquals(
          "The wiki at http://127.0.0.1:"
              + port
              + "/api.php did not answer: the connection to 127.0.0.1:"
              + port
              + " failed: connection reset. Check that ARCHWIKI_API_URL names a wiki that is"
              + " running and reachable from this machine, or set ARCHWIKI_OFFLINE=1 to answer"
              + " from recorded wiki responses in the folder ARCHWIKI_FIXTURES names.",
          e.getMessage());
    }
  }

  /** A server that takes the request and closes the connection (FIN) without a word. */
  @Test
  void aConnectionClosedWithoutAnAnswerIsNamedAsSuch() throws IOException {
    try (ServerSocket closing = unanswering(s -> {})) {
      int port = closing.getLocalPort();
      WikiException e =
          assertThrows(
              WikiException.class,
              () -> transportTo("http://127.0.0.1:" + port + "/api.php").get(parseRequest()));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "The wiki at http://127.0.0.1:"
                      + port
                      + "/api.php did not answer: 127.0.0.1:"
                      + port
                      + " closed the connection before answering. "),
          e.getMessage());
    }
  }

  /**
   * The exception chains java.net.http (JDK 17) throws, as observed, and what each becomes: the
   * outer exception and its causes are matched, never quoted.
   */
  @Test
  void everyNetworkFailureIsDescribedInPlainWords() {
    String host = "wiki.archlinux.org";
    Duration thirty = Duration.ofSeconds(30);
    Map<String, IOException> cases = new java.util.LinkedHashMap<>();
    cases.put(
        "could not connect to wiki.archlinux.org: connection refused",
        connect(new java.nio.channels.ClosedChannelException()));
    cases.put(
        "could not connect to wiki.archlinux.org: the host name does not resolve (DNS)",
        connect(new java.nio.channels.UnresolvedAddressException()));
    cases.put(
        "could not connect to wiki.archlinux.org: no route to host",
        connect(new java.net.NoRouteToHostException("No route to host")));
    cases.put(
        "could not connect to wiki.archlinux.org: network is unreachable",
        connect(new java.net.SocketException("Network is unreachable")));
    cases.put(
        "could not connect to wiki.archlinux.org: timed out after 10 s",
        new java.net.http.HttpConnectTimeoutException("HTTP connect timed out"));
    cases.put(
        "no answer from wiki.archlinux.org: timed out after 30 s (ARCHWIKI_TIMEOUT)",
        new java.net.http.HttpTimeoutException("request timed out"));
    cases.put(
        "the connection to wiki.archlinux.org failed: connection reset",
        new IOException(
            "HTTP/1.1 header parser received no bytes",
            new java.net.SocketException("Connection reset")));
    cases.put(
        "wiki.archlinux.org closed the connection before answering",
        new IOException(
            "HTTP/1.1 header parser received no bytes",
            new java.io.EOFException("EOF reached while reading")));
    cases.put(
        "could not connect securely (TLS) to wiki.archlinux.org: the TLS handshake failed",
        new javax.net.ssl.SSLHandshakeException("Remote host terminated the handshake"));
    javax.net.ssl.SSLHandshakeException untrusted =
        new javax.net.ssl.SSLHandshakeException("PKIX path building failed");
    untrusted.initCause(
        new java.security.cert.CertificateException(
            "sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid"
                + " certification path to requested target"));
    cases.put(
        "could not connect securely (TLS) to wiki.archlinux.org: its certificate is not trusted"
            + " by this Java installation",
        untrusted);
    cases.put(
        "the connection to wiki.archlinux.org failed before an answer arrived",
        new IOException("something no one has seen yet"));
    for (Map.Entry<String, IOException> c : cases.entrySet()) {
      assertEquals(c.getKey(), HttpTransport.describe(c.getValue(), host, thirty));
    }
    assertEquals(
        "could not connect to wiki.archlinux.org: timed out after 0.3 s",
        HttpTransport.describe(
            new java.net.http.HttpConnectTimeoutException("HTTP connect timed out"),
            host,
            Duration.ofMillis(300)));
  }

  /** What java.net.http throws for a failed connect: a message-less ConnectException, twice. */
  private static IOException connect(Throwable socketLevel) {
    java.net.ConnectException inner = new java.net.ConnectException();
    inner.initCause(socketLevel);
    java.net.ConnectException outer = new java.net.ConnectException();
    outer.initCause(inner);
    return outer;
  }

  @Test
  void aTimeoutPointsAtOfflineModeButAnAnswerDoesNot() {
    responder =
        (ex, hit) -> {
          try {
            Thread.sleep(1500);
          } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
          }
          send(ex, 200, "application/json", "{}");
        };
    WikiException slow =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofMillis(300)).get(parseRequest()));
    assertTrue(slow.getMessage().contains("ARCHWIKI_OFFLINE=1"), slow.getMessage());
    assertTrue(
        slow.getMessage()
            .startsWith(
                "The wiki at "
                    + endpoint()
                    + " did not answer: no answer from 127.0.0.1:"
                    + server.getAddress().getPort()
                    + ": timed out after 0.3 s (ARCHWIKI_TIMEOUT). "),
        slow.getMessage());
    assertPlainWords(slow.getMessage());

    // The wiki was reached and refused: working offline is no answer to that.
    responder = (ex, hit) -> send(ex, 404, "text/plain", "no");
    WikiException refused =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertFalse(refused.getMessage().contains("ARCHWIKI_OFFLINE"), refused.getMessage());
  }

  @Test
  void aRetryAfterBeyondTheBoundFailsAtOnceWithoutWaiting() {
    responder =
        (ex, hit) -> {
          ex.getResponseHeaders().set("Retry-After", "3600");
          send(ex, 429, "text/plain", "slow down");
        };
    WikiException e =
        assertThrows(
            WikiException.class, () -> transport(Duration.ofSeconds(5)).get(parseRequest()));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertEquals(1, hits.get(), "a retry sooner than the wiki asked is pointless");
    assertEquals(List.of(), sleeps);
    assertTrue(
        e.getMessage().contains("HTTP 429") && e.getMessage().contains("3600 s"), e.getMessage());
  }

  @Test
  void aRetryAfterDateIsHonouredLikeSeconds() {
    java.time.Instant now = java.time.Instant.parse("2026-12-01T21:00:00Z");
    responder =
        (ex, hit) -> {
          if (hit == 1) {
            ex.getResponseHeaders().set("Retry-After", "Tue, 01 Dec 2026 21:00:03 GMT");
            send(ex, 503, "text/plain", "maintenance");
          } else {
            send(ex, 200, "application/json", "{\"ok\":true}");
          }
        };
    HttpTransport transport =
        new HttpTransport(
            json(),
            endpoint(),
            "ua",
            Duration.ofSeconds(5),
            sleeps::add,
            java.time.Clock.fixed(now, java.time.ZoneOffset.UTC));
    assertEquals(Map.of("ok", true), transport.get(parseRequest()));
    assertEquals(List.of(Duration.ofSeconds(3)), sleeps);
  }
}
