package org.corpusmcp.api;

import org.jspecify.annotations.Nullable;

/**
 * One request for input, of any kind: for asking several at once with {@link ClientInput#ask},
 * which on 2026-07-28 puts them all to the client in one round.
 */
public sealed interface InputRequest permits Elicitation, Sampling, RootsRequest {

  /** The request's key, or {@code null} for one the host derives from the request. */
  @Nullable String key();
}
