package org.corpusmcp.host.mcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
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
 */
public record HttpSettings(
    String host,
    int port,
    @Nullable String bearerToken,
    List<String> extraAllowedHosts,
    List<String> extraAllowedOrigins,
    int maxRequestBytes) {

  public static final String ENDPOINT = "/mcp";

  public HttpSettings {
    extraAllowedHosts = List.copyOf(extraAllowedHosts);
    extraAllowedOrigins = List.copyOf(extraAllowedOrigins);
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535, got " + port);
    }
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
   * Refuses what would expose the server by accident: a non-loopback bind without a token
   * (DESIGN.md decision 7).
   */
  public void checkExposure() {
    if (!isLoopbackBind() && (bearerToken == null || bearerToken.isBlank())) {
      throw new IllegalArgumentException(
          "refusing to listen on " + host + " without authentication: it is reachable from other"
              + " machines. Set MCP_AUTH_TOKEN (clients then send 'Authorization: Bearer <token>')"
              + " or bind to 127.0.0.1.");
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
