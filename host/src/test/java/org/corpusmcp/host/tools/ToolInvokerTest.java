package org.corpusmcp.host.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.testing.SamplePlugins;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Argument validation and failure containment, through the invoker every front end uses. */
class ToolInvokerTest {

  @TempDir static Path dir;
  static Host host;

  @BeforeAll
  static void start() {
    host =
        Host.start(
            SamplePlugins.settings(SamplePlugins.write(dir)), JsonText.newMapper(), List.of());
  }

  @AfterAll
  static void stop() {
    host.close();
  }

  private static ToolResult call(String tool, Map<String, Object> args) {
    return host.invoker().call(tool, new HashMap<>(args));
  }

  private static Map<String, @Nullable Object> body(ToolResult result) {
    return ToolResultBody.of(result);
  }

  private static String message(ToolResult result) {
    return String.valueOf(body(result).get("message"));
  }

  private static String code(ToolResult result) {
    return assertInstanceOf(ToolResult.Failure.class, result).code();
  }

  @Test
  void validArgumentsReachTheHandlerWithDefaultsApplied() {
    ToolResult result = call("sample_echo", Map.of("text", "ab"));
    assertInstanceOf(ToolResult.Success.class, result);
    assertEquals("ab", body(result).get("echo")); // times defaulted to 1
    assertEquals("ababab", body(call("sample_echo", Map.of("text", "ab", "times", 3))).get("echo"));
  }

  @Test
  void aMisspeltArgumentIsNamedWithTheLikelyIntendedOne() {
    ToolResult outcome = call("sample_echo", Map.of("txet", "hi"));
    assertEquals("invalid_params", code(outcome));
    assertTrue(message(outcome).contains("'txet' (did you mean 'text'?)"), message(outcome));
    assertTrue(message(outcome).contains("it accepts: text, times"), message(outcome));
  }

  @Test
  void aMissingRequiredArgumentIsNamed() {
    ToolResult outcome = call("sample_echo", Map.of());
    assertEquals("invalid_params", code(outcome));
    assertTrue(
        message(outcome).contains("missing required argument 'text' (string)"), message(outcome));
  }

  @Test
  void typesBoundsAndPatternsAreEnforced() {
    assertTrue(
        message(call("sample_echo", Map.of("text", "x", "times", "3")))
            .contains("must be an integer, got the string \"3\" (send the number without quotes)"));
    assertTrue(
        message(call("sample_echo", Map.of("text", "x", "times", true)))
            .contains("must be an integer, got the boolean true"));
    assertTrue(
        message(call("sample_echo", Map.of("text", "x", "times", 2.5)))
            .contains("must be an integer, got the number 2.5"));
    assertTrue(
        message(call("sample_echo", Map.of("text", "x", "times", 9)))
            .contains("must be <= 5, got 9"));
    assertTrue(
        message(call("sample_echo", Map.of("text", "   ")))
            .contains("must contain a non-whitespace character"));
    assertTrue(message(call("sample_echo", Map.of("text", ""))).contains("at least 1 character"));
  }

  @Test
  void aTypedFailureKeepsItsCodeMessageAndDetails() {
    ToolResult outcome = call("sample_fail", Map.of());
    assertEquals("page_not_found", code(outcome));
    assertEquals("page_not_found", body(outcome).get("error"));
    assertEquals("page_not_found", body(outcome).get("code"));
    assertEquals("No such page: x", body(outcome).get("message"));
    assertEquals(List.of("a", "b"), body(outcome).get("available"));
  }

  @Test
  void aThrowingHandlerBecomesInternalErrorWithoutItsDetails() {
    ToolResult outcome = call("sample_boom", Map.of());
    assertEquals("internal_error", code(outcome));
    assertTrue(message(outcome).contains("plugin 'sample'"), message(outcome));
    assertFalse(body(outcome).toString().contains("secret internal detail"));
    assertFalse(body(outcome).toString().contains("at test.sample"));
  }

  @Test
  void anUnknownToolIsATypedError() {
    assertEquals("unknown_tool", code(call("nope", Map.of())));
  }

  @Test
  void editDistanceCountsATranspositionOnce() {
    assertEquals(1, NearestName.editDistance("qeury", "query"));
    assertEquals(2, NearestName.editDistance("qery", "queryy"));
    assertEquals(null, NearestName.closest("zzzzzz", java.util.Set.of("query", "limit")));
  }
}
