package org.corpusmcp.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One prompt as a plugin declares it. Build with {@link #builder(String)}.
 *
 * <p>A prompt here takes no arguments: {@code prompts/get} always answers with the same {@link
 * #messages()}. Arguments are a later addition to this builder (declarations plus a way to render
 * messages from them); a prompt built this way will keep compiling and keep meaning "no arguments".
 *
 * <pre>{@code
 * PromptSpec.builder("arch-wiki-usage")
 *     .title("Arch wiki usage policy")
 *     .description("How to use Arch Wiki MCP without becoming a liar")
 *     .message(PromptMessage.user("Treat the wiki tools as the only source ..."))
 *     .build();
 * }</pre>
 */
public final class PromptSpec {

  /** The same rule as tool names, for the same clients. */
  public static final Pattern NAME_PATTERN = ToolSpec.NAME_PATTERN;

  private final String name;
  private final String title;
  private final String description;
  private final List<PromptMessage> messages;

  private PromptSpec(Builder b) {
    this.name = b.name;
    this.title = b.title == null ? b.name : b.title;
    this.description = Objects.requireNonNull(b.description, "description is required");
    if (b.messages.isEmpty()) {
      throw new IllegalStateException("prompt '" + b.name + "' needs at least one message");
    }
    this.messages = List.copyOf(b.messages);
  }

  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The name clients list and ask for; the host adds no prefix. */
  public String name() {
    return name;
  }

  /** A human-readable name; the prompt's name unless one was given. */
  public String title() {
    return title;
  }

  public String description() {
    return description;
  }

  /** What {@code prompts/get} returns, in order; never empty. */
  public List<PromptMessage> messages() {
    return messages;
  }

  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.title = title;
    b.description = description;
    b.messages.addAll(messages);
    return b;
  }

  @Override
  public String toString() {
    return "PromptSpec[" + name + "]";
  }

  /** Collects a {@link PromptSpec}; {@link #build()} checks that nothing required is missing. */
  public static final class Builder {
    private String name;
    private @Nullable String title;
    private @Nullable String description;
    private final List<PromptMessage> messages = new ArrayList<>();

    private Builder(String name) {
      this.name = checkName(name);
    }

    public Builder name(String name) {
      this.name = checkName(name);
      return this;
    }

    public Builder title(String title) {
      this.title = Objects.requireNonNull(title, "title");
      return this;
    }

    public Builder description(String description) {
      this.description = Objects.requireNonNull(description, "description");
      return this;
    }

    /** Appends one message. */
    public Builder message(PromptMessage message) {
      messages.add(Objects.requireNonNull(message, "message"));
      return this;
    }

    /** Replaces the messages with {@code messages}, in order. */
    public Builder messages(List<PromptMessage> messages) {
      List<PromptMessage> copy = List.copyOf(messages);
      this.messages.clear();
      this.messages.addAll(copy);
      return this;
    }

    /**
     * Builds the prompt from what was given.
     *
     * @throws NullPointerException when no description was given
     * @throws IllegalStateException when no message was given
     */
    public PromptSpec build() {
      return new PromptSpec(this);
    }

    private static String checkName(String name) {
      Objects.requireNonNull(name, "name");
      if (!NAME_PATTERN.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "prompt name '" + name + "' must match " + NAME_PATTERN.pattern());
      }
      return name;
    }
  }
}
