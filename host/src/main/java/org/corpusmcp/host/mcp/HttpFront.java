package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything in front of the SDK's Streamable HTTP servlet: the endpoint path, the liveness and
 * readiness probes, the bearer token, the Origin/Host check (DNS rebinding) for every path, CORS
 * for browser clients on allowed origins, the {@code MCP-Protocol-Version} header, the size limit,
 * the {@link ProtocolGate} on each POST body, a response to no request of the server's (accepted
 * with 202, not forwarded), and the session cap (a {@link SessionLedger}). A POST of revision
 * 2026-07-28 (by its version header or its {@code _meta}) goes to {@link ModernProtocol} instead of
 * the SDK, after the same Origin/Host, token and size checks. Every refusal is a JSON-RPC error
 * body; no HTML error page and no stack trace ever leaves the server, including from the SDK's own
 * {@code sendError} calls.
 *
 * <p>Bodies reach this filter already in memory ({@link WholeBodyHandler}), so reading one here
 * never waits on the client.
 */
final class HttpFront implements Filter {

  private static final Logger log = LoggerFactory.getLogger(HttpFront.class);

  private static final Set<String> PROTOCOL_VERSIONS =
      Set.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");
  private static final String SESSION_HEADER = "Mcp-Session-Id";

  /** A refused {@code initialize} waits for a request or a stream to end: seconds. */
  private static final int BUSY_RETRY_SECONDS = 5;

  private static final Duration EVICTION_WARNING_EVERY = Duration.ofMinutes(1);

  private final HttpSettings settings;

  // ServerTransportSecurityValidator is deprecated in MCP SDK 2.1 (ServerHttpHeaderValidator
  // replaces it); moving over is a change of its own, with the Host/Origin checks re-verified
  @SuppressWarnings("deprecation")
  private final ServerTransportSecurityValidator securityValidator;

  private final ProtocolGate gate;
  private final ModernProtocol modern;
  private final JsonMapper json;
  private final SessionLedger sessions;
  private final SessionEviction eviction;
  private final StreamKeepAlive keepAlive;
  private final AtomicLong evictions = new AtomicLong();
  private final AtomicLong lastEvictionWarning = new AtomicLong();
  private final byte @Nullable [] token;
  private final BooleanSupplier ready;

  /**
   * @param ready whether {@value HttpSettings#READINESS_PATH} answers 200: true while serving,
   *     false once a shutdown has begun
   */
  @SuppressWarnings("deprecation") // the validator's type, as on the field
  HttpFront(
      HttpSettings settings,
      ServerTransportSecurityValidator securityValidator,
      ProtocolGate gate,
      ModernProtocol modern,
      JsonMapper json,
      BooleanSupplier ready,
      SessionEviction eviction,
      StreamKeepAlive keepAlive) {
    this.settings = settings;
    this.eviction = eviction;
    this.keepAlive = keepAlive;
    this.ready = ready;
    this.securityValidator = securityValidator;
    this.gate = gate;
    this.modern = modern;
    this.json = json;
    this.sessions = new SessionLedger(settings.maxSessions(), settings.sessionIdleTimeout());
    String t = settings.bearerToken();
    this.token = t == null || t.isBlank() ? null : t.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = new JsonErrorResponse((HttpServletResponse) res, json);
    try {
      securityValidator.validateHeaders(headersOf(request));
    } catch (ServerTransportSecurityException e) {
      response.sendError(e.getStatusCode(), e.getMessage());
      return;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !origin.isBlank()) {
      // The validator above already refused origins that are not allowed.
      response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Vary", "Origin");
      response.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, MCP-Protocol-Version");
    }
    if ("OPTIONS".equals(request.getMethod())) {
      response.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
      response.setHeader(
          "Access-Control-Allow-Headers",
          "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID,"
              + " Mcp-Method, Mcp-Name");
      response.setHeader("Access-Control-Max-Age", "600");
      response.setStatus(HttpServletResponse.SC_NO_CONTENT);
      return;
    }
    if (probe(request, response)) {
      return;
    }
    if (!HttpSettings.ENDPOINT.equals(request.getRequestURI())) {
      response.sendError(
          HttpServletResponse.SC_NOT_FOUND,
          "Not found: the MCP endpoint is " + HttpSettings.ENDPOINT);
      return;
    }
    if (token != null && !authorized(request.getHeader("Authorization"))) {
      response.setHeader("WWW-Authenticate", "Bearer");
      response.sendError(
          HttpServletResponse.SC_UNAUTHORIZED,
          "Unauthorized: send 'Authorization: Bearer <token>'");
      return;
    }
    String version = request.getHeader("MCP-Protocol-Version");
    boolean modernHeader = ModernHeaders.claimsModern(version);
    String session = request.getHeader(SESSION_HEADER);
    if (!"POST".equals(request.getMethod())) {
      if (modernHeader) {
        // 2026-07-28 has no standalone stream (GET) and no session to end (DELETE).
        response.sendError(
            HttpServletResponse.SC_METHOD_NOT_ALLOWED,
            "Method not allowed: "
                + ModernProtocol.VERSION
                + " takes only POST on "
                + HttpSettings.ENDPOINT);
        return;
      }
      if (unsupportedVersion(response, version)
          || ("GET".equals(request.getMethod()) && !accepts(request, response, false))
          || !namesSession(request.getMethod(), session, response)) {
        return;
      }
      forward(request, response, chain, session, false);
      return;
    }
    byte[] body = readBounded(request.getInputStream(), settings.maxRequestBytes());
    if (body == null) {
      response.sendError(
          HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
          "Request body larger than " + settings.maxRequestBytes() + " bytes");
      return;
    }
    String text = new String(body, StandardCharsets.UTF_8);
    JsonNode parsed = modern.parse(text);
    if (parsed != null && (modernHeader || ModernProtocol.isModern(parsed))) {
      // Stateless: no session, no SDK; Origin, Host and token were checked above.
      boolean takesStreams =
          String.valueOf(request.getHeader("Accept"))
              .toLowerCase(Locale.ROOT)
              .contains("text/event-stream");
      ModernAnswerStream stream = new ModernAnswerStream(response, takesStreams);
      ModernProtocol.Answer answer =
          modern.handle(
              parsed,
              new ModernHeaders(
                  version, request.getHeader("Mcp-Method"), request.getHeader("Mcp-Name")),
              stream,
              () -> takesStreams ? ListenResponse.start(request, response) : null);
      if (answer.isNotification()) {
        response.setStatus(HttpServletResponse.SC_ACCEPTED);
      } else if (answer.response() != null) {
        stream.answer(answer.httpStatus(), answer.response().toString());
      }
      return;
    }
    if (unsupportedVersion(response, version)) {
      return;
    }
    ProtocolGate.Verdict verdict = parsed == null ? gate.inspect(text) : gate.inspect(parsed);
    if (verdict instanceof ProtocolGate.Reply reply) {
      boolean malformed = reply.code() == -32700 || reply.code() == -32600;
      writeJson(response, malformed ? 400 : 200, reply.response().toString());
      return;
    }
    if (verdict instanceof ProtocolGate.Drop drop) {
      response.sendError(
          HttpServletResponse.SC_BAD_REQUEST, "Invalid notification: " + drop.reason());
      return;
    }
    if (verdict instanceof ProtocolGate.Ignore) {
      response.setStatus(HttpServletResponse.SC_ACCEPTED);
      return;
    }
    ProtocolGate.Forward forward = (ProtocolGate.Forward) verdict;
    boolean initialize =
        forward.isRequest() && "initialize".equals(forward.message().path("method").asString());
    if (!accepts(request, response, true)
        || (!initialize && !namesSession("POST", session, response))) {
      return;
    }
    if (isStrayResponse(forward, session)) {
      // JSON-RPC never answers a response, and the 2025-11-25 transport accepts one with 202
      // and no body; the SDK failed it with 500 and an ERROR line.
      log.debug(
          "discarded a response to no request of this server's (session {}, id {})",
          session,
          forward.message().get("id"));
      response.setStatus(HttpServletResponse.SC_ACCEPTED);
      return;
    }
    HttpServletRequest replayed =
        new CachedBodyRequest(
            request, forward.message().toString().getBytes(StandardCharsets.UTF_8));
    if (initialize) {
      initialize(replayed, response, chain, forward.message().get("id"));
    } else {
      forward(replayed, response, chain, session, forward.isRequest());
    }
  }

  /**
   * A response (no {@code method}) in a session whose id cannot answer a request of this server's.
   * The SDK numbers the requests it sends in a session {@code <session id>-<n>} (today only
   * keep-alive pings), and fails any other id with HTTP 500 and an ERROR line. Without a session
   * header the SDK's own 400 stands.
   */
  private static boolean isStrayResponse(ProtocolGate.Forward forward, @Nullable String session) {
    if (forward.isRequest()
        || forward.message().has("method")
        || session == null
        || session.isBlank()) {
      return false;
    }
    JsonNode id = forward.message().get("id");
    if (id == null || !id.isString()) {
      return true;
    }
    String text = id.stringValue();
    String prefix = session.trim() + "-";
    return !(text.startsWith(prefix)
        && text.length() > prefix.length()
        && text.substring(prefix.length()).chars().allMatch(c -> c >= '0' && c <= '9'));
  }

  /**
   * Refuses a request whose {@code Accept} header does not list what the 2025-11-25 transport says
   * it must: {@code text/event-stream} for the {@code GET} stream, that and {@code
   * application/json} for a POST. Before, the SDK refused it with JSON-RPC -32601 (method not
   * found), which sends a client looking for the wrong fault.
   */
  private static boolean accepts(
      HttpServletRequest request, HttpServletResponse response, boolean post) throws IOException {
    // both named, as the SDK behind this checks them: a wildcard alone it refuses
    String accept = String.valueOf(request.getHeader("Accept")).toLowerCase(Locale.ROOT);
    boolean events = accept.contains("text/event-stream");
    boolean json = accept.contains("application/json");
    if (events && (json || !post)) {
      return true;
    }
    response.sendError(
        HttpServletResponse.SC_NOT_ACCEPTABLE,
        post
            ? "Not Acceptable: the Accept header must list both application/json and"
                + " text/event-stream"
            : "Not Acceptable: the GET stream is text/event-stream; list it in the Accept header");
    return false;
  }

  /**
   * Refuses a request that needs a session (all but {@code initialize} and the methods the SDK
   * answers 405) and names none. Before, the SDK answered -32601 (method not found).
   */
  private static boolean namesSession(
      String method, @Nullable String session, HttpServletResponse response) throws IOException {
    if ((session != null && !session.isBlank())
        || !("POST".equals(method) || "GET".equals(method) || "DELETE".equals(method))) {
      return true;
    }
    response.sendError(
        HttpServletResponse.SC_BAD_REQUEST,
        "Bad Request: this request needs the Mcp-Session-Id header; send initialize first to get"
            + " a session");
    return false;
  }

  /** Refuses a session-based request whose version header names no revision served here. */
  private static boolean unsupportedVersion(HttpServletResponse response, @Nullable String version)
      throws IOException {
    if (version == null || PROTOCOL_VERSIONS.contains(version.trim())) {
      return false;
    }
    response.sendError(
        HttpServletResponse.SC_BAD_REQUEST,
        "Bad Request: unsupported MCP-Protocol-Version "
            + version
            + "; supported: "
            + new java.util.TreeSet<>(PROTOCOL_VERSIONS));
    return true;
  }

  /**
   * The liveness and readiness probes, for load balancers and orchestrators. They come after the
   * Host/Origin check but need no token: probes seldom carry one, and the answer says no more than
   * whether the process serves. The server listens only once every plugin has started and every
   * archive has opened (a failure there ends start-up), so readiness is lost only when a shutdown
   * begins.
   */
  private boolean probe(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String path = request.getRequestURI();
    boolean liveness = HttpSettings.LIVENESS_PATH.equals(path);
    if (!liveness && !HttpSettings.READINESS_PATH.equals(path)) {
      return false;
    }
    if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
      response.setHeader("Allow", "GET, HEAD");
      response.sendError(
          HttpServletResponse.SC_METHOD_NOT_ALLOWED,
          "Method not allowed: " + path + " answers GET");
      return true;
    }
    response.setHeader("Cache-Control", "no-store");
    if (liveness) {
      writeJson(response, HttpServletResponse.SC_OK, "{\"status\":\"alive\"}");
    } else if (ready.getAsBoolean()) {
      writeJson(response, HttpServletResponse.SC_OK, "{\"status\":\"ready\"}");
    } else {
      writeJson(
          response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "{\"status\":\"shutting down\"}");
    }
    return true;
  }

  /**
   * An {@code initialize}: a new session. At the cap, the session the ledger picks is ended first
   * to make room ({@link SessionLedger#admit}); only when every session is busy is the newcomer
   * refused.
   */
  private void initialize(
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain,
      @Nullable JsonNode id)
      throws IOException, ServletException {
    SessionLedger.Admission admission = sessions.admit();
    if (!admission.admitted()) {
      response.setHeader("Retry-After", String.valueOf(BUSY_RETRY_SECONDS));
      writeJson(
          response,
          HttpServletResponse.SC_SERVICE_UNAVAILABLE,
          HttpErrors.body(
              json,
              503,
              id,
              "Too many open sessions (the limit is "
                  + sessions.max()
                  + ", MCP_MAX_SESSIONS), and every one is busy with a request or an open"
                  + " stream: retry in a few seconds"));
      return;
    }
    String created = null;
    try {
      if (admission.evicted() != null) {
        evict(request, response, admission.evicted());
      }
      chain.doFilter(request, response);
      if (response.getStatus() == HttpServletResponse.SC_OK) {
        created = response.getHeader(SESSION_HEADER);
      }
    } finally {
      sessions.settle(created);
    }
  }

  /** Ends {@code victim} for a newcomer, and says so in the log once a minute at most. */
  private void evict(HttpServletRequest request, HttpServletResponse response, String victim)
      throws IOException, ServletException {
    boolean ended = eviction.end(request, response, victim);
    log.debug("session cap: ended session {} for a new one ({})", victim, ended);
    long evicted = evictions.incrementAndGet();
    long now = System.nanoTime();
    long last = lastEvictionWarning.get();
    if ((last == 0 || now - last > EVICTION_WARNING_EVERY.toNanos())
        && lastEvictionWarning.compareAndSet(last, now == 0 ? 1 : now)) {
      log.warn(
          "{} open sessions, the limit (MCP_MAX_SESSIONS): ending the longest idle ones to let"
              + " new clients in ({} so far; their clients get 404 and start a new session)",
          sessions.max(),
          evicted);
    }
  }

  /**
   * Any other request: keeps the ledger in step with what the SDK knows of the session, and passes
   * the SDK's SSE through an {@link EventStreamResponse}, keeping {@code GET} streams alive.
   */
  private void forward(
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain,
      @Nullable String session,
      boolean isRequest)
      throws IOException, ServletException {
    boolean stream = "GET".equals(request.getMethod());
    EventStreamResponse events = new EventStreamResponse(response);
    chain.doFilter(request, events);
    if (session == null || session.isBlank()) {
      return;
    }
    int status = events.getStatus();
    if (status == HttpServletResponse.SC_NOT_FOUND
        || ("DELETE".equals(request.getMethod()) && status < 300)) {
      sessions.forget(session);
      return;
    }
    sessions.seen(session, isRequest);
    if (request.isAsyncStarted()) {
      // An SSE stream (a GET, or a POST answered over SSE): the SDK never sweeps a session
      // with one open, so neither does the ledger.
      sessions.streamOpened(session);
      AtomicBoolean ended = new AtomicBoolean();
      AsyncContext async = request.getAsyncContext();
      async.addListener(
          new StreamEnd(
              () -> {
                ended.set(true);
                sessions.streamClosed(session);
              }));
      EventStreamWriter writer = events.events();
      if (stream && writer != null) {
        keepAlive.watch(async, writer, ended);
      }
    }
  }

  /** Runs once when an async (SSE) response ends, however it ends. */
  private static final class StreamEnd implements AsyncListener {
    private final Runnable onEnd;
    private final AtomicBoolean ended = new AtomicBoolean();

    StreamEnd(Runnable onEnd) {
      this.onEnd = onEnd;
    }

    private void end() {
      if (ended.compareAndSet(false, true)) {
        onEnd.run();
      }
    }

    @Override
    public void onComplete(AsyncEvent event) {
      end();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      end();
    }

    @Override
    public void onError(AsyncEvent event) {
      end();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      // a re-dispatch keeps the same stream open
    }
  }

  private boolean authorized(@Nullable String header) {
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7) || token == null) {
      return false;
    }
    byte[] offered = header.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(offered, token); // constant time: no timing oracle on the token
  }

  private static Map<String, List<String>> headersOf(HttpServletRequest request) {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (String name : Collections.list(request.getHeaderNames())) {
      headers.put(name, Collections.list(request.getHeaders(name)));
    }
    return headers;
  }

  private static byte @Nullable [] readBounded(InputStream in, int max) throws IOException {
    byte[] bytes = in.readNBytes(max + 1);
    return bytes.length > max ? null : bytes;
  }

  static void writeJson(HttpServletResponse response, int status, String body) throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    response.getWriter().write(body);
    response.getWriter().flush();
  }

  /** Replays an already-read body to the SDK servlet. */
  private static final class CachedBodyRequest extends HttpServletRequestWrapper {
    private final byte[] body;

    CachedBodyRequest(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new UnsupportedOperationException("synchronous reads only");
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }

  /** Turns every {@code sendError} (ours and the SDK's) into a JSON-RPC error body. */
  private static final class JsonErrorResponse extends HttpServletResponseWrapper {
    private final JsonMapper json;

    JsonErrorResponse(HttpServletResponse response, JsonMapper json) {
      super(response);
      this.json = json;
    }

    @Override
    public void sendError(int status) throws IOException {
      sendError(status, null);
    }

    @Override
    public void sendError(int status, @Nullable String message) throws IOException {
      if (isCommitted()) {
        return;
      }
      resetBuffer();
      writeJson(this, status, HttpErrors.body(json, status, null, message));
    }
  }
}
