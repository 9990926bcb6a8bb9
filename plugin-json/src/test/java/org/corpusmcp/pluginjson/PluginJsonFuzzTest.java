package org.corpusmcp.pluginjson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.corpusmcp.api.PluginJsonException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the JSON plugins are lent: text a wiki or a client sent, and values a plugin writes.
 * Text either reads to a value that writes back (compact and pretty) to text reading to the same
 * value, or fails with {@link PluginJsonException} whose message names no Java class (plugins pass
 * it on to clients). A plain value reads back equal from what {@code write} made of it; a
 * non-finite number is refused with the same exception.
 */
@Tag("fuzz")
class PluginJsonFuzzTest {

  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(java|javax|tools\\.jackson|com\\.fasterxml)\\.[a-z]+|\\bJsonToken\\.");
  private static final String[] PREFIXES = {
    "", "{\"parse\":{\"revid\":", "[1,", "{\"a\":[{\"b\":", "\"", "-", "1e",
  };

  private final JacksonPluginJson json = new JacksonPluginJson();

  @FuzzTest(maxDuration = "30s")
  void textReadsBackAndValuesWriteBack(FuzzedDataProvider data) {
    if (data.consumeBoolean()) {
      readAndWriteBack(
          PREFIXES[data.consumeInt(0, PREFIXES.length - 1)] + data.consumeRemainingAsString());
    } else {
      writeAndReadBack(value(data, 0));
    }
  }

  private void readAndWriteBack(String text) {
    Object value;
    try {
      value = json.parse(text);
    } catch (PluginJsonException e) {
      if (CLASS_NAME.matcher(String.valueOf(e.getMessage())).find()) {
        throw new AssertionError("a Java class name in the message: " + e.getMessage(), e);
      }
      return;
    }
    assertEquals(value, json.parse(json.write(value)), text);
    assertEquals(value, json.parse(json.writePretty(value)), text);
  }

  private void writeAndReadBack(@Nullable Object value) {
    String text;
    try {
      text = json.write(value);
    } catch (PluginJsonException e) {
      if (!holdsNonFinite(value)) {
        throw new AssertionError("a plain value was refused: " + value, e);
      }
      return;
    }
    if (holdsNonFinite(value)) {
      throw new AssertionError("a non-finite number was written: " + text);
    }
    assertEquals(value, json.parse(text), text);
  }

  /** A plain value (the types parse gives), nested at most four deep. */
  private static @Nullable Object value(FuzzedDataProvider data, int depth) {
    return switch (data.consumeInt(0, depth < 4 ? 7 : 5)) {
      case 0 -> null;
      case 1 -> data.consumeBoolean();
      case 2 -> data.consumeLong();
      case 3 -> data.consumeRegularDouble();
      case 4 -> data.consumeDouble(); // NaN and the infinities too
      case 5 -> data.consumeString(40);
      case 6 -> {
        List<@Nullable Object> list = new ArrayList<>();
        int n = data.consumeInt(0, 5);
        for (int i = 0; i < n; i++) {
          list.add(value(data, depth + 1));
        }
        yield list;
      }
      default -> {
        Map<String, @Nullable Object> map = new LinkedHashMap<>();
        int n = data.consumeInt(0, 5);
        for (int i = 0; i < n; i++) {
          map.put(data.consumeString(12), value(data, depth + 1));
        }
        yield map;
      }
    };
  }

  private static boolean holdsNonFinite(@Nullable Object value) {
    if (value instanceof Double d) {
      return !Double.isFinite(d);
    }
    if (value instanceof List<?> list) {
      return list.stream().anyMatch(PluginJsonFuzzTest::holdsNonFinite);
    }
    if (value instanceof Map<?, ?> map) {
      return map.values().stream().anyMatch(PluginJsonFuzzTest::holdsNonFinite);
    }
    return false;
  }
}
