package org.corpusmcp.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of a tool call: either a structured success or a typed failure. The host turns both
 * into MCP results: {@code structuredContent} plus the same JSON as a text block, with {@code
 * isError} set for failures. A success may instead carry {@link ToolContent} blocks (images, audio,
 * embedded resources, text): then those are the result's content, and its body is still the
 * structured content.
 */
public sealed interface ToolResult permits ToolResult.Success, ToolResult.Failure {

  /** A successful result whose JSON body is {@code body}. */
  static ToolResult success(Map<String, ? extends @Nullable Object> body) {
    return new Success(new LinkedHashMap<String, @Nullable Object>(body));
  }

  /**
   * A successful result that shows the model {@code content} (at least one block) rather than JSON
   * text; {@code body} is still sent as structured content.
   */
  static ToolResult success(
      Map<String, ? extends @Nullable Object> body, List<ToolContent> content) {
    if (content.isEmpty()) {
      throw new IllegalArgumentException("content needs at least one block; use success(body)");
    }
    return new Success(new LinkedHashMap<String, @Nullable Object>(body), content);
  }

  /** A successful result made of content blocks alone, with an empty structured body. */
  static ToolResult content(ToolContent... blocks) {
    return success(Map.of(), List.of(blocks));
  }

  /**
   * A failure the caller can act on.
   *
   * @param code a stable machine code in snake_case, such as {@code page_not_found}
   * @param message one or two sentences saying what went wrong and what to do instead
   */
  static ToolResult error(String code, String message) {
    return new Failure(code, message, Map.of());
  }

  /** A failure with extra fields (for example {@code available_sections}) next to the code. */
  static ToolResult error(
      String code, String message, Map<String, ? extends @Nullable Object> details) {
    return new Failure(code, message, new LinkedHashMap<String, @Nullable Object>(details));
  }

  /**
   * A successful call. {@code body} is the structured result; {@code content}, when not empty, is
   * what the client shows instead of the body's JSON text.
   */
  record Success(Map<String, @Nullable Object> body, List<ToolContent> content)
      implements ToolResult {
    public Success {
      body = Collections.unmodifiableMap(new LinkedHashMap<>(body));
      content = List.copyOf(content);
    }

    /** A success shown as its body's JSON. */
    public Success(Map<String, @Nullable Object> body) {
      this(body, List.of());
    }
  }

  /** A failed call with its stable {@code code}. */
  record Failure(String code, String message, Map<String, @Nullable Object> details)
      implements ToolResult {
    private static final Pattern CODE = Pattern.compile("[a-z][a-z0-9_]*");

    public Failure {
      Objects.requireNonNull(message, "message");
      if (!CODE.matcher(code).matches()) {
        throw new IllegalArgumentException("error code must be snake_case, got '" + code + "'");
      }
      details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }
  }
}
