package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Jazzer over what the HTTP front reads from a request before the SDK sees it: the {@code Host} and
 * {@code Origin} headers (DNS rebinding), {@code Authorization} (the bearer token), the routing
 * headers of revision 2026-07-28 and a replica-prefixed {@code Mcp-Session-Id}, sent as raw HTTP to
 * a running server (token set, replica id set, one extra host and origin allowed). Every request is
 * answered; no answer is a 5xx; a request served with 2xx carried the token and, with them, an
 * allowed Host and an absent or allowed Origin; a 401 names the Bearer scheme; and no answer
 * carries a Java class name, a stack trace or a server path.
 */
@Tag("fuzz")
class HttpFrontFuzzTest {

  private static final String TOKEN = "fuzz-token-7f3a";
  private static final String REPLICA = "r1";
  private static final String EXTRA_HOST = "mcp.example.org";
  private static final String EXTRA_ORIGIN = "https://app.example.org";
  private static final Pattern LOOPBACK_HOST =
      Pattern.compile("(127\\.0\\.0\\.1|localhost|\\[::1\\]):[0-9]+");
  private static final Pattern LOOPBACK_ORIGIN =
      Pattern.compile("https?://(127\\.0\\.0\\.1|localhost|\\[::1\\]):[0-9]+");
  private static final Pattern LEAK =
      Pattern.compile(
          "\\b(java|javax|jakarta|tools\\.jackson|com\\.fasterxml|io\\.modelcontextprotocol"
              + "|org\\.eclipse|org\\.corpusmcp)\\.[a-z]|Exception\\b|\\tat |/tmp/|/work/|/root/");
  private static final String META =
      "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
  private static final String[] BODIES = {
    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"sample_echo\","
        + "\"arguments\":{\"text\":\"ab\"},\"_meta\":"
        + META
        + "}}",
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":" + META + "}}",
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
        + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}",
  };
  private static final String[] METHODS = {"POST", "POST", "POST", "GET", "DELETE", "OPTIONS"};
  private static final String[] PATHS = {"/mcp", "/mcp", "/mcp", "/healthz", "/readyz", "/"};

  @TempDir static Path dir;
  private static @Nullable Host host;
  private static @Nullable HttpMcpServer server;

  /**
   * Started on the first input, not in {@code @BeforeAll}: Jazzer instruments the classes loaded
   * once fuzzing has begun, and a record class loaded before it (HttpSettings) then failed its own
   * accessors with NoSuchFieldError.
   */
  private static synchronized HttpMcpServer server() {
    if (server == null) {
      JsonMapper json = JsonText.newMapper();
      host = Host.start(SamplePlugins.settings(SamplePlugins.write(dir)), json, List.of());
      server =
          HttpMcpServer.start(
              new HttpSettings(
                  "127.0.0.1",
                  0,
                  TOKEN,
                  List.of(EXTRA_HOST),
                  List.of(EXTRA_ORIGIN),
                  1 << 20,
                  HttpSettings.DEFAULT_MAX_SESSIONS,
                  HttpSettings.DEFAULT_SESSION_IDLE_TIMEOUT,
                  HttpSettings.DEFAULT_MAX_CONNECTIONS,
                  HttpSettings.DEFAULT_HEADER_TIMEOUT,
                  REPLICA,
                  false),
              host.mcpParts(Duration.ofSeconds(30)));
    }
    return server;
  }

  @AfterAll
  static synchronized void stop() {
    if (server != null) {
      server.close();
    }
    if (host != null) {
      host.close();
    }
  }

  @FuzzTest(maxDuration = "30s")
  @SuppressWarnings("try") // the resource is the permission itself, held for the exchange
  void everyRequestIsAnsweredAndOnlyAnAuthorizedOneIsServed(FuzzedDataProvider data)
      throws IOException {
    int port = server().port();
    String method = METHODS[data.consumeInt(0, METHODS.length - 1)];
    String path = data.consumeInt(0, 9) == 0 ? "/" + value(data) : PATHS[data.consumeInt(0, 5)];
    String hostHeader =
        pick(
            data,
            "127.0.0.1:" + port,
            "localhost:" + port,
            "[::1]:" + port,
            EXTRA_HOST,
            "evil.example:" + port);
    String origin =
        pick(data, "http://localhost:5173", EXTRA_ORIGIN, "http://127.0.0.1:" + port, "null");
    String authorization =
        pick(data, "Bearer " + TOKEN, "bearer  " + TOKEN + " ", "Bearer " + TOKEN + "x", "Basic x");
    String body = BODIES[data.consumeInt(0, BODIES.length - 1)];
    String rpcMethod = body.substring(body.indexOf("\"method\":\"") + 10).split("\"", 2)[0];
    String version = pick(data, "2026-07-28", "2025-11-25", " 2026-07-28 ");
    String mcpMethod = pick(data, rpcMethod, "tools/list");
    String mcpName = pick(data, "sample_echo", "=?base64?c2FtcGxlX2VjaG8=?=", "=?base64?x?=");
    String session = pick(data, REPLICA + ".abc", "r2.abc", REPLICA + ".");
    if (data.consumeBoolean()) {
      body = body.substring(0, data.consumeInt(0, body.length())) + value(data);
    }

    StringBuilder request = new StringBuilder();
    request.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    header(request, "Host", hostHeader);
    header(request, "Origin", origin);
    header(request, "Authorization", authorization);
    header(request, "MCP-Protocol-Version", version);
    header(request, "Mcp-Method", mcpMethod);
    header(request, "Mcp-Name", mcpName);
    header(request, "Mcp-Session-Id", session);
    byte[] content = body.getBytes(StandardCharsets.UTF_8);
    request
        .append("Content-Type: application/json\r\n")
        .append("Accept: application/json, text/event-stream\r\n")
        .append("Content-Length: ")
        .append(content.length)
        .append("\r\nConnection: close\r\n\r\n");
    String answer;
    // Jazzer reports any connection as a possible SSRF; this target's own are to the server only.
    try (SilentCloseable allowed = BugDetectors.allowNetworkConnections((h, p) -> p == port)) {
      answer = exchange(port, request.toString().getBytes(StandardCharsets.UTF_8), content);
    }

    assertTrue(answer.startsWith("HTTP/1.1 "), () -> "no answer: " + answer);
    int status = Integer.parseInt(answer.substring(9, 12));
    assertTrue(
        status < 500,
        () ->
            "a server error for\n"
                + request
                + new String(content, StandardCharsets.UTF_8)
                + "\n:\n"
                + answer);
    String sent = request + new String(content, StandardCharsets.UTF_8);
    Matcher leak = LEAK.matcher(answer);
    while (leak.find()) {
      if (!sent.contains(leak.group())) { // echoing the client's own text back leaks nothing
        throw new AssertionError("a class name, stack trace or path in: " + answer);
      }
    }
    String lower = answer.toLowerCase(Locale.ROOT);
    if (status == 401) {
      assertTrue(lower.contains("\r\nwww-authenticate: bearer"), answer);
    }
    if (status / 100 == 2 && !"OPTIONS".equals(method)) {
      assertTrue(
          hostHeader != null
              && (LOOPBACK_HOST.matcher(hostHeader.trim()).matches()
                  || hostHeader.trim().equals(EXTRA_HOST)),
          () -> "served for Host " + hostHeader + ": " + answer);
      assertTrue(
          origin == null
              || origin.isBlank()
              || LOOPBACK_ORIGIN.matcher(origin.trim()).matches()
              || origin.trim().equals(EXTRA_ORIGIN),
          () -> "served for Origin " + origin + ": " + answer);
      if (path.equals("/mcp")) {
        assertTrue(
            authorization != null
                && authorization.length() >= 7
                && authorization.substring(0, 7).equalsIgnoreCase("Bearer ")
                && authorization.substring(7).trim().equals(TOKEN),
            () -> "served without the token (" + authorization + "): " + answer);
      }
    }
  }

  /** One of the given values, a fuzzed one, or none (null). */
  private static @Nullable String pick(FuzzedDataProvider data, String... values) {
    int choice = data.consumeInt(0, values.length + 1);
    if (choice < values.length) {
      return values[choice];
    }
    return choice == values.length ? value(data) : null;
  }

  /** A header-safe fuzzed value: one line, so the request stays one request. */
  private static String value(FuzzedDataProvider data) {
    return data.consumeString(80).replace('\r', ' ').replace('\n', ' ');
  }

  private static void header(StringBuilder request, String name, @Nullable String value) {
    if (value != null) {
      request.append(name).append(": ").append(value).append("\r\n");
    }
  }

  private static String exchange(int port, byte[] head, byte[] body) throws IOException {
    try (Socket socket = Loopback.connect(port)) {
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(head);
      socket.getOutputStream().write(body);
      socket.getOutputStream().flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return out.toString(StandardCharsets.UTF_8);
    }
  }
}
