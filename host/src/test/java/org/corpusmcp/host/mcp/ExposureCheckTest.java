package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A bind other machines can reach needs a token, or the operator's word that nothing else can. */
class ExposureCheckTest {

  private static HttpSettings settings(String host, String token, boolean allowed) {
    return new HttpSettings(
        host,
        8000,
        token,
        List.of(),
        List.of(),
        1 << 20,
        HttpSettings.DEFAULT_MAX_SESSIONS,
        HttpSettings.DEFAULT_SESSION_IDLE_TIMEOUT,
        HttpSettings.DEFAULT_MAX_CONNECTIONS,
        HttpSettings.DEFAULT_HEADER_TIMEOUT,
        null,
        allowed);
  }

  @Test
  void aNonLoopbackBindWithoutATokenIsRefusedAndTheMessageNamesBothWaysOut() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class, () -> settings("0.0.0.0", null, false).checkExposure());
    assertTrue(refused.getMessage().contains("MCP_AUTH_TOKEN"), refused.getMessage());
    assertTrue(
        refused.getMessage().contains("MCP_ALLOW_UNAUTHENTICATED_BIND=1"), refused.getMessage());
  }

  static final String STRONG = "3f9c1a7e5b2d48c6a0e1f7b9d3c5a8e2"; // 32 hex digits, 128 bits

  /** Before, {@code MCP_AUTH_TOKEN=a} was accepted on 0.0.0.0 without a word. */
  @Test
  void aShortTokenOnANonLoopbackBindIsRefusedAndTheMessageNamesTheMinimum() {
    for (String weak : List.of("a", "secret", STRONG.substring(1))) {
      for (boolean optIn : List.of(false, true)) {
        IllegalArgumentException refused =
            assertThrows(
                IllegalArgumentException.class,
                () -> settings("0.0.0.0", weak, optIn).checkExposure(),
                weak);
        String message = refused.getMessage();
        assertTrue(message.contains("at least 32"), message);
        assertTrue(message.contains("has " + weak.length() + " characters"), message);
        if (weak.length() > 8) {
          assertFalse(message.contains(weak), "the token itself is never echoed: " + message);
        }
        assertTrue(message.contains("openssl rand -hex 32"), message);
      }
    }
    // loopback: only local processes reach it; a short token is the user's choice
    assertDoesNotThrow(() -> settings("127.0.0.1", "a", false).checkExposure());
  }

  @Test
  void aTokenOrTheOptInLetsItListen() {
    assertDoesNotThrow(() -> settings("0.0.0.0", STRONG, false).checkExposure());
    // The container case: 0.0.0.0 inside, the port published on the host's 127.0.0.1 only.
    assertDoesNotThrow(() -> settings("0.0.0.0", null, true).checkExposure());
    assertDoesNotThrow(() -> settings("127.0.0.1", null, false).checkExposure());
  }
}
