package org.corpusmcp.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One prompt as a plugin declares it. Build with {@link #builder(String)}.
 *
 * <p>A prompt is either fixed ({@link Builder#message}: {@code prompts/get} always answers with the
 * same messages) or written per request by a {@link PromptHandler} from the {@link PromptArgument
 * arguments} it declares. The host refuses a {@code prompts/get} that lacks a required argument
 * ({@code -32602}, naming it) before the handler runs. An argument may have a {@link
 * CompletionHandler}, which suggests values while a user types one.
 *
 * <pre>{@code
 * PromptSpec.builder("arch-wiki-usage")
 *     .title("Arch wiki usage policy")
 *     .description("How to use Arch Wiki MCP without becoming a liar")
 *     .message(PromptMessage.user("Treat the wiki tools as the only source ..."))
 *     .build();
 *
 * PromptSpec.builder("summarise-page")
 *     .description("Asks for a one-line summary of a page")
 *     .argument(PromptArgument.required("title", "The page's title"))
 *     .handler(request -> List.of(PromptMessage.user("Summarise " + request.string("title"))))
 *     .complete("title", request -> pages.titlesStartingWith(request.value()))
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
  private final List<PromptArgument> arguments;
  private final PromptHandler handler;
  private final Map<String, CompletionHandler> completions;

  private PromptSpec(Builder b) {
    this.name = b.name;
    this.title = b.title == null ? b.name : b.title;
    this.description = Objects.requireNonNull(b.description, "description is required");
    this.messages = List.copyOf(b.messages);
    if (b.handler != null && !messages.isEmpty()) {
      throw new IllegalStateException(
          "prompt '" + b.name + "' has both fixed messages and a handler; give one of them");
    }
    if (b.handler == null && messages.isEmpty()) {
      throw new IllegalStateException(
          "prompt '" + b.name + "' needs at least one message or a handler");
    }
    this.handler = b.handler != null ? b.handler : request -> messages;
    this.arguments = List.copyOf(b.arguments.values());
    for (String argument : b.completions.keySet()) {
      if (!b.arguments.containsKey(argument)) {
        throw new IllegalStateException(
            "prompt '" + b.name + "' completes '" + argument + "', which it does not declare");
      }
    }
    this.completions = Collections.unmodifiableMap(new LinkedHashMap<>(b.completions));
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

  /** The fixed messages, in order; empty when a {@link #handler()} writes them per request. */
  public List<PromptMessage> messages() {
    return messages;
  }

  /** The arguments the prompt takes, in the order {@code prompts/list} shows them. */
  public List<PromptArgument> arguments() {
    return arguments;
  }

  /** What answers {@code prompts/get}: the handler given, or one returning the fixed messages. */
  public PromptHandler handler() {
    return handler;
  }

  /** The arguments that have a completion handler, each with its handler, in the order given. */
  public Map<String, CompletionHandler> completions() {
    return completions;
  }

  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.title = title;
    b.description = description;
    b.messages.addAll(messages);
    if (messages.isEmpty()) {
      b.handler = handler;
    }
    arguments.forEach(b::argument);
    b.completions.putAll(completions);
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
    private final Map<String, PromptArgument> arguments = new LinkedHashMap<>();
    private @Nullable PromptHandler handler;
    private final Map<String, CompletionHandler> completions = new LinkedHashMap<>();

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

    /** Appends one fixed message. */
    public Builder message(PromptMessage message) {
      messages.add(Objects.requireNonNull(message, "message"));
      return this;
    }

    /** Replaces the fixed messages with {@code messages}, in order. */
    public Builder messages(List<PromptMessage> messages) {
      List<PromptMessage> copy = List.copyOf(messages);
      this.messages.clear();
      this.messages.addAll(copy);
      return this;
    }

    /** Declares one argument; replaces an earlier one of the same name, keeping its place. */
    public Builder argument(PromptArgument argument) {
      arguments.put(Objects.requireNonNull(argument, "argument").name(), argument);
      return this;
    }

    /** Writes the messages of each {@code prompts/get} instead of fixed ones. */
    public Builder handler(PromptHandler handler) {
      this.handler = Objects.requireNonNull(handler, "handler");
      return this;
    }

    /**
     * Suggests values for {@code argument} while a user types it; replaces an earlier handler. The
     * argument must be declared by the time {@link #build()} runs.
     */
    public Builder complete(String argument, CompletionHandler handler) {
      completions.put(
          Objects.requireNonNull(argument, "argument"), Objects.requireNonNull(handler, "handler"));
      return this;
    }

    /**
     * Builds the prompt from what was given.
     *
     * @throws NullPointerException when no description was given
     * @throws IllegalStateException when neither messages nor a handler were given, or both, or a
     *     completion names an argument the prompt does not declare
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
