package org.corpusmcp.host.mcp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.InputAnswers;
import org.corpusmcp.api.InputRequest;
import org.corpusmcp.api.MissingClientCapabilityException;
import org.corpusmcp.api.Root;
import org.corpusmcp.api.RootsRequest;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
import org.corpusmcp.host.tools.InputRequired;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A handler's requests for input in one round of a 2026-07-28 request: an ask the client has
 * answered (in this round's {@code inputResponses}, or an earlier round's carried in the signed
 * {@code requestState}) returns the answer; an ask it has not ends the run ({@link InputRequired})
 * and is kept, so that {@link ModernProtocol} answers the round with it as an {@code
 * InputRequiredResult} (all the unanswered requests of one {@link #ask} together). An ask the
 * client declared no capability for (in the request's {@code _meta}) is {@link
 * MissingClientCapabilityException} and is never put to the client. What happened is kept whatever
 * the handler does with the exceptions, as the round's answer depends on it; the handler's thread
 * writes it and the request's reads it after the call, so access is synchronized.
 */
final class RoundInput implements ClientInput {

  private final InputWire wire;
  private final JsonNode capabilities;
  private final Map<String, JsonNode> answers;
  private final Map<String, InputWire.Asked> pending = new LinkedHashMap<>();
  private final Map<String, JsonNode> used = new LinkedHashMap<>();
  private @Nullable String missing;
  private @Nullable String malformed;

  /**
   * @param capabilities the request's {@code _meta["io.modelcontextprotocol/clientCapabilities"]}
   * @param answers the answers of earlier rounds and this one, by key
   */
  RoundInput(InputWire wire, JsonNode capabilities, Map<String, JsonNode> answers) {
    this.wire = wire;
    this.capabilities = capabilities;
    this.answers = Map.copyOf(answers);
  }

  @Override
  public ElicitationResult elicit(Elicitation elicitation) {
    return ask(elicitation).get(elicitation);
  }

  @Override
  public SamplingResult sample(Sampling sampling) {
    return ask(sampling).get(sampling);
  }

  @Override
  public List<Root> roots() {
    RootsRequest request = RootsRequest.of();
    return ask(request).get(request);
  }

  @Override
  public synchronized InputAnswers ask(InputRequest... requests) {
    List<InputWire.Asked> asked = new ArrayList<>();
    for (InputRequest request : requests) {
      String capability = capabilityOf(request);
      if (!capabilities.path(capability).isObject()) {
        missing = capability;
        throw new MissingClientCapabilityException(capability);
      }
      asked.add(wire.asked(request));
    }
    boolean unanswered = false;
    for (InputWire.Asked one : asked) {
      if (!answers.containsKey(one.key())) {
        pending.put(one.key(), one);
        unanswered = true;
      }
    }
    if (unanswered) {
      throw new InputRequired();
    }
    InputAnswers.Builder out = InputAnswers.builder();
    try {
      for (int i = 0; i < requests.length; i++) {
        String key = asked.get(i).key();
        JsonNode answer = answers.get(key);
        if (requests[i] instanceof Elicitation elicitation) {
          out.put(elicitation, wire.elicitation(key, answer));
        } else if (requests[i] instanceof Sampling sampling) {
          out.put(sampling, wire.sampling(key, answer));
        } else {
          out.put((RootsRequest) requests[i], wire.roots(key, answer));
        }
        used.put(key, answer);
      }
    } catch (InputWire.Malformed e) {
      malformed = e.getMessage();
      throw e;
    }
    return out.build();
  }

  private static String capabilityOf(InputRequest request) {
    if (request instanceof Elicitation) {
      return "elicitation";
    }
    return request instanceof Sampling ? "sampling" : "roots";
  }

  /** The asks still unanswered, by key, in the order they were made. */
  synchronized Map<String, InputWire.Asked> pending() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(pending));
  }

  /** The answers this round used, to carry to the next round. */
  synchronized Map<String, JsonNode> used() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(used));
  }

  /** The capability an ask needed and the client had not declared, or null. */
  synchronized @Nullable String missing() {
    return missing;
  }

  /** Why an answer could not be read, or null. */
  synchronized @Nullable String malformed() {
    return malformed;
  }
}
