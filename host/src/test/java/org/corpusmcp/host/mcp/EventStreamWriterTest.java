package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The {@code id:} lines the SDK writes are left out, whatever the pieces they come in. */
class EventStreamWriterTest {

  private static String through(String... writes) {
    StringWriter client = new StringWriter();
    PrintWriter sdk = new PrintWriter(new EventStreamWriter(new PrintWriter(client)));
    for (String write : writes) {
      sdk.write(write);
    }
    sdk.flush();
    return client.toString();
  }

  @Test
  void idLinesAreLeftOutAndEverythingElsePasses() {
    assertEquals(
        "event: message\ndata: {\"id\":\"x\"}\n\n",
        through("id: 7f1c-session\n", "event: message\n", "data: {\"id\":\"x\"}\n\n"));
    assertEquals(
        "event: message\ndata: 1\n\n", through("i", "d", ": s\nevent: message\ndata: 1\n\n"));
    assertEquals(
        "idle: 1\ni\n:\ndata: id: 2\n\n", through("idle: 1\n", "i\n", ":\n", "data: id: 2\n\n"));
  }
}
