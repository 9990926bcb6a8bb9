package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each wither changes its own limits and copies every other setting as it was. */
class HttpSettingsTest {

  private static final HttpSettings SET =
      new HttpSettings(
          "0.0.0.0",
          8123,
          "token",
          List.of("mcp.example"),
          List.of("https://app.example"),
          4096,
          7,
          Duration.ofSeconds(70),
          9,
          Duration.ofSeconds(3),
          "replica-1",
          true);

  @Test
  void sessionLimitsChangeOnlyTheSessionLimits() {
    assertEquals(
        new HttpSettings(
            "0.0.0.0",
            8123,
            "token",
            List.of("mcp.example"),
            List.of("https://app.example"),
            4096,
            2,
            Duration.ofMinutes(5),
            9,
            Duration.ofSeconds(3),
            "replica-1",
            true),
        SET.withSessionLimits(2, Duration.ofMinutes(5)));
  }

  @Test
  void connectionLimitChangesOnlyTheConnectionLimit() {
    assertEquals(
        new HttpSettings(
            "0.0.0.0",
            8123,
            "token",
            List.of("mcp.example"),
            List.of("https://app.example"),
            4096,
            7,
            Duration.ofSeconds(70),
            40,
            Duration.ofSeconds(3),
            "replica-1",
            true),
        SET.withMaxConnections(40));
  }

  @Test
  void headerTimeoutChangesOnlyTheHeaderTimeout() {
    assertEquals(
        new HttpSettings(
            "0.0.0.0",
            8123,
            "token",
            List.of("mcp.example"),
            List.of("https://app.example"),
            4096,
            7,
            Duration.ofSeconds(70),
            9,
            Duration.ofMillis(1500),
            "replica-1",
            true),
        SET.withHeaderTimeout(Duration.ofMillis(1500)));
  }
}
