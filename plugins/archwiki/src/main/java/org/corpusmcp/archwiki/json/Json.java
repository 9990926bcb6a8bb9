package org.corpusmcp.archwiki.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes JSON text as plain Java values: {@code Map<String, Object>} (insertion order
 * kept), {@code List<Object>}, {@code String}, {@code Long} (integers that fit), {@code Double},
 * {@code Boolean} and {@code null}.
 *
 * <pre>{@code
 * Json.parse("{\"parse\":{\"revid\":858930}}")   // {parse={revid=858930}}, revid a Long
 * Json.write(Map.of("a", List.of(1, "x")))       // {"a":[1,"x"]}
 * }</pre>
 *
 * <p>Strict: trailing text, unescaped control characters, lone commas and nesting deeper than
 * {@value #MAX_DEPTH} are rejected with {@link JsonException}, which names the offset.
 */
public final class Json {

  /** Deeper documents are refused rather than risking the stack. */
  public static final int MAX_DEPTH = 256;

  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  /** Parses one JSON document. */
  public static @Nullable Object parse(String text) {
    Json reader = new Json(text);
    reader.skipWhitespace();
    Object value = reader.readValue(0);
    reader.skipWhitespace();
    if (reader.pos != text.length()) {
      throw reader.error("trailing characters after the document");
    }
    return value;
  }

  /** Compact JSON text for {@code value}; non-ASCII characters are written as themselves. */
  public static String write(@Nullable Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, -1, 0);
    return out.toString();
  }

  /** JSON text indented by two spaces, like Python's {@code json.dumps(indent=2)}. */
  public static String writePretty(@Nullable Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, 2, 0);
    return out.toString();
  }

  // ---------------------------------------------------------------- reading

  private @Nullable Object readValue(int depth) {
    if (depth > MAX_DEPTH) {
      throw error("nesting deeper than " + MAX_DEPTH);
    }
    if (pos >= text.length()) {
      throw error("unexpected end of input");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return readObject(depth);
      case '[':
        return readArray(depth);
      case '"':
        return readString();
      case 't':
        expectWord("true");
        return Boolean.TRUE;
      case 'f':
        expectWord("false");
        return Boolean.FALSE;
      case 'n':
        expectWord("null");
        return null;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return readNumber();
        }
        throw error("unexpected character '" + c + "'");
    }
  }

  private Map<String, @Nullable Object> readObject(int depth) {
    Map<String, @Nullable Object> map = new LinkedHashMap<>();
    pos++; // {
    skipWhitespace();
    if (peek() == '}') {
      pos++;
      return map;
    }
    while (true) {
      skipWhitespace();
      if (peek() != '"') {
        throw error("expected a string key");
      }
      String key = readString();
      skipWhitespace();
      if (peek() != ':') {
        throw error("expected ':'");
      }
      pos++;
      skipWhitespace();
      map.put(key, readValue(depth + 1));
      skipWhitespace();
      char c = peek();
      pos++;
      if (c == '}') {
        return map;
      }
      if (c != ',') {
        pos--;
        throw error("expected ',' or '}'");
      }
    }
  }

  private List<@Nullable Object> readArray(int depth) {
    List<@Nullable Object> list = new ArrayList<>();
    pos++; // [
    skipWhitespace();
    if (peek() == ']') {
      pos++;
      return list;
    }
    while (true) {
      skipWhitespace();
      list.add(readValue(depth + 1));
      skipWhitespace();
      char c = peek();
      pos++;
      if (c == ']') {
        return list;
      }
      if (c != ',') {
        pos--;
        throw error("expected ',' or ']'");
      }
    }
  }

  private String readString() {
    pos++; // opening quote
    StringBuilder sb = null;
    int start = pos;
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(pos);
      if (c == '"') {
        String result =
            sb == null ? text.substring(start, pos) : sb.append(text, start, pos).toString();
        pos++;
        return result;
      }
      if (c < 0x20) {
        throw error("unescaped control character in string");
      }
      if (c == '\\') {
        if (sb == null) {
          sb = new StringBuilder();
        }
        sb.append(text, start, pos);
        pos++;
        if (pos >= text.length()) {
          throw error("unterminated escape");
        }
        char e = text.charAt(pos++);
        switch (e) {
          case '"' -> sb.append('"');
          case '\\' -> sb.append('\\');
          case '/' -> sb.append('/');
          case 'b' -> sb.append('\b');
          case 'f' -> sb.append('\f');
          case 'n' -> sb.append('\n');
          case 'r' -> sb.append('\r');
          case 't' -> sb.append('\t');
          case 'u' -> {
            if (pos + 4 > text.length()) {
              throw error("truncated \\u escape");
            }
            int cp = 0;
            for (int i = 0; i < 4; i++) {
              int d = Character.digit(text.charAt(pos + i), 16);
              if (d < 0) {
                throw error("bad \\u escape");
              }
              cp = cp * 16 + d;
            }
            pos += 4;
            sb.append((char) cp);
          }
          default -> {
            pos--;
            throw error("bad escape '\\" + e + "'");
          }
        }
        start = pos;
      } else {
        pos++;
      }
    }
  }

  private Object readNumber() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    if (peek() == '0') {
      pos++;
    } else if (isDigit(peek())) {
      while (isDigit(peek())) {
        pos++;
      }
    } else {
      throw error("bad number");
    }
    boolean integral = true;
    if (peek() == '.') {
      integral = false;
      pos++;
      if (!isDigit(peek())) {
        throw error("bad fraction");
      }
      while (isDigit(peek())) {
        pos++;
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      if (!isDigit(peek())) {
        throw error("bad exponent");
      }
      while (isDigit(peek())) {
        pos++;
      }
    }
    String number = text.substring(start, pos);
    if (integral) {
      try {
        return Long.parseLong(number);
      } catch (NumberFormatException tooBig) {
        return new BigDecimal(number).doubleValue();
      }
    }
    return Double.parseDouble(number);
  }

  private void expectWord(String word) {
    if (!text.startsWith(word, pos)) {
      throw error("expected '" + word + "'");
    }
    pos += word.length();
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private void skipWhitespace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        pos++;
      } else {
        return;
      }
    }
  }

  private JsonException error(String what) {
    return new JsonException(what + " at offset " + pos);
  }

  // ---------------------------------------------------------------- writing

  private static void write(@Nullable Object value, StringBuilder out, int indent, int level) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      writeString(s, out);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long
        || value instanceof Short || value instanceof Byte) {
      out.append(value);
    } else if (value instanceof Number n) {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new JsonException("JSON has no " + d);
      }
      out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : n.toString());
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        newline(out, indent, level + 1);
        writeString(String.valueOf(e.getKey()), out);
        out.append(indent >= 0 ? ": " : ":");
        write(e.getValue(), out, indent, level + 1);
      }
      newline(out, indent, level);
      out.append('}');
    } else if (value instanceof Iterable<?> list) {
      if (!list.iterator().hasNext()) {
        out.append("[]");
        return;
      }
      out.append('[');
      boolean first = true;
      for (Object item : list) {
        if (!first) {
          out.append(',');
        }
        first = false;
        newline(out, indent, level + 1);
        write(item, out, indent, level + 1);
      }
      newline(out, indent, level);
      out.append(']');
    } else {
      throw new JsonException("cannot write " + value.getClass().getName() + " as JSON");
    }
  }

  private static void newline(StringBuilder out, int indent, int level) {
    if (indent >= 0) {
      out.append('\n');
      out.append(" ".repeat(indent * level));
    }
  }

  private static void writeString(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** Typed navigation helpers for decoded documents; each returns null on a shape mismatch. */
  @SuppressWarnings("unchecked")
  public static @Nullable Map<String, @Nullable Object> object(@Nullable Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, @Nullable Object>) m : null;
  }

  public static List<@Nullable Object> array(@Nullable Object value) {
    return value instanceof List<?> l ? Collections.unmodifiableList(l) : List.of();
  }

  public static @Nullable String string(@Nullable Object value) {
    return value instanceof String s ? s : null;
  }

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
