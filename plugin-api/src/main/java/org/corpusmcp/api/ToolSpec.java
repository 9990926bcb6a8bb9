package org.corpusmcp.api;

import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One tool as a plugin declares it. Build with {@link #builder(String)}.
 *
 * <p>Schemas are JSON Schema (2020-12) documents given as JSON text, so a plugin needs no JSON
 * library to declare them. The input schema must describe an object; the host enforces it before
 * the handler runs and reports violations to the client. When an output schema is given, the
 * structured result of every successful call must conform to it.
 *
 * <pre>{@code
 * ToolSpec.builder("page")
 *     .title("Wiki page")
 *     .description("Full page metadata, wikitext and hash.")
 *     .inputSchema("""
 *         {"type":"object","properties":{"title_or_url":{"type":"string","minLength":1}},
 *          "required":["title_or_url"],"additionalProperties":false}""")
 *     .hints(ToolHints.remoteLookup())
 *     .handler(args -> ToolResult.success(Map.of("title", args.string("title_or_url"))))
 *     .build();
 * }</pre>
 */
public final class ToolSpec {

  /** Names clients accept everywhere (Claude Desktop hides a server's tools on one bad name). */
  public static final Pattern NAME_PATTERN = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");

  private final String name;
  private final String title;
  private final String description;
  private final String inputSchema;
  private final @Nullable String outputSchema;
  private final ToolHints hints;
  private final ToolCallHandler handler;

  private ToolSpec(Builder b) {
    this.name = b.name;
    this.title = b.title == null ? b.name : b.title;
    this.description = Objects.requireNonNull(b.description, "description is required");
    this.inputSchema = Objects.requireNonNull(b.inputSchema, "inputSchema is required");
    this.outputSchema = b.outputSchema;
    this.hints = b.hints;
    this.handler = Objects.requireNonNull(b.handler, "handler is required");
  }

  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The name before the host adds the plugin's prefix. */
  public String name() {
    return name;
  }

  public String title() {
    return title;
  }

  public String description() {
    return description;
  }

  /** JSON Schema text for the arguments object. */
  public String inputSchema() {
    return inputSchema;
  }

  /** JSON Schema text for the structured result, or {@code null} when the tool declares none. */
  public @Nullable String outputSchema() {
    return outputSchema;
  }

  public ToolHints hints() {
    return hints;
  }

  /**
   * The handler as a plain {@link ToolHandler}: a call through it reports nothing. The host calls
   * {@link #callHandler()}.
   */
  public ToolHandler handler() {
    ToolCallHandler reporting = handler;
    return arguments -> reporting.call(ToolCall.of(arguments));
  }

  /** The handler, given the running call, whichever of the builder's two methods set it. */
  public ToolCallHandler callHandler() {
    return handler;
  }

  /** A copy with another name; the host uses it to apply prefixes. */
  public ToolSpec withName(String newName) {
    return toBuilder().name(newName).build();
  }

  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.title = title;
    b.description = description;
    b.inputSchema = inputSchema;
    b.outputSchema = outputSchema;
    b.hints = hints;
    b.handler = handler;
    return b;
  }

  @Override
  public String toString() {
    return "ToolSpec[" + name + "]";
  }

  /** Collects a {@link ToolSpec}; {@link #build()} checks that nothing required is missing. */
  public static final class Builder {
    private String name;
    private @Nullable String title;
    private @Nullable String description;
    private @Nullable String inputSchema;
    private @Nullable String outputSchema;
    private ToolHints hints = ToolHints.localLookup();
    private @Nullable ToolCallHandler handler;

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

    public Builder inputSchema(String jsonSchema) {
      this.inputSchema = Objects.requireNonNull(jsonSchema, "inputSchema");
      return this;
    }

    public Builder outputSchema(@Nullable String jsonSchema) {
      this.outputSchema = jsonSchema;
      return this;
    }

    public Builder hints(ToolHints hints) {
      this.hints = Objects.requireNonNull(hints, "hints");
      return this;
    }

    public Builder handler(ToolHandler handler) {
      Objects.requireNonNull(handler, "handler");
      this.handler = call -> handler.call(call.arguments());
      return this;
    }

    /**
     * A handler that reports progress or log messages while it runs. Named apart from {@link
     * #handler} so that a lambda is never ambiguous between the two, in Java or Kotlin.
     */
    public Builder callHandler(ToolCallHandler handler) {
      this.handler = Objects.requireNonNull(handler, "handler");
      return this;
    }

    public ToolSpec build() {
      return new ToolSpec(this);
    }

    private static String checkName(String name) {
      Objects.requireNonNull(name, "name");
      if (!NAME_PATTERN.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "tool name '" + name + "' must match " + NAME_PATTERN.pattern());
      }
      return name;
    }
  }
}
