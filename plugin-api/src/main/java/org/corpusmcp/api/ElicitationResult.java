package org.corpusmcp.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The user's answer to an {@link Elicitation}.
 *
 * @param action whether the user submitted the form, declined it, or dismissed it
 * @param content the submitted values by property name (strings, numbers, booleans, lists of
 *     strings); empty unless {@code action} is {@link Action#ACCEPT}
 */
public record ElicitationResult(Action action, Map<String, @Nullable Object> content) {

  /** What the user did with the form. */
  public enum Action {
    /** Submitted it: {@link #content()} holds the values. */
    ACCEPT,
    /** Said no. */
    DECLINE,
    /** Dismissed it without choosing. */
    CANCEL
  }

  public ElicitationResult {
    Objects.requireNonNull(action, "action");
    content = Collections.unmodifiableMap(new LinkedHashMap<>(content));
  }

  public boolean accepted() {
    return action == Action.ACCEPT;
  }
}
