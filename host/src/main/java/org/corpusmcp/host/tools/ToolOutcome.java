package org.corpusmcp.host.tools;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolContent;
import org.jspecify.annotations.Nullable;

/**
 * A finished tool call in the shape every front end shows it: the JSON body, and whether it is an
 * error. Error bodies are {@code {"error": code, "code": code, "message": text, ...details}}:
 * {@code error} + {@code message} is the corpus seed's shape, {@code code} the Arch wiki seed's, so
 * clients written against either find the stable code where they look for it.
 */
public record ToolOutcome(
    boolean isError, Map<String, @Nullable Object> body, List<ToolContent> content) {

  /**
   * An outcome shown as its body's JSON; {@code content}, when a success has some, is what MCP
   * clients are shown instead (images, audio, embedded resources).
   */
  public ToolOutcome(boolean isError, Map<String, @Nullable Object> body) {
    this(isError, body, List.of());
  }

  /** The stable error code, or {@code null} for a success. */
  public @Nullable String errorCode() {
    return isError && body.get("code") instanceof String code ? code : null;
  }
}
