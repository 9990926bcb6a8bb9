package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
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
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A handler's requests for input in a 2025-11-25 (or earlier) session: each is a request from
 * server to client through the SDK's exchange (on HTTP, on the call's own SSE stream), answered
 * while the handler waits, and only when the client declared the capability at {@code initialize}
 * ({@link MissingClientCapabilityException} otherwise, before anything is sent). A client that
 * answers with an error, or not at all within the server's request timeout, is a {@link
 * ClientInputException} in our words.
 */
// MCP replaces requests from server to client with input_required rounds from 2026-07-28 on
// (SEP-2322) and the SDK deprecates them with it; the 2025-11-25 sessions this class serves still
// have them
@SuppressWarnings("deprecation")
final class SessionInput implements ClientInput {

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
    } catch (McpError e) {
      throw new ClientInputException(
          "the client answered "
              + method
              + " with error "
              + e.getJsonRpcError().code()
              + ": "
              + e.getJsonRpcError().message());
    } catch (RuntimeException e) {
      throw new ClientInputException("the client did not answer " + method + " in time");
    }
    try {
      return json.valueToTree(result);
    } catch (RuntimeException e) {
      throw new InputWire.Malformed("the client's answer to " + method + " could not be read");
    }
  }
}
