package org.corpusmcp.archwiki.json;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Typed steps through a decoded JSON document (the plain values {@code PluginJson} reads), each
 * giving {@code null} (or an empty list) when the value has another shape, because the MediaWiki
 * API leaves fields out or changes their type between versions and the caller decides what a
 * missing field means.
 */
public final class JsonTree {

  private JsonTree() {}

  /** The value as an object, or null when it is not one. */
  @SuppressWarnings("unchecked")
  public static @Nullable Map<String, @Nullable Object> object(@Nullable Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, @Nullable Object>) m : null;
  }

  /** The value as an unmodifiable list, or an empty list when it is not an array. */
  @SuppressWarnings("unchecked")
  public static List<@Nullable Object> array(@Nullable Object value) {
    return value instanceof List<?> l
        ? Collections.unmodifiableList((List<@Nullable Object>) l)
        : List.of();
  }

  /** The value as a string, or null when it is not one. */
  public static @Nullable String string(@Nullable Object value) {
    return value instanceof String s ? s : null;
  }

  /** The value as a whole number, or null when it is not one (1.0 counts; 1.5 does not). */
  public static @Nullable Long integer(@Nullable Object value) {
    if (value instanceof Long l) {
      return l;
    }
    if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
      return n.longValue();
    }
    return null;
  }
}
