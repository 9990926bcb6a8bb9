package org.corpusmcp.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a client asked to read.
 *
 * @param uri the URI exactly as the client sent it
 * @param variables for a template, each of its variables and the value the URI gives it,
 *     percent-decoded ({@code docs://pages/{title}} read as {@code docs://pages/Hoover%20Dam} gives
 *     {@code title = "Hoover Dam"}); empty for a resource with a fixed URI
 */
public record ResourceRequest(String uri, Map<String, String> variables) {

  public ResourceRequest {
    Objects.requireNonNull(uri, "uri");
    variables = Map.copyOf(variables);
  }

  /** A request for a resource with a fixed URI. */
  public static ResourceRequest of(String uri) {
    return new ResourceRequest(uri, Map.of());
  }

  /** The value of a template variable, or {@code null} when the template has no such variable. */
  public @Nullable String variable(String name) {
    return variables.get(name);
  }
}
