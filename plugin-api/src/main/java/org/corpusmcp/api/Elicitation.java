package org.corpusmcp.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A question for the user, answered through a form the client shows (MCP's {@code
 * elicitation/create}). Make one with {@link #of}; ask it with {@link ClientInput#elicit}.
 *
 * <pre>{@code
 * Elicitation.of("Which branch should I deploy?", """
 *     {"type":"object","properties":{"branch":{"type":"string"}},"required":["branch"]}""")
 * }</pre>
 *
 * @param key how this question is told apart from the others of one request on revision 2026-07-28,
 *     where the question and its answer travel as {@code inputRequests} and {@code inputResponses}
 *     keyed by it; {@code null} lets the host derive one from the question itself
 * @param message what the user is asked
 * @param requestedSchema the form, as JSON Schema text: an object whose properties are strings,
 *     numbers, integers, booleans or enums (MCP allows no nesting)
 */
public record Elicitation(@Nullable String key, String message, String requestedSchema)
    implements InputRequest {

  public Elicitation {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(requestedSchema, "requestedSchema");
    InputKeys.check(key);
  }

  /** A question with a key the host derives from it. */
  public static Elicitation of(String message, String requestedSchema) {
    return new Elicitation(null, message, requestedSchema);
  }

  /** The same question under {@code key} (letters, digits, {@code _}, {@code -}, {@code .}). */
  public Elicitation withKey(String key) {
    return new Elicitation(Objects.requireNonNull(key, "key"), message, requestedSchema);
  }
}
