package org.corpusmcp.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One {@code prompts/get}, as a {@link PromptHandler} sees it: the arguments the client sent, and a
 * way to ask the client for input ({@link ClientInput}). The host has checked the arguments before
 * the handler runs: every required argument is present, and every value is a string.
 */
public interface PromptRequest extends ClientInput {

  /** The arguments as sent, including ones the prompt does not declare. */
  Map<String, String> arguments();

  /**
   * An argument's value.
   *
   * @throws IllegalStateException when it was not sent: only an optional argument can be missing,
   *     so asking this way for one is a bug in the handler
   */
  default String string(String name) {
    String value = arguments().get(name);
    if (value == null) {
      throw new IllegalStateException(
          "argument '" + name + "' was not sent; read optional arguments with optionalString");
    }
    return value;
  }

  /** An argument's value, or {@code null} when it was not sent. */
  default @Nullable String optionalString(String name) {
    return arguments().get(name);
  }

  /** A request carrying {@code arguments}: for calling a handler in a plugin's own tests. */
  static PromptRequest of(Map<String, String> arguments) {
    Map<String, String> copy = Map.copyOf(Objects.requireNonNull(arguments, "arguments"));
    return () -> copy;
  }
}
