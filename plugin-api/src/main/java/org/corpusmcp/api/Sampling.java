package org.corpusmcp.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request for the client's model to write one message (MCP's {@code sampling/createMessage}).
 * Make one with {@link #of}; ask it with {@link ClientInput#sample}.
 *
 * <pre>{@code
 * Sampling.of("Summarise in one line: " + text, 100).withSystemPrompt("You are terse.")
 * }</pre>
 *
 * @param key how this request is told apart from the others of one request on revision 2026-07-28
 *     (see {@link Elicitation#key()}); {@code null} lets the host derive one
 * @param messages the conversation so far, at least one message
 * @param maxTokens the most tokens the model may write; positive
 * @param systemPrompt a system prompt the client may use, or {@code null}
 */
public record Sampling(
    @Nullable String key,
    List<PromptMessage> messages,
    int maxTokens,
    @Nullable String systemPrompt)
    implements InputRequest {

  public Sampling {
    messages = List.copyOf(messages);
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("sampling needs at least one message");
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be positive, got " + maxTokens);
    }
    InputKeys.check(key);
  }

  /** One user message of text. */
  public static Sampling of(String userText, int maxTokens) {
    return new Sampling(null, List.of(PromptMessage.user(userText)), maxTokens, null);
  }

  /** A conversation. */
  public static Sampling of(List<PromptMessage> messages, int maxTokens) {
    return new Sampling(null, messages, maxTokens, null);
  }

  /** The same request under {@code key}. */
  public Sampling withKey(String key) {
    return new Sampling(Objects.requireNonNull(key, "key"), messages, maxTokens, systemPrompt);
  }

  /** The same request with a system prompt. */
  public Sampling withSystemPrompt(String systemPrompt) {
    return new Sampling(key, messages, maxTokens, Objects.requireNonNull(systemPrompt, "prompt"));
  }
}
