package org.corpusmcp.host.tools;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A finished tool call in the shape every front end shows it: the JSON body, and whether it is an
 * error. Error bodies are {@code {"error": code, "code": code, "message": text, ...details}}:
 * {@code error} + {@code message} is the corpus seed's shape, {@code code} the Arch wiki seed's, so
 * clients written against either find the stable code where they look for it.
 */
public record ToolOutcome(boolean isError, Map<String, @Nullable Object> body) {

  /** The stable error code, or {@code null} for a success. */
  public @Nullable String errorCode() {
    return isError && body.get("code") instanceof String code ? code : null;
  }
}
