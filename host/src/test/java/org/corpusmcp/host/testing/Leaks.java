package org.corpusmcp.host.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.regex.Pattern;

/** What must never reach a client: Java or library internals in a message. */
public final class Leaks {

  private Leaks() {}

  /** A qualified class name, an exception name, a stack frame, a Jackson limit, an HTML page. */
  public static final Pattern INTERNALS =
      Pattern.compile(
          "(?:java|jakarta|tools\\.jackson|io\\.modelcontextprotocol|org\\.eclipse)\\.[a-z]"
              + "|Exception|\\$[A-Z]|\\bat [a-z]+\\.|StreamReadConstraints|Cannot invoke|<html",
          Pattern.CASE_INSENSITIVE);

  public static void assertNone(String sentToClient) {
    assertFalse(
        INTERNALS.matcher(sentToClient).find(), "internals reached the client: " + sentToClient);
  }
}
