package org.corpusmcp.host.mcp;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Session ids that name the replica holding the session: {@code <replica>.<the SDK's id>}.
 *
 * <p>A legacy (2025-11-25) session lives in the replica that answered its {@code initialize}. A
 * load balancer cannot hash its way there: {@code initialize} carries no session id yet, so it is
 * sent round-robin, and a hash of the id it gets back picks a replica that has nothing to do with
 * the one that created it (measured: with three replicas, most calls after an {@code initialize}
 * got 404). With the replica in the id, the balancer routes by the prefix (the nginx configuration
 * in {@code deploy/nginx} does), and if that replica is gone, any other answers 404 for an id it
 * does not know and the client starts a new session.
 *
 * <p>Everything behind this filter ({@link HttpFront}, its session ledger, the SDK) sees the SDK's
 * own ids; only the client sees the prefix. An id with another replica's prefix is passed on
 * unchanged, so the SDK answers it 404 as the unknown session it is.
 */
final class ReplicaSessionIds implements Filter {

  /** What a replica id may be: a few characters safe in a header value and a regular expression. */
  static final Pattern VALID = Pattern.compile("[A-Za-z0-9_-]{1,32}");

  private static final String SESSION_HEADER = "Mcp-Session-Id";

  private final String prefix;

  ReplicaSessionIds(String replicaId) {
    if (!VALID.matcher(replicaId).matches()) {
      throw new IllegalArgumentException(
          "a replica id is 1 to 32 letters, digits, '-' or '_', got '" + replicaId + "'");
    }
    this.prefix = replicaId + ".";
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    chain.doFilter(
        new Request((HttpServletRequest) request), new Response((HttpServletResponse) response));
  }

  private @Nullable String strip(@Nullable String id) {
    return id != null && id.startsWith(prefix) ? id.substring(prefix.length()) : id;
  }

  private final class Request extends HttpServletRequestWrapper {
    Request(HttpServletRequest request) {
      super(request);
    }

    @Override
    public @Nullable String getHeader(String name) {
      String value = super.getHeader(name);
      return SESSION_HEADER.equalsIgnoreCase(name) ? strip(value) : value;
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
      if (!SESSION_HEADER.equalsIgnoreCase(name)) {
        return super.getHeaders(name);
      }
      String value = getHeader(name);
      return value == null
          ? Collections.emptyEnumeration()
          : Collections.enumeration(java.util.List.of(value));
    }
  }

  private final class Response extends HttpServletResponseWrapper {
    Response(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void setHeader(String name, String value) {
      super.setHeader(
          name, SESSION_HEADER.equalsIgnoreCase(name) && value != null ? prefix + value : value);
    }

    @Override
    public void addHeader(String name, String value) {
      super.addHeader(
          name, SESSION_HEADER.equalsIgnoreCase(name) && value != null ? prefix + value : value);
    }

    @Override
    public @Nullable String getHeader(String name) {
      String value = super.getHeader(name);
      return SESSION_HEADER.equalsIgnoreCase(name) ? strip(value) : value;
    }
  }
}
