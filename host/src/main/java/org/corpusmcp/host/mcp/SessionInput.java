package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.ClientInputException;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.MissingClientCapabilityException;
import org.corpusmcp.api.Root;
import org.corpusmcp.api.RootsRequest;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A handler's requests for input in a 2025-11-25 (or earlier) session: each is a request from
 * server to client through the SDK's exchange (on HTTP, on the call's own SSE stream), answered
 * while the handler waits, and only when the client declared the capability at {@code initialize}
 * ({@link MissingClientCapabilityException} otherwise, before anything is sent). A client that
 * answers with an error, or not at all within the server's request timeout, a wait cancelled, or a
 * request that fails on its way is a {@link ClientInputException} saying which, in our words.
 */
// MCP replaces requests from server to client with input_required rounds from 2026-07-28 on
// (SEP-2322) and the SDK deprecates them with it; the 2025-11-25 sessions this class serves still
// have them
@SuppressWarnings("deprecation")
final class SessionInput implements ClientInput {

  private static final Logger log = LoggerFactory.getLogger(SessionInput.class);

  private final McpSyncServerExchange exchange;
  private final InputWire wire;
  private final JsonMapper json;

  private SessionInput(McpSyncServerExchange exchange, JsonMapper json) {
    this.exchange = exchange;
    this.wire = new InputWire(json);
    this.json = json;
  }

  /** The input of one request; none without an exchange (a call from outside a session). */
  static ClientInput of(@Nullable McpSyncServerExchange exchange, JsonMapper json) {
    return exchange == null ? new ClientInput() {} : new SessionInput(exchange, json);
  }

  @Override
  public ElicitationResult elicit(Elicitation elicitation) {
    McpSchema.ClientCapabilities declared = exchange.getClientCapabilities();
    if (declared == null || declared.elicitation() == null) {
      throw new MissingClientCapabilityException("elicitation");
    }
    InputWire.Asked asked = wire.asked(elicitation);
    Map<String, Object> schema =
        json.convertValue(
            asked.params().get("requestedSchema"), new TypeReference<Map<String, Object>>() {});
    McpSchema.ElicitRequest request =
        McpSchema.ElicitFormRequest.builder(elicitation.message(), schema).build();
    return wire.elicitation(
        asked.key(), answer(asked.method(), () -> exchange.createElicitation(request)));
  }

  @Override
  public SamplingResult sample(Sampling sampling) {
    McpSchema.ClientCapabilities declared = exchange.getClientCapabilities();
    if (declared == null || declared.sampling() == null) {
      throw new MissingClientCapabilityException("sampling");
    }
    InputWire.Asked asked = wire.asked(sampling);
    McpSchema.CreateMessageRequest request =
        json.treeToValue(asked.params(), McpSchema.CreateMessageRequest.class);
    return wire.sampling(
        asked.key(), answer(asked.method(), () -> exchange.createMessage(request)));
  }

  @Override
  public List<Root> roots() {
    McpSchema.ClientCapabilities declared = exchange.getClientCapabilities();
    if (declared == null || declared.roots() == null) {
      throw new MissingClientCapabilityException("roots");
    }
    InputWire.Asked asked = wire.asked(RootsRequest.of());
    return wire.roots(asked.key(), answer(asked.method(), exchange::listRoots));
  }

  /** The client's result as JSON, or the reason there is none in our words. */
  private JsonNode answer(String method, Supplier<Object> request) {
    Object result;
    try {
      result = request.get();
    } catch (RuntimeException e) {
      throw unanswered(method, e);
    }
    try {
      return json.valueToTree(result);
    } catch (RuntimeException e) {
      throw new InputWire.Malformed("the client's answer to " + method + " could not be read");
    }
  }

  /**
   * Why the client gave no answer to {@code method}, by what happened: it answered with an error
   * (the SDK's {@link McpError}), the server's request timeout ran out (the SDK's {@code
   * Mono.timeout}, which the blocking call rethrows wrapping a {@link TimeoutException}), the wait
   * was cancelled (the handler's thread interrupted: the call cancelled or the server stopping), or
   * the request failed otherwise (sending it, or the session closing under it), which is logged
   * with its trace for the operator. The client reads none of our classes or traces.
   */
  static ClientInputException unanswered(String method, RuntimeException e) {
    if (e instanceof McpError error) {
      return new ClientInputException(
          "the client answered "
              + method
              + " with error "
              + error.getJsonRpcError().code()
              + ": "
              + error.getJsonRpcError().message());
    }
    if (causedBy(e, TimeoutException.class)) {
      return new ClientInputException("the client did not answer " + method + " in time");
    }
    if (causedBy(e, InterruptedException.class)
        || causedBy(e, CancellationException.class)
        || Thread.currentThread().isInterrupted()) {
      return new ClientInputException(
          "the request " + method + " to the client was cancelled before it was answered");
    }
    log.warn("request {} to the client failed", method, e);
    return new ClientInputException(
        "the request "
            + method
            + " to the client failed before it was answered (logged on the server)");
  }

  private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
    for (int depth = 0; t != null && depth < 8; depth++, t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
