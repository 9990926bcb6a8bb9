package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The signed {@code requestState} of 2026-07-28's rounds: what it carries, and what it refuses. */
class RequestStatesTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final byte[] KEY =
      "0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.UTF_8);
  static final Instant T0 = Instant.parse("2026-12-06T12:00:00Z");

  static RequestStates at(Instant now) {
    return new RequestStates(JSON, KEY, Clock.fixed(now, ZoneOffset.UTC));
  }

  @Test
  void aStateCarriesItsAnswersToTheSameRequestWhateverTheArgumentOrder() throws Exception {
    JsonNode answer = JSON.readTree("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
    String state =
        at(T0)
            .seal(
                "tools/call",
                "ask",
                JSON.readTree("{\"a\":1,\"b\":[{\"y\":2,\"x\":3}]}"),
                Map.of("who", answer));
    assertEquals(
        Map.of("who", answer),
        at(T0.plusSeconds(60))
            .open(
                state, "tools/call", "ask", JSON.readTree("{\"b\":[{\"x\":3,\"y\":2}],\"a\":1}")));
  }

  @Test
  void aStateIsRefusedWhenAlteredForeignOtherwiseArguedOrExpired() {
    String state = at(T0).seal("tools/call", "ask", null, Map.of());
    int dot = state.indexOf('.');
    String forged = state.substring(0, dot) + "A" + state.substring(dot);
    assertEquals(
        "Invalid params: 'requestState' is not one this server issued",
        assertThrows(
                RequestStates.Refused.class, () -> at(T0).open(forged, "tools/call", "ask", null))
            .getMessage());
    assertEquals(
        "Invalid params: 'requestState' is not one this server issued",
        assertThrows(
                RequestStates.Refused.class,
                () ->
                    new RequestStates(JSON, new byte[32], Clock.fixed(T0, ZoneOffset.UTC))
                        .open(state, "tools/call", "ask", null))
            .getMessage());
    assertEquals(
        "Invalid params: 'requestState' belongs to another request",
        assertThrows(
                RequestStates.Refused.class, () -> at(T0).open(state, "prompts/get", "ask", null))
            .getMessage());
    assertThrows(
        RequestStates.Refused.class,
        () -> at(T0).open(state, "tools/call", "ask", JSON.readTree("{\"a\":1}")));
    assertThrows(
        RequestStates.Refused.class,
        () -> at(T0.plus(RequestStates.TTL).plusSeconds(1)).open(state, "tools/call", "ask", null));
    assertThrows(
        RequestStates.Refused.class, () -> at(T0).open("no-dot", "tools/call", "ask", null));
    assertThrows(
        RequestStates.Refused.class, () -> at(T0).open("%%.%%", "tools/call", "ask", null));
  }
}
