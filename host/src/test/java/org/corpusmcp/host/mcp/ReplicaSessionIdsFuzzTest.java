package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over replica ids and the session ids clients send back. A replica id is accepted exactly
 * when it is 1 to 32 of {@code A-Z a-z 0-9 - _} (otherwise {@link IllegalArgumentException}); an id
 * the SDK issues reaches the client with the replica's prefix and, sent back, reaches the SDK as
 * issued; an id without this replica's prefix, and every other header, passes unchanged, whatever
 * case the header's name is written in.
 */
@Tag("fuzz")
class ReplicaSessionIdsFuzzTest {

  private static final String[] NAMES = {"Mcp-Session-Id", "mcp-session-id", "MCP-SESSION-ID"};

  @FuzzTest(maxDuration = "30s")
  void sessionIdsRoundTripThroughTheReplicaPrefix(FuzzedDataProvider data) throws Exception {
    String replica = data.consumeBoolean() ? "r" + data.consumeInt(0, 99) : data.consumeString(40);
    ReplicaSessionIds filter;
    try {
      filter = new ReplicaSessionIds(replica);
    } catch (IllegalArgumentException refused) {
      assertTrue(!isReplicaId(replica), "a valid replica id was refused: " + replica);
      return;
    }
    assertTrue(isReplicaId(replica), "an invalid replica id was accepted: " + replica);
    String prefix = replica + ".";
    String issued = data.consumeString(60);
    String sent = data.consumeBoolean() ? prefix + issued : data.consumeString(60);
    String other = data.consumeString(30);
    String name = NAMES[data.consumeInt(0, NAMES.length - 1)];

    Map<String, String> requestHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    requestHeaders.put("Mcp-Session-Id", sent);
    requestHeaders.put("X-Other", other);
    Map<String, String> responseHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    AtomicReference<@Nullable String> seenBySdk = new AtomicReference<>();
    AtomicReference<@Nullable List<String>> allSeenBySdk = new AtomicReference<>();
    AtomicReference<@Nullable String> otherSeenBySdk = new AtomicReference<>();
    AtomicReference<@Nullable String> readBackBySdk = new AtomicReference<>();
    boolean add = data.consumeBoolean();

    filter.doFilter(
        request(requestHeaders),
        response(responseHeaders),
        (ServletRequest req, ServletResponse res) -> {
          HttpServletRequest r = (HttpServletRequest) req;
          seenBySdk.set(r.getHeader(name));
          allSeenBySdk.set(Collections.list(r.getHeaders(name)));
          otherSeenBySdk.set(r.getHeader("x-other"));
          HttpServletResponse s = (HttpServletResponse) res;
          if (add) {
            s.addHeader(name, issued);
          } else {
            s.setHeader(name, issued);
          }
          s.setHeader("X-Other", other);
          readBackBySdk.set(s.getHeader("Mcp-Session-Id"));
        });

    String expected = sent.startsWith(prefix) ? sent.substring(prefix.length()) : sent;
    assertEquals(expected, seenBySdk.get(), "the id the SDK sees");
    assertEquals(List.of(expected), allSeenBySdk.get());
    assertEquals(other, otherSeenBySdk.get());
    assertEquals(prefix + issued, responseHeaders.get("Mcp-Session-Id"), "the id the client gets");
    assertEquals(issued, readBackBySdk.get(), "the SDK reads back its own id");
    assertEquals(other, responseHeaders.get("X-Other"));
  }

  /** The rule stated in the documentation, checked here character by character. */
  private static boolean isReplicaId(String id) {
    if (id.isEmpty() || id.length() > 32) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      boolean allowed =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '_';
      if (!allowed) {
        return false;
      }
    }
    return true;
  }

  private static HttpServletRequest request(Map<String, String> headers) {
    return (HttpServletRequest)
        Proxy.newProxyInstance(
            ReplicaSessionIdsFuzzTest.class.getClassLoader(),
            new Class<?>[] {HttpServletRequest.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getHeader" -> headers.get((String) args[0]);
                  case "getHeaders" -> {
                    String v = headers.get((String) args[0]);
                    yield Collections.enumeration(v == null ? List.of() : List.of(v));
                  }
                  case "getHeaderNames" ->
                      Collections.enumeration(new ArrayList<>(headers.keySet()));
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  private static HttpServletResponse response(Map<String, String> headers) {
    return (HttpServletResponse)
        Proxy.newProxyInstance(
            ReplicaSessionIdsFuzzTest.class.getClassLoader(),
            new Class<?>[] {HttpServletResponse.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "setHeader" -> {
                    headers.put((String) args[0], (String) args[1]);
                    yield null;
                  }
                  case "addHeader" -> {
                    assertNull(
                        headers.putIfAbsent((String) args[0], (String) args[1]),
                        "one value per header here");
                    yield null;
                  }
                  case "getHeader" -> headers.get(((String) args[0]).toLowerCase(Locale.ROOT));
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
