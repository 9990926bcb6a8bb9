package org.corpusmcp.api;

import java.util.Objects;

/**
 * One message of a prompt: who says it and what: text, an image, audio or an embedded resource (a
 * {@link ToolContent} block, the same kinds a tool result carries). Build with {@link #user} or
 * {@link #assistant}.
 *
 * <pre>{@code
 * PromptMessage.user(ToolContent.image(png, "image/png"))
 * PromptMessage.user("Please describe the image above.")
 * }</pre>
 *
 * @param role who the client should present the message as coming from
 * @param content what the message says; text must not be blank
 */
public record PromptMessage(Role role, ToolContent content) {

  /** The speaker of a message, as MCP names them. */
  public enum Role {
    USER,
    ASSISTANT
  }

  public PromptMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    if (content instanceof ToolContent.Text text && text.text().isBlank()) {
      throw new IllegalArgumentException("prompt message text must not be blank");
    }
  }

  /** A text message; the shape every prompt had before messages could carry other content. */
  public PromptMessage(Role role, String text) {
    this(role, ToolContent.text(text));
  }

  /** A message from the user: the usual shape of an instruction for the model. */
  public static PromptMessage user(String text) {
    return new PromptMessage(Role.USER, text);
  }

  /** A message from the user showing {@code content}: an image, audio or a resource. */
  public static PromptMessage user(ToolContent content) {
    return new PromptMessage(Role.USER, content);
  }

  /** A message from the assistant, for example the start of an answer the model continues. */
  public static PromptMessage assistant(String text) {
    return new PromptMessage(Role.ASSISTANT, text);
  }

  /** A message from the assistant showing {@code content}. */
  public static PromptMessage assistant(ToolContent content) {
    return new PromptMessage(Role.ASSISTANT, content);
  }

  /**
   * The text of a text message.
   *
   * @throws IllegalStateException when the message carries an image, audio or a resource
   */
  public String text() {
    if (content instanceof ToolContent.Text text) {
      return text.text();
    }
    throw new IllegalStateException("this message carries no text; read content() instead");
  }
}
