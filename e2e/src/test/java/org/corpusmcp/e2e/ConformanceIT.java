package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The official MCP conformance suite against the HTTP server. Every server scenario the suite
 * lists is either one that must pass here ({@link #MUST_PASS}) or one that does not apply, named
 * with its reason ({@link #NOT_APPLICABLE}); a scenario the suite adds fails the test until it is
 * put in one of the two lists.
 */
class ConformanceIT {

  /** The scenarios that must pass, every check of each. */
  static final List<String> MUST_PASS = List.of(
      "server-initialize", "ping", "tools-list", "dns-rebinding-protection",
      "server-sse-multiple-streams",
      "logging-set-level", // the SDK always advertises the logging capability, so it serves the request
      "prompts-list"); // prompts exist because the distribution loads the Arch wiki plugin

  /**
   * Scenarios that do not apply: capabilities this server deliberately does not offer
   * (completions, resources), and the suite's own fixture prompts and tools (test_simple_prompt,
   * test_simple_text, json_schema_2020_12_tool, …) that only its reference server implements.
   */
  static final Set<String> NOT_APPLICABLE = Set.of(
      "completion-complete",
      "resources-list", "resources-read-text", "resources-read-binary", "resources-templates-read",
      "resources-subscribe", "resources-unsubscribe",
      "prompts-get-simple", "prompts-get-with-args", "prompts-get-embedded-resource", "prompts-get-with-image",
      "tools-call-simple-text", "tools-call-image", "tools-call-audio", "tools-call-embedded-resource",
      "tools-call-mixed-content", "tools-call-with-logging", "tools-call-error", "tools-call-with-progress",
      "tools-call-sampling", "tools-call-elicitation", "json-schema-2020-12",
      "elicitation-sep1034-defaults", "elicitation-sep1330-enums", "server-sse-polling");

  private static final String SUITE = "node_modules/@modelcontextprotocol/conformance/dist/index.js";

  static Dist.HttpServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new Dist.HttpServer(Dist.env());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static List<String> mustPass() {
    return MUST_PASS;
  }

  /** The suite's server scenarios are exactly the two lists: none unclassified, none stale. */
  @Test
  void everyServerScenarioIsClassified() throws Exception {
    Dist.Result result = Dist.node(Dist.env(), SUITE, "list", "--server");
    assertEquals(0, result.status(), result.out() + result.err());
    Set<String> listed = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^\\s*-\\s*(\\S+)\\s*$").matcher(result.out());
    while (m.find()) {
      listed.add(m.group(1));
    }
    Set<String> classified = new TreeSet<>(MUST_PASS);
    classified.addAll(NOT_APPLICABLE);
    assertEquals(classified, listed, "server scenarios of the suite; output:\n" + result.out());
  }

  @ParameterizedTest
  @MethodSource("mustPass")
  void scenarioPasses(String scenario) throws Exception {
    Dist.Result result = Dist.node(Dist.env(), SUITE, "server", "--url", server.url, "--scenario", scenario);
    String out = result.out() + result.err();
    assertEquals(0, result.status(), out);
    Matcher passed = Pattern.compile("Passed: (\\d+)/(\\d+), (\\d+) failed").matcher(out);
    List<String> summaries = new ArrayList<>();
    while (passed.find()) {
      summaries.add(passed.group());
      assertEquals(passed.group(1), passed.group(2), out);
      assertEquals("0", passed.group(3), out);
      assertTrue(Integer.parseInt(passed.group(2)) > 0, "the scenario ran no check: " + out);
    }
    assertEquals(1, summaries.size(), "one summary line for one scenario: " + out);
  }
}
