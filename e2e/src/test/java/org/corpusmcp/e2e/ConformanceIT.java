package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The official MCP conformance suite against the HTTP server. Every server scenario the suite lists
 * is either one that must pass here ({@link #MUST_PASS}) or one that does not apply, named with its
 * reason ({@link #NOT_APPLICABLE}); a scenario the suite adds fails the test until it is put in one
 * of the two lists.
 *
 * <p>Two servers: the distribution as shipped, which the 0.1 line checks scenario by scenario, and
 * the same distribution with the conformance fixture plugin ({@code plugins/conformance-fixture})
 * dropped into its plugins directory, against which the 0.2 line runs both revisions' whole
 * requirement sets: the fixture implements the suite's fixture tools, prompt and resources through
 * plugin-api alone, so those scenarios score the host itself.
 */
class ConformanceIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The scenarios that must pass, every check of each. */
  static final List<String> MUST_PASS =
      List.of(
          "server-initialize",
          "ping",
          "tools-list",
          "dns-rebinding-protection",
          "server-sse-multiple-streams",
          "logging-set-level", // the SDK always advertises the logging capability, so it serves the
          // request
          "prompts-list"); // prompts exist because the distribution loads the Arch wiki plugin

  /**
   * Scenarios that do not apply to the distribution alone: capabilities it does not offer
   * (completions, resources), and the suite's fixture prompts and tools (test_simple_prompt,
   * test_simple_text, json_schema_2020_12_tool, …), which only the fixture plugin has; the 0.2 line
   * scores those against {@link #fixtureServer}.
   */
  static final Set<String> NOT_APPLICABLE =
      Set.of(
          "completion-complete",
          "resources-list",
          "resources-read-text",
          "resources-read-binary",
          "resources-templates-read",
          "resources-subscribe",
          "resources-unsubscribe",
          "prompts-get-simple",
          "prompts-get-with-args",
          "prompts-get-embedded-resource",
          "prompts-get-with-image",
          "tools-call-simple-text",
          "tools-call-image",
          "tools-call-audio",
          "tools-call-embedded-resource",
          "tools-call-mixed-content",
          "tools-call-with-logging",
          "tools-call-error",
          "tools-call-with-progress",
          "tools-call-sampling",
          "tools-call-elicitation",
          "json-schema-2020-12",
          "elicitation-sep1034-defaults",
          "elicitation-sep1330-enums",
          "server-sse-polling");

  private static final String SUITE =
      "node_modules/@modelcontextprotocol/conformance/dist/index.js";

  /**
   * The suite's 0.2 line, which has the scenarios of the stateless revision 2026-07-28; it needs
   * Node 22 ({@link Dist#node22}). Installed beside the 0.1 line under an npm alias.
   */
  private static final String MODERN_SUITE = "node_modules/conformance-modern/dist/index.js";

  /**
   * Scenarios of the 2026-07-28 requirement set that must pass against {@link #fixtureServer},
   * every check of each.
   */
  static final List<String> MODERN_MUST_PASS =
      List.of(
          "http-header-validation",
          "tools-list",
          "prompts-list",
          "dns-rebinding-protection",
          "server-sse-multiple-streams", // JSON answers are allowed instead of SSE (an INFO check)
          "input-required-result-unsupported-methods", // list methods never answer input_required
          "input-required-result-basic-elicitation",
          "input-required-result-basic-sampling",
          "input-required-result-basic-list-roots",
          "input-required-result-request-state",
          "input-required-result-multiple-input-requests",
          "input-required-result-multi-round",
          "input-required-result-missing-input-response",
          "input-required-result-non-tool-request",
          "input-required-result-result-type",
          "input-required-result-tampered-state",
          "input-required-result-capability-check",
          "input-required-result-ignore-extra-params",
          "input-required-result-validate-input",
          "tools-call-simple-text",
          "tools-call-image",
          "tools-call-audio",
          "tools-call-embedded-resource",
          "tools-call-mixed-content",
          "tools-call-error",
          "tools-call-with-progress", // on the call's SSE response stream
          "json-schema-2020-12",
          "resources-list",
          "resources-read-text",
          "resources-read-binary",
          "resources-templates-read",
          "sep-2164-resource-not-found",
          "prompts-get-simple",
          "prompts-get-with-args",
          "prompts-get-embedded-resource",
          "prompts-get-with-image",
          "completion-complete",
          "caching",
          // the fixture's test_trigger_tool_change / test_trigger_prompt_change change its lists
          // through plugin-api's ListChanges; listen streams that asked are told
          "server-stateless");

  /**
   * Scenarios of the 2026-07-28 set that must pass except for the checks named here, each of which
   * needs something this server does not have: none now.
   */
  static final Map<String, Map<String, String>> MODERN_PARTIAL = Map.of();

  /**
   * Scenarios of the 2026-07-28 set that do not apply, with the reason: tools with {@code
   * x-mcp-header} parameters (no tool marks one), and the tasks extension (not scored). The
   * messages the server sent in them must still be valid.
   */
  static final Set<String> MODERN_NOT_APPLICABLE =
      Set.of(
          "http-custom-header-server-validation",
          "tasks-lifecycle",
          "tasks-capability-negotiation",
          "tasks-wire-fields",
          "tasks-request-state-removal",
          "tasks-mrtr-input",
          "tasks-request-headers",
          "tasks-dispatch-and-envelope",
          "tasks-status-notifications",
          "tasks-required-task-error",
          "tasks-mrtr-composition");

  static Dist.HttpServer server;

  /** The distribution with the conformance fixture plugin beside its own plugins. */
  static Dist.HttpServer fixtureServer;

  @TempDir static Path fixturePlugins;

  @BeforeAll
  static void start() throws Exception {
    server = new Dist.HttpServer(Dist.env());
    Path fixture = Path.of(System.getProperty("conformance.fixture.jar"));
    assertTrue(Files.isRegularFile(fixture), "the fixture plugin was not built: " + fixture);
    Files.copy(fixture, fixturePlugins.resolve(fixture.getFileName()));
    try (Stream<Path> bundled = Files.list(Dist.HOME.resolve("plugins"))) {
      for (Path p : bundled.toList()) {
        Files.copy(p, fixturePlugins.resolve(p.getFileName()));
      }
    }
    Map<String, String> env = Dist.env();
    env.put("CORPUS_MCP_PLUGINS_DIR", fixturePlugins.toString());
    fixtureServer = new Dist.HttpServer(env);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    if (fixtureServer != null) {
      fixtureServer.close();
    }
  }

  /** The distribution ships without the fixture: it is a test plugin. */
  @Test
  void theDistributionDoesNotShipTheFixture() throws Exception {
    try (Stream<Path> bundled = Files.list(Dist.HOME.resolve("plugins"))) {
      assertEquals(
          List.of(),
          bundled.filter(p -> p.getFileName().toString().contains("conformance")).toList());
    }
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

  /**
   * Scenarios of the suite's 0.2 line for 2025-11-25 (the session-based revision the SDK serves)
   * that must pass against {@link #fixtureServer}; it adds session lifecycle and SSE polling to
   * what the 0.1 line checks.
   */
  static final List<String> LEGACY_MUST_PASS =
      List.of(
          "server-initialize",
          "server-session-lifecycle",
          "ping",
          "logging-set-level",
          "tools-list",
          "prompts-list",
          "dns-rebinding-protection",
          "server-sse-multiple-streams",
          "server-sse-polling", // INFO checks only: the SDK does not poll-reconnect, which is
          // allowed
          "tools-call-simple-text",
          "tools-call-image",
          "tools-call-audio",
          "tools-call-embedded-resource",
          "tools-call-mixed-content",
          "tools-call-with-logging",
          "tools-call-error",
          "tools-call-with-progress",
          "json-schema-2020-12",
          "resources-list",
          "resources-read-text",
          "resources-read-binary",
          "resources-templates-read",
          "resources-subscribe", // the fixture's test://watched-resource
          "resources-unsubscribe",
          "prompts-get-simple",
          "prompts-get-with-args",
          "prompts-get-embedded-resource",
          "prompts-get-with-image",
          "completion-complete",
          "tools-call-sampling", // a request from server to client in the session
          "tools-call-elicitation",
          "elicitation-sep1034-defaults",
          "elicitation-sep1330-enums");

  /** The 0.2 line's 2025-11-25 scenarios that do not apply: none. */
  static final Set<String> LEGACY_NOT_APPLICABLE = Set.of();

  /**
   * The suite's whole 2026-07-28 requirement set in one run: each scenario it ran is classified,
   * must-pass scenarios pass every check, partial ones every check but the listed ones, and in
   * every scenario, applicable or not, each message the server sent is valid against the revision's
   * JSON schema (the suite's {@code wire-schema-valid} check).
   */
  @Test
  void modernRequirementsPass(@TempDir Path out) throws Exception {
    assertRequirementsPass(
        "2026-07-28", out, MODERN_MUST_PASS, MODERN_PARTIAL, MODERN_NOT_APPLICABLE);
  }

  /**
   * The same for 2025-11-25 with the 0.2 line: the legacy revision keeps passing beside the new
   * one.
   */
  @Test
  void legacyRequirementsPassWithTheNewSuite(@TempDir Path out) throws Exception {
    assertRequirementsPass("2025-11-25", out, LEGACY_MUST_PASS, Map.of(), LEGACY_NOT_APPLICABLE);
  }

  private static void assertRequirementsPass(
      String revision,
      Path out,
      List<String> mustPass,
      Map<String, Map<String, String>> partial,
      Set<String> notApplicable)
      throws Exception {
    Dist.Result result =
        Dist.node22(
            Dist.env(),
            MODERN_SUITE,
            "server",
            "--url",
            fixtureServer.url,
            "--requirements",
            revision,
            "--output-dir",
            out.toString());
    String log = result.out() + result.err();
    Map<String, JsonNode> checksByScenario = new TreeMap<>();
    try (var dirs = Files.list(out)) {
      for (Path dir : dirs.toList()) {
        Matcher name =
            Pattern.compile("^server-(.+)-\\d{4}-\\d{2}-\\d{2}T.*$")
                .matcher(dir.getFileName().toString());
        assertTrue(name.matches(), "unexpected result directory " + dir);
        checksByScenario.put(
            name.group(1), JSON.readTree(Files.readString(dir.resolve("checks.json"))));
      }
    }
    Set<String> classified = new TreeSet<>(mustPass);
    classified.addAll(partial.keySet());
    classified.addAll(notApplicable);
    assertEquals(
        classified,
        checksByScenario.keySet(),
        "scenarios of the " + revision + " set; log:\n" + log);
    List<String> failures = new ArrayList<>();
    checksByScenario.forEach(
        (scenario, checks) -> {
          Map<String, String> excused = partial.getOrDefault(scenario, Map.of());
          boolean applies = !notApplicable.contains(scenario);
          int passed = 0;
          for (JsonNode check : checks) {
            String id = check.path("id").asString();
            String status = check.path("status").asString();
            boolean ok = status.equals("SUCCESS") || status.equals("INFO");
            if (id.equals("wire-schema-valid") && !ok) {
              failures.add(scenario + ": invalid message on the wire: " + check.path("details"));
            } else if (applies && !excused.containsKey(id)) {
              if (ok) {
                passed++;
              } else {
                failures.add(
                    scenario
                        + ": "
                        + id
                        + " "
                        + status
                        + ": "
                        + check.path("errorMessage").asString());
              }
            }
          }
          if (applies && passed == 0) {
            failures.add(scenario + ": no check ran");
          }
        });
    assertEquals(List.of(), failures, log);
  }

  @ParameterizedTest
  @MethodSource("mustPass")
  void scenarioPasses(String scenario) throws Exception {
    Dist.Result result =
        Dist.node(Dist.env(), SUITE, "server", "--url", server.url, "--scenario", scenario);
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
