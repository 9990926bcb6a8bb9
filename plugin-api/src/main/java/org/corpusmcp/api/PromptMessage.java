package org.corpusmcp.api;

import java.util.Objects;

/**
 * One message of a prompt: who says it and its text. Build with {@link #user} or {@link
 * #assistant}.
 *
 * @param role who the client should present the message as coming from
 * @param text the message, usually Markdown; never blank
 */
public record PromptMessage(Role role, String text) {

  /** The speaker of a message, as MCP names them. */
  public enum Role {
    USER,
    ASSISTANT
  }

  public PromptMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new IllegalArgumentException("prompt message text must not be blank");
    }
  }

  /** A message from the user: the usual shape of an instruction for the model. */
  public static PromptMessage user(String text) {
    return new PromptMessage(Role.USER, text);
  }

  /** A message from the assistant, for example the start of an answer the model continues. */
  public static PromptMessage assistant(String text) {
    return new PromptMessage(Role.ASSISTANT, text);
  }
}
