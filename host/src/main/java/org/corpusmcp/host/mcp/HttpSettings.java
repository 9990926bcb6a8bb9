package org.corpusmcp.host.mcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How the Streamable HTTP endpoint listens and whom it lets in.
 *
 * @param host the bind address; loopback by default
 * @param port the TCP port; 0 picks a free one (tests)
 * @param bearerToken when set, every request must carry {@code Authorization: Bearer <token>}
 * @param extraAllowedHosts {@code Host} header values accepted besides the loopback names
 * @param extraAllowedOrigins {@code Origin} values accepted besides loopback origins
 * @param maxRequestBytes larger request bodies get 413
 * @param maxSessions open sessions at most; at the cap a new {@code initialize} ends the idle
 *     session least likely to be missed (see {@code SessionLedger.admit})
 * @param sessionIdleTimeout a session without requests or open streams for this long is closed
 *     (within as long again)
 * @param maxConnections TCP connections at most; further ones wait in the accept queue
 * @param headerTimeout a connection that has not sent a complete request line and headers this long
 *     after it opened, or after its previous response, is closed
 * @param replicaId when set, session ids are issued as {@code <replicaId>.<id>} so that a load
 *     balancer in front of several replicas can send a session's requests to its replica
 * @param unauthenticatedExposureAllowed the operator's statement that a non-loopback bind without a
 *     token is safe because something else confines it (a container whose port is published on the
 *     host's loopback only); without it such a bind is refused
 */
public record HttpSettings(
    String host,
    int port,
    @Nullable String bearerToken,
    List<String> extraAllowedHosts,
    List<String> extraAllowedOrigins,
    int maxRequestBytes,
    int maxSessions,
    Duration sessionIdleTimeout,
    int maxConnections,
    Duration headerTimeout,
    @Nullable String replicaId,
    boolean unauthenticatedExposureAllowed) {

  public static final String ENDPOINT = "/mcp";

  /** 200 while the process serves. */
  public static final String LIVENESS_PATH = "/healthz";

  /** 200 while it accepts work; 503 once a shutdown has begun. */
  public static final String READINESS_PATH = "/readyz";

  /** The port {@code serve --http} listens on without {@code --port} or {@code MCP_PORT}. */
  public static final int DEFAULT_PORT = 8000;

  public static final int DEFAULT_MAX_SESSIONS = 1000;
  public static final Duration DEFAULT_SESSION_IDLE_TIMEOUT = Duration.ofMinutes(30);
  public static final int DEFAULT_MAX_CONNECTIONS = 256;
  public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);

  /** A body must average at least this many bytes a second once {@link #BODY_GRACE} has passed. */
  public static final long MIN_BODY_BYTES_PER_SECOND = 1024;

  public static final Duration BODY_GRACE = Duration.ofSeconds(5);

  /** A connection with no bytes in either direction for this long is closed. */
  public static final Duration CONNECTION_IDLE_TIMEOUT = Duration.ofSeconds(30);

  /**
   * How often an open {@code GET} stream gets a keep-alive comment: half the idle timeout, so a
   * stream with nothing to say is never idle long enough to be closed.
   */
  public static final Duration KEEP_ALIVE = CONNECTION_IDLE_TIMEOUT.dividedBy(2);

  /** Request line plus headers at most; more gets 431 (or 414 for a long URI). */
  public static final int MAX_REQUEST_HEADER_BYTES = 8 * 1024;

  /** Threads serving requests; bodies are read without one, so slow senders hold none. */
  public static final int WORKER_THREADS = 64;

  public HttpSettings {
    extraAllowedHosts = List.copyOf(extraAllowedHosts);
    extraAllowedOrigins = List.copyOf(extraAllowedOrigins);
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535, got " + port);
    }
    if (maxSessions < 1) {
      throw new IllegalArgumentException("the session cap must be at least 1, got " + maxSessions);
    }
    if (sessionIdleTimeout.isNegative() || sessionIdleTimeout.toMillis() < 1000) {
      throw new IllegalArgumentException(
          "the session idle timeout must be at least 1 second, got " + sessionIdleTimeout);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException(
          "the connection limit must be at least 1, got " + maxConnections);
    }
    if (headerTimeout.toMillis() < 100) {
      throw new IllegalArgumentException(
          "the header timeout must be at least 100 ms, got " + headerTimeout);
    }
    if (replicaId != null && !ReplicaSessionIds.VALID.matcher(replicaId).matches()) {
      throw new IllegalArgumentException(
          "a replica id is 1 to 32 letters, digits, '-' or '_', got '" + replicaId + "'");
    }
  }

  /** Settings with the default session and connection limits. */
  public HttpSettings(
      String host,
      int port,
      @Nullable String bearerToken,
      List<String> extraAllowedHosts,
      List<String> extraAllowedOrigins,
      int maxRequestBytes) {
    this(
        host,
        port,
        bearerToken,
        extraAllowedHosts,
        extraAllowedOrigins,
        maxRequestBytes,
        DEFAULT_MAX_SESSIONS,
        DEFAULT_SESSION_IDLE_TIMEOUT,
        DEFAULT_MAX_CONNECTIONS,
        DEFAULT_HEADER_TIMEOUT,
        null,
        false);
  }

  /*
   * The withers serve the HTTP tests (SessionCapTest, SlowHeadersTest, HostileHttpClientsTest) that
   * need one small limit: without them each would list all twelve fields, the copy withLimits keeps
   * in one place. serve builds its settings once, from flags and environment, with the constructor.
   */

  /** These settings with other session limits. */
  public HttpSettings withSessionLimits(int maxSessions, Duration sessionIdleTimeout) {
    return withLimits(maxSessions, sessionIdleTimeout, maxConnections, headerTimeout);
  }

  /** These settings with another connection limit. */
  public HttpSettings withMaxConnections(int maxConnections) {
    return withLimits(maxSessions, sessionIdleTimeout, maxConnections, headerTimeout);
  }

  /** These settings with another deadline for request headers. */
  public HttpSettings withHeaderTimeout(Duration headerTimeout) {
    return withLimits(maxSessions, sessionIdleTimeout, maxConnections, headerTimeout);
  }

  /** The one copy the withers share: only the limits an operator or a test tunes change. */
  private HttpSettings withLimits(
      int maxSessions, Duration sessionIdleTimeout, int maxConnections, Duration headerTimeout) {
    return new HttpSettings(
        host,
        port,
        bearerToken,
        extraAllowedHosts,
        extraAllowedOrigins,
        maxRequestBytes,
        maxSessions,
        sessionIdleTimeout,
        maxConnections,
        headerTimeout,
        replicaId,
        unauthenticatedExposureAllowed);
  }

  /** True when {@link #host} names only this machine. */
  public boolean isLoopbackBind() {
    try {
      for (InetAddress address : InetAddress.getAllByName(host)) {
        if (!address.isLoopbackAddress()) {
          return false;
        }
      }
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /**
   * A bearer token reachable from other machines must have at least this many characters: 32 random
   * hex digits are 128 bits, which no one guesses over the network, and {@code openssl rand -hex
   * 32} gives 64. A short word is guessed in a few thousand tries.
   */
  public static final int MIN_EXPOSED_TOKEN_LENGTH = 32;

  /**
   * Refuses what would expose the server by accident: a non-loopback bind without a token, or with
   * a token shorter than {@link #MIN_EXPOSED_TOKEN_LENGTH}. On loopback any token is the user's
   * business: only local processes reach it, and they could read the token where it was set.
   */
  public void checkExposure() {
    if (!isLoopbackBind()
        && bearerToken != null
        && !bearerToken.isBlank()
        && bearerToken.strip().length() < MIN_EXPOSED_TOKEN_LENGTH) {
      throw new IllegalArgumentException(
          "refusing to listen on "
              + host
              + ": MCP_AUTH_TOKEN has "
              + bearerToken.strip().length()
              + " characters, and a server reachable from other machines needs a token of at"
              + " least "
              + MIN_EXPOSED_TOKEN_LENGTH
              + " random characters (for example the output of 'openssl rand -hex 32'), or bind"
              + " to 127.0.0.1.");
    }
    if (!isLoopbackBind()
        && (bearerToken == null || bearerToken.isBlank())
        && !unauthenticatedExposureAllowed) {
      throw new IllegalArgumentException(
          "refusing to listen on "
              + host
              + " without authentication: it is reachable from other"
              + " machines. Set MCP_AUTH_TOKEN (clients then send 'Authorization: Bearer <token>')"
              + " or bind to 127.0.0.1. (In a container whose port is published on the host's"
              + " loopback only, MCP_ALLOW_UNAUTHENTICATED_BIND=1 says so.)");
    }
  }

  /** Host header patterns the DNS-rebinding check accepts. */
  public List<String> allowedHosts() {
    List<String> out = new ArrayList<>(List.of("127.0.0.1:*", "localhost:*", "[::1]:*"));
    if (!isLoopbackBind() && !host.equals("0.0.0.0") && !host.equals("::")) {
      out.add((host.contains(":") ? "[" + host + "]" : host) + ":*");
    }
    out.addAll(extraAllowedHosts);
    return out;
  }

  /** Origin patterns the DNS-rebinding check accepts (requests without Origin always pass). */
  public List<String> allowedOrigins() {
    List<String> out = new ArrayList<>();
    for (String scheme : List.of("http://", "https://")) {
      for (String name : List.of("localhost", "127.0.0.1", "[::1]")) {
        out.add(scheme + name + ":*");
      }
    }
    out.addAll(extraAllowedOrigins);
    return out;
  }
}
