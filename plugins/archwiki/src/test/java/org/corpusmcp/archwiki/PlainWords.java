package org.corpusmcp.archwiki;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** The README's promise for every message a client sees: words for a person, not Java. */
public final class PlainWords {

  private PlainWords() {}

  /** No class name, no exception, no stack frame, one line. */
  public static void assertPlainWords(String message) {
    assertFalse(message.contains("Exception"), message);
    assertFalse(message.contains("java."), message);
    assertFalse(message.contains("javax."), message);
    assertFalse(message.contains("\tat "), message);
    assertFalse(message.contains("\n"), message);
  }
}
