package org.corpusmcp.api;

import java.util.Map;
import java.util.Objects;

/**
 * What a client asks to complete.
 *
 * @param argument the argument being typed: a prompt argument or a template variable
 * @param value what has been typed so far; may be empty
 * @param context the values the user already chose for other arguments, when the client sends them;
 *     empty otherwise
 */
public record CompletionRequest(String argument, String value, Map<String, String> context) {

  public CompletionRequest {
    Objects.requireNonNull(argument, "argument");
    Objects.requireNonNull(value, "value");
    context = Map.copyOf(context);
  }
}
