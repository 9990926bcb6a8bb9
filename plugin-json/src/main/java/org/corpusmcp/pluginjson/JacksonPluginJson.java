package org.corpusmcp.pluginjson;

import java.util.Map;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link PluginJson} on Jackson, which the host already uses for every MCP message: the one
 * implementation plugins are given through {@link org.corpusmcp.api.PluginContext#json()}, and the
 * one plugin-testkit lends a plugin's tests, so a plugin meets the same JSON in both. Reads
 * integers as {@code Long} (Jackson gives {@code Integer} for small ones, and its {@code
 * USE_LONG_FOR_INTS} fails on integers beyond 64 bits instead of giving {@code BigInteger}),
 * refuses trailing text, and writes only the plain JSON types: a bean or a {@code NaN} handed to
 * {@link #write} is a {@link PluginJsonException}, not whatever Jackson would make of it.
 */
public final class JacksonPluginJson implements PluginJson {

  private final JsonMapper mapper =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
          .build();

  @Override
  public @Nullable Object parse(String text) {
    if (text.isBlank()) {
      throw new PluginJsonException("no JSON document: the text is empty");
    }
    try {
      return plainValues(mapper.readValue(text, Object.class));
    } catch (DatabindException e) {
      // Reading into Object fails to bind only on a value after the document; Jackson's own text
      // for it names its classes ("bound as `java.lang.Object`"), and plugins quote the message.
      throw new PluginJsonException("not valid JSON: text after the document" + where(e), e);
    } catch (StreamConstraintsException e) {
      throw new PluginJsonException(
          "not valid JSON: nested too deep, or a number or string too long" + where(e), e);
    } catch (JacksonException e) {
      throw new PluginJsonException("not valid JSON: " + describe(e), e);
    }
  }

  @Override
  public String write(@Nullable Object value) {
    checkPlain(value, "$");
    try {
      return mapper.writeValueAsString(value);
    } catch (JacksonException e) {
      throw new PluginJsonException("cannot write JSON: " + describe(e), e);
    }
  }

  @Override
  public String writePretty(@Nullable Object value) {
    checkPlain(value, "$");
    try {
      return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JacksonException e) {
      throw new PluginJsonException("cannot write JSON: " + describe(e), e);
    }
  }

  /**
   * Turns Jackson's {@code Integer}s into {@code Long}s in place, walking with a work list, and
   * refuses a number beyond a double's range: Jackson reads it as an infinity, which {@link #write}
   * would refuse, so a document read here could not be written back.
   */
  @SuppressWarnings("unchecked")
  private static @Nullable Object plainValues(@Nullable Object root) {
    if (root instanceof Integer i) {
      return Long.valueOf(i);
    }
    java.util.ArrayDeque<Object> todo = new java.util.ArrayDeque<>();
    if (root != null) {
      todo.push(root);
    }
    while (!todo.isEmpty()) {
      Object value = todo.pop();
      if (value instanceof Double d && d.isInfinite()) {
        throw new PluginJsonException("not valid JSON: a number beyond the range of a double");
      } else if (value instanceof Map<?, ?> map) {
        for (Map.Entry<String, Object> e : ((Map<String, Object>) map).entrySet()) {
          if (e.getValue() instanceof Integer i) {
            e.setValue(Long.valueOf(i));
          } else if (e.getValue() != null) {
            todo.push(e.getValue());
          }
        }
      } else if (value instanceof java.util.List<?> list) {
        java.util.ListIterator<Object> it = ((java.util.List<Object>) list).listIterator();
        while (it.hasNext()) {
          Object element = it.next();
          if (element instanceof Integer i) {
            it.set(Long.valueOf(i));
          } else if (element != null) {
            todo.push(element);
          }
        }
      }
    }
    return root;
  }

  /** Walks the value with a work list, not recursion, so a deep value cannot overflow the stack. */
  private static void checkPlain(@Nullable Object root, String rootPath) {
    java.util.ArrayDeque<Object[]> todo = new java.util.ArrayDeque<>();
    todo.push(new Object[] {root, rootPath});
    while (!todo.isEmpty()) {
      Object[] item = todo.pop();
      Object value = item[0];
      String path = (String) item[1];
      if (value == null || value instanceof String || value instanceof Boolean) {
        continue;
      }
      if (value instanceof Number n) {
        if ((n instanceof Double || n instanceof Float) && !Double.isFinite(n.doubleValue())) {
          throw new PluginJsonException(
              "cannot write JSON: " + path + " is " + n + ", which JSON has no number for");
        }
      } else if (value instanceof Map<?, ?> map) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
          if (!(e.getKey() instanceof String key)) {
            throw new PluginJsonException(
                "cannot write JSON: "
                    + path
                    + " has a key that is not"
                    + " a string ("
                    + typeName(e.getKey())
                    + ")");
          }
          todo.push(new Object[] {e.getValue(), path + "." + key});
        }
      } else if (value instanceof Iterable<?> list) {
        int i = 0;
        for (Object element : list) {
          todo.push(new Object[] {element, path + "[" + i++ + "]"});
        }
      } else {
        throw new PluginJsonException(
            "cannot write JSON: "
                + path
                + " is a "
                + value.getClass().getName()
                + "; use Map, List, String, Number, Boolean or null");
      }
    }
  }

  private static String typeName(@Nullable Object o) {
    return o == null ? "null" : o.getClass().getSimpleName();
  }

  private static String describe(JacksonException e) {
    String what = e.getOriginalMessage();
    // Jackson's first line is the reason; what follows is a source excerpt not meant for users.
    int newline = what == null ? -1 : what.indexOf('\n');
    String reason = what == null ? "unreadable" : newline < 0 ? what : what.substring(0, newline);
    return reason + where(e);
  }

  private static String where(JacksonException e) {
    TokenStreamLocation at = e.getLocation();
    return at == null || at.getLineNr() < 1
        ? ""
        : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }
}
