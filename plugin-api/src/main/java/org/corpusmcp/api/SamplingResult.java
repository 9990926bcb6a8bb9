package org.corpusmcp.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the client's model wrote for a {@link Sampling} request.
 *
 * @param role who the message is from; usually the assistant
 * @param content the message: text, or an image or audio
 * @param model the model the client used, as it names it
 * @param stopReason why the model stopped ({@code endTurn}, {@code maxTokens}, …), or {@code null}
 */
public record SamplingResult(
    PromptMessage.Role role, ToolContent content, String model, @Nullable String stopReason) {

  public SamplingResult {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(model, "model");
  }

  /**
   * The text the model wrote.
   *
   * @throws IllegalStateException when it answered with an image or audio
   */
  public String text() {
    if (content instanceof ToolContent.Text text) {
      return text.text();
    }
    throw new IllegalStateException("the model answered without text; read content() instead");
  }
}
