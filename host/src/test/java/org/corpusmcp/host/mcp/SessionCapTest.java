package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A local process that fills the session cap cannot lock other clients out: a newcomer still gets a
 * session, the abuser's unused sessions make room before anyone's in use, and a session in use
 * keeps working through the flood. Before, every new client got 503 for the idle time (30 minutes
 * by default).
 */
class SessionCapTest {

  static final int CAP = 5;

  @RegisterExtension
  static final HostOverHttp served =
      HostOverHttp.serving(SamplePlugins::write)
          .withHttpSettings(defaults -> defaults.withSessionLimits(CAP, Duration.ofMinutes(30)));

  @Test
  void aFloodOfSessionsLocksNoOneOut() throws Exception {
    List<String> abusers = new ArrayList<>();
    for (int i = 0; i < CAP; i++) {
      abusers.add(initialize());
    }
    // the cap is full of sessions nobody uses; a real client arrives
    String client = initialize();
    assertEquals(200, toolsList(client).statusCode(), "the newcomer's session works");
    // the abuser keeps going, well past the cap
    for (int i = 0; i < 4 * CAP; i++) {
      abusers.add(initialize());
    }
    HttpResponse<String> stillThere = toolsList(client);
    assertEquals(200, stillThere.statusCode(), "a session in use survives the flood");
    assertTrue(stillThere.body().contains("sample_echo"), stillThere.body());
    assertEquals(
        404, toolsList(abusers.get(0)).statusCode(), "the abuser's oldest session made room");
  }

  /** A new session's id; {@link HostOverHttp#openSession} wants 200, never the cap's 503. */
  private static String initialize() throws Exception {
    return served.openSession();
  }

  private static HttpResponse<String> toolsList(String session) throws Exception {
    return served.post(
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
        Map.of("Mcp-Session-Id", session));
  }
}
