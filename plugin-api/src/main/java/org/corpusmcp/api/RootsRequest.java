package org.corpusmcp.api;

import org.jspecify.annotations.Nullable;

/**
 * A request for the client's roots, for {@link ClientInput#ask}; {@link ClientInput#roots()} asks
 * one alone.
 *
 * @param key the request's key, or {@code null} for the host's ({@code roots})
 */
public record RootsRequest(@Nullable String key) implements InputRequest {

  public RootsRequest {
    InputKeys.check(key);
  }

  /** A request under the host's key. */
  public static RootsRequest of() {
    return new RootsRequest(null);
  }
}
