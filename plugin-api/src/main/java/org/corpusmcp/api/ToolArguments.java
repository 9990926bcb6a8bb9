package org.corpusmcp.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The validated arguments of one call, with typed accessors. Values are the plain JSON forms
 * (String, Number, Boolean, List, Map). Because the host validated them against the tool's schema,
 * a type mismatch here is a disagreement between the schema and the handler: a bug, reported as
 * {@link IllegalStateException}.
 */
public final class ToolArguments {

  private final Map<String, @Nullable Object> values;

  private ToolArguments(Map<String, @Nullable Object> values) {
    this.values = values;
  }

  /** Wraps a copy of {@code values}. */
  public static ToolArguments of(Map<String, ? extends @Nullable Object> values) {
    return new ToolArguments(Collections.unmodifiableMap(new LinkedHashMap<>(values)));
  }

  public boolean has(String name) {
    return values.get(name) != null;
  }

  /** A required string argument. */
  public String string(String name) {
    String value = optionalString(name);
    if (value == null) {
      throw new IllegalStateException("argument '" + name + "' is missing");
    }
    return value;
  }

  /** A string argument, or {@code null} when it was not given. */
  public @Nullable String optionalString(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof String s) {
      return s;
    }
    throw typeMismatch(name, "string", value);
  }

  /**
   * An integer argument, or {@code fallback} when it was not given. Tool arguments are counts and
   * limits, so this is an {@code int}; a value outside the {@code int} range means the schema lacks
   * a {@code maximum}, a bug reported as {@link IllegalStateException}. Use {@link #longValue} for
   * arguments that really are 64-bit (ids, offsets).
   */
  public int integer(String name, int fallback) {
    long value = longValue(name, fallback);
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new IllegalStateException(
          "argument '"
              + name
              + "' is "
              + value
              + ", outside the int range; give its schema a"
              + " minimum and maximum, or read it with longValue");
    }
    return (int) value;
  }

  /** A 64-bit integer argument, or {@code fallback} when it was not given. */
  public long longValue(String name, long fallback) {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
      return n.longValue();
    }
    throw typeMismatch(name, "integer", value);
  }

  /** A boolean argument, or {@code fallback} when it was not given. */
  public boolean bool(String name, boolean fallback) {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    throw typeMismatch(name, "boolean", value);
  }

  /** A list-of-strings argument, or an empty list when it was not given. */
  public List<String> strings(String name) {
    Object value = values.get(name);
    if (value == null) {
      return List.of();
    }
    if (value instanceof List<?> list) {
      List<String> out = new ArrayList<>(list.size());
      for (Object item : list) {
        if (!(item instanceof String s)) {
          throw typeMismatch(name, "array of strings", value);
        }
        out.add(s);
      }
      return List.copyOf(out);
    }
    throw typeMismatch(name, "array of strings", value);
  }

  /** All arguments as given (after schema defaults were applied). */
  public Map<String, @Nullable Object> asMap() {
    return values;
  }

  @Override
  public String toString() {
    return values.toString();
  }

  private static IllegalStateException typeMismatch(String name, String expected, Object value) {
    return new IllegalStateException(
        "argument '"
            + name
            + "' should be "
            + expected
            + " but is "
            + value.getClass().getSimpleName());
  }
}
