package org.corpusmcp.host.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.testing.SamplePlugins;
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

  private static ToolOutcome call(String tool, Map<String, Object> args) {
    return host.invoker().call(tool, new HashMap<>(args));
  }

  private static String message(ToolOutcome outcome) {
    return String.valueOf(outcome.body().get("message"));
  }

  @Test
  void validArgumentsReachTheHandlerWithDefaultsApplied() {
    ToolOutcome outcome = call("sample_echo", Map.of("text", "ab"));
    assertFalse(outcome.isError());
    assertEquals("ab", outcome.body().get("echo")); // times defaulted to 1
    assertEquals(
        "ababab", call("sample_echo", Map.of("text", "ab", "times", 3)).body().get("echo"));
  }

  @Test
  void aMisspeltArgumentIsNamedWithTheLikelyIntendedOne() {
    ToolOutcome outcome = call("sample_echo", Map.of("txet", "hi"));
    assertTrue(outcome.isError());
    assertEquals("invalid_params", outcome.errorCode());
    assertTrue(message(outcome).contains("'txet' (did you mean 'text'?)"), message(outcome));
    assertTrue(message(outcome).contains("it accepts: text, times"), message(outcome));
  }

  @Test
  void aMissingRequiredArgumentIsNamed() {
    ToolOutcome outcome = call("sample_echo", Map.of());
    assertEquals("invalid_params", outcome.errorCode());
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
    ToolOutcome outcome = call("sample_fail", Map.of());
    assertTrue(outcome.isError());
    assertEquals("page_not_found", outcome.body().get("error"));
    assertEquals("page_not_found", outcome.body().get("code"));
    assertEquals("No such page: x", outcome.body().get("message"));
    assertEquals(List.of("a", "b"), outcome.body().get("available"));
  }

  @Test
  void aThrowingHandlerBecomesInternalErrorWithoutItsDetails() {
    ToolOutcome outcome = call("sample_boom", Map.of());
    assertTrue(outcome.isError());
    assertEquals("internal_error", outcome.errorCode());
    assertTrue(message(outcome).contains("plugin 'sample'"), message(outcome));
    assertFalse(outcome.body().toString().contains("secret internal detail"));
    assertFalse(outcome.body().toString().contains("at test.sample"));
  }

  @Test
  void anUnknownToolIsATypedError() {
    assertEquals("unknown_tool", call("nope", Map.of()).errorCode());
  }

  @Test
  void editDistanceCountsATranspositionOnce() {
    assertEquals(1, NearestName.editDistance("qeury", "query"));
    assertEquals(2, NearestName.editDistance("qery", "queryy"));
    assertEquals(null, NearestName.closest("zzzzzz", java.util.Set.of("query", "limit")));
  }
}
