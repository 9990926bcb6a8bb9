package org.corpusmcp.api;

import java.util.Objects;

/**
 * The client did not declare the capability a request for input needs ({@code elicitation}, {@code
 * sampling} or {@code roots}), so the host did not ask it: MCP forbids it. A handler may catch this
 * and go on without the input; one that lets it through fails its call, which 2026-07-28 clients
 * see as {@code -32021} naming the capability and 2025-11-25 clients as an error result of code
 * {@code missing_client_capability}.
 */
public final class MissingClientCapabilityException extends ClientInputException {

  private static final long serialVersionUID = 1L;

  private final String capability;

  /**
   * @param capability the capability's name in MCP's {@code ClientCapabilities}
   */
  public MissingClientCapabilityException(String capability) {
    super("the client did not declare the '" + capability + "' capability");
    this.capability = Objects.requireNonNull(capability, "capability");
  }

  /** The capability's name in MCP's {@code ClientCapabilities}: {@code sampling}, … */
  public String capability() {
    return capability;
  }
}
