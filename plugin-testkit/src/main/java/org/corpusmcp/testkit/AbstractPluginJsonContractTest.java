package org.corpusmcp.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PluginJson} must do, checked on hand-worked cases: the host's implementation
 * and this kit's {@link JacksonPluginJson} both extend it, so a plugin tested with the kit meets
 * the same JSON in the server.
 */
public abstract class AbstractPluginJsonContractTest {

  /** The implementation under test. */
  protected abstract PluginJson json();

  @Test
  void objectsKeepDocumentOrderAndIntegersAreLongs() {
    Object doc = json().parse("{\"b\":1,\"a\":[true,null,1.5,\"\u00e9\"],\"c\":{}}");
    Map<?, ?> map = assertInstanceOf(Map.class, doc);
    assertEquals(List.of("b", "a", "c"), new ArrayList<>(map.keySet()));
    assertEquals(Long.valueOf(1), map.get("b"));
    assertEquals(Arrays.asList(true, null, 1.5, "\u00e9"), map.get("a"));
    assertEquals(Map.of(), map.get("c"));
  }

  @Test
  void integersBeyondSixtyFourBitsAreBigIntegers() {
    assertEquals(new BigInteger("12345678901234567890"), json().parse("12345678901234567890"));
    assertEquals(Long.MIN_VALUE, json().parse("-9223372036854775808"));
  }

  @Test
  void scalarsAndNullAreDocumentsToo() {
    assertNull(json().parse(" null "));
    assertEquals("x", json().parse("\"x\""));
    assertEquals(false, json().parse("false"));
  }

  @Test
  void brokenTextIsATypedErrorThatSaysWhere() {
    for (String bad :
        List.of(
            "",
            "   ",
            "{\"a\":1} x",
            "{\"a\":1}{}",
            "{\"a\":",
            "[1,]",
            "{'a':1}",
            "// c\n1",
            "\"a\u0001b\"")) {
      PluginJsonException e =
          assertThrows(PluginJsonException.class, () -> json().parse(bad), () -> "accepted " + bad);
      assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
    }
    PluginJsonException unclosed =
        assertThrows(PluginJsonException.class, () -> json().parse("{\n\"a\": [1, 2"));
    assertTrue(unclosed.getMessage().contains("line 2"), unclosed.getMessage());
  }

  /**
   * Plugins pass these messages on to clients (a wiki's undecodable answer is quoted in the tool's
   * error), so they say what is wrong in words, not in the JSON library's class names: a second
   * value after the document was reported as "Trailing token (`JsonToken.VALUE_STRING`) found after
   * value (bound as `java.lang.Object`)", found by PluginJsonFuzzTest.
   */
  @Test
  void brokenTextIsDescribedWithoutClassNames() {
    for (String bad :
        List.of("{\"a\":1} x", "1 \"two\"", "{} {}", "[1] [", "\"a\" 2", "[".repeat(2000))) {
      PluginJsonException e =
          assertThrows(PluginJsonException.class, () -> json().parse(bad), () -> "accepted " + bad);
      assertFalse(
          e.getMessage().matches("(?s).*(\\b(java|tools\\.jackson|com\\.fasterxml)\\.[a-z]|`).*"),
          e.getMessage());
    }
  }

  /**
   * A number beyond a double's range has no value the reader may give: Jackson read it as an
   * infinity, which {@code write} then refused, so a plugin quoting a wiki's answer back failed
   * with an error of its own instead of the answer's (found by PluginJsonFuzzTest).
   */
  @Test
  void numbersBeyondADoubleAreRefused() {
    for (String bad : List.of("1e999", "[-1e400]", "{\"revid\":2.5e308}")) {
      assertThrows(PluginJsonException.class, () -> json().parse(bad), () -> "accepted " + bad);
    }
    assertEquals(1.7976931348623157e308, json().parse("1.7976931348623157e308"));
  }

  @Test
  void deepNestingIsRefusedNotAStackOverflow() {
    String deep = "[".repeat(200_000) + "]".repeat(200_000);
    assertThrows(PluginJsonException.class, () -> json().parse(deep));
  }

  @Test
  void topLevelShapeIsChecked() {
    assertEquals(Map.of("a", 1L), json().parseObject("{\"a\":1}"));
    assertEquals(List.of(1L), json().parseArray("[1]"));
    assertThrows(PluginJsonException.class, () -> json().parseObject("[1]"));
    assertThrows(PluginJsonException.class, () -> json().parseObject("null"));
    assertThrows(PluginJsonException.class, () -> json().parseArray("{}"));
  }

  @Test
  void writesCompactJsonWithNonAsciiAsIs() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("a", List.of(1, "x"));
    value.put("\u00e9", null);
    value.put("q", "say \"hi\"\n");
    assertEquals(
        "{\"a\":[1,\"x\"],\"\u00e9\":null,\"q\":\"say \\\"hi\\\"\\n\"}", json().write(value));
  }

  @Test
  void prettyTextReadsBackToTheSameValue() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("list", List.of(1L, 2.5, "three"));
    value.put("nested", Map.of("k", true));
    String pretty = json().writePretty(value);
    assertTrue(pretty.contains("\n"), pretty);
    assertEquals(value, json().parse(pretty));
  }

  @Test
  void onlyPlainValuesAreWritten() {
    assertThrows(PluginJsonException.class, () -> json().write(Double.NaN));
    assertThrows(PluginJsonException.class, () -> json().write(List.of(Double.POSITIVE_INFINITY)));
    assertThrows(PluginJsonException.class, () -> json().write(Map.of("bean", new Object())));
    assertThrows(PluginJsonException.class, () -> json().write(Map.of(1, "x")));
  }
}
