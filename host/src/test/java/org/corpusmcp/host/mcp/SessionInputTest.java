package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import org.corpusmcp.api.ClientInputException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * What a tool is told when the client gives no answer to its request for input, by what happened.
 * Each failure is made the way the SDK makes it: a request to the client is a {@link Mono} with the
 * server's request timeout ({@code Mono.timeout}) that the sync exchange waits for with {@code
 * block()}, and a client's error answer is an {@link McpError}.
 */
class SessionInputTest {

  /** The failure the SDK's blocking call throws for {@code request}. */
  private static RuntimeException failureOf(Mono<Object> request) {
    return assertThrows(RuntimeException.class, request::block);
  }

  private static String told(RuntimeException failure) {
    ClientInputException told = SessionInput.unanswered("elicitation/create", failure);
    assertFalse(
        told.getMessage().matches(".*(Exception|Error\\b|reactor|java\\.).*"), told.getMessage());
    return told.getMessage();
  }

  @Test
  void aClientThatAnswersWithAnErrorIsQuoted() {
    McpError declined =
        new McpError(new McpSchema.JSONRPCResponse.JSONRPCError(-32600, "user declined"));
    assertEquals(
        "the client answered elicitation/create with error -32600: user declined",
        told(failureOf(Mono.error(declined))));
  }

  @Test
  void aClientThatDoesNotAnswerWithinTheRequestTimeoutRanOutOfTime() {
    assertEquals(
        "the client did not answer elicitation/create in time",
        told(failureOf(Mono.never().timeout(Duration.ofMillis(20)))));
  }

  @Test
  void aWaitCancelledIsNotCalledATimeout() {
    RuntimeException failure;
    Thread.currentThread().interrupt(); // the call cancelled while the tool waits
    try {
      failure = failureOf(Mono.never());
    } finally {
      Thread.interrupted();
    }
    assertEquals(
        "the request elicitation/create to the client was cancelled before it was answered",
        told(failure));
  }

  @Test
  void aRequestThatFailsOnItsWaySaysSoWithoutItsClass() {
    RuntimeException closed = new IllegalStateException("session closed");
    assertEquals(
        "the request elicitation/create to the client failed before it was answered (logged on"
            + " the server)",
        told(failureOf(Mono.error(closed))));
  }
}
