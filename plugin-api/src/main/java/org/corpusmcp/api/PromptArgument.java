package org.corpusmcp.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One argument a prompt takes, as {@code prompts/list} shows it. Make one with {@link #required} or
 * {@link #optional}. Arguments are strings: MCP carries prompt arguments as text.
 *
 * @param name what the client sends the value under; letters, digits, {@code _} and {@code -}
 * @param description what the value is for, shown to the person filling it in; may be null
 * @param required whether {@code prompts/get} without it is refused (-32602, naming it) before the
 *     prompt's handler runs
 */
public record PromptArgument(String name, @Nullable String description, boolean required) {

  public PromptArgument {
    Objects.requireNonNull(name, "name");
    if (!ToolSpec.NAME_PATTERN.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "prompt argument name '" + name + "' must match " + ToolSpec.NAME_PATTERN.pattern());
    }
  }

  /** An argument {@code prompts/get} must carry. */
  public static PromptArgument required(String name, @Nullable String description) {
    return new PromptArgument(name, description, true);
  }

  /** An argument a client may leave out. */
  public static PromptArgument optional(String name, @Nullable String description) {
    return new PromptArgument(name, description, false);
  }
}
