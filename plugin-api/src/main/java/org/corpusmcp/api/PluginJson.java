package org.corpusmcp.api;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * JSON text to plain Java values and back, done by the host's JSON library: a plugin carries no
 * parser of its own and never sees the library's types, so the host can change library without
 * breaking a plugin. Get it from {@link PluginContext#json()}; tests get a twin from the
 * plugin-testkit.
 *
 * <p>Values are the ones {@link ToolArguments} and {@link ToolResult} use:
 *
 * <pre>{@code
 * json.parse("{\"parse\":{\"revid\":858930,\"x\":1.5}}")
 *     // {parse={revid=858930, x=1.5}}: a Map in document order, revid a Long, x a Double
 * json.write(Map.of("a", List.of(1, "x")))   // {"a":[1,"x"]}
 * }</pre>
 *
 * <p>Objects read as {@code Map<String, Object>} in document order, arrays as {@code List},
 * integers as {@code Long} ({@code BigInteger} beyond 64 bits), other numbers as {@code Double},
 * and {@code true}/{@code false}/{@code null} as themselves. Reading is strict: one document, no
 * trailing text, no comments, no number beyond a {@code double}'s range. Writing accepts those same
 * types (any {@code Number}, {@code Iterable} and {@code Map}); non-ASCII characters are written as
 * themselves.
 *
 * <p>Every failure is a {@link PluginJsonException}; nothing else escapes. Implementations are
 * thread-safe.
 */
public interface PluginJson {

  /**
   * Reads one JSON document.
   *
   * @throws PluginJsonException if {@code text} is not exactly one JSON document
   */
  @Nullable Object parse(String text);

  /**
   * Reads one JSON document that must be an object.
   *
   * @throws PluginJsonException if {@code text} is not JSON or its top level is not an object
   */
  default Map<String, @Nullable Object> parseObject(String text) {
    Object value = parse(text);
    if (value instanceof Map<?, ?> map) {
      @SuppressWarnings("unchecked")
      Map<String, @Nullable Object> object = (Map<String, @Nullable Object>) map;
      return object;
    }
    throw new PluginJsonException("expected a JSON object but the document is " + kind(value));
  }

  /**
   * Reads one JSON document that must be an array.
   *
   * @throws PluginJsonException if {@code text} is not JSON or its top level is not an array
   */
  default List<@Nullable Object> parseArray(String text) {
    Object value = parse(text);
    if (value instanceof List<?> list) {
      @SuppressWarnings("unchecked")
      List<@Nullable Object> array = (List<@Nullable Object>) list;
      return array;
    }
    throw new PluginJsonException("expected a JSON array but the document is " + kind(value));
  }

  /**
   * Compact JSON text for {@code value}.
   *
   * @throws PluginJsonException if {@code value} holds something other than the plain types, or a
   *     non-finite number
   */
  String write(@Nullable Object value);

  /** Like {@link #write}, indented by two spaces for people to read. */
  String writePretty(@Nullable Object value);

  private static String kind(@Nullable Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof List<?>) {
      return "an array";
    }
    if (value instanceof String) {
      return "a string";
    }
    if (value instanceof Boolean) {
      return "a boolean";
    }
    return value instanceof Number ? "a number" : "an object";
  }
}
