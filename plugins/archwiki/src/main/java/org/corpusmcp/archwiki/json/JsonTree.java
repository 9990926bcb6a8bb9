package org.corpusmcp.archwiki.json;

import java.math.BigDecimal;
import java.math.BigInteger;
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

  /**
   * The value as a whole number, or null when it is not exactly one within a {@code long} (1.0
   * counts; 1.5, 2^63 and 1e300 do not: a revision id read as the low bits of a larger number, or
   * clamped, would name another revision).
   */
  public static @Nullable Long integer(@Nullable Object value) {
    if (value instanceof Long l) {
      return l;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger b) {
      return b.bitLength() < 64 ? b.longValue() : null;
    }
    if (value instanceof BigDecimal d) {
      try {
        return d.longValueExact();
      } catch (ArithmeticException notAWholeLong) {
        return null;
      }
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      return d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63 ? (long) d : null;
    }
    return null;
  }
}
