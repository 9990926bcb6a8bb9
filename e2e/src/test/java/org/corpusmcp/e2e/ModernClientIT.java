package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Clients of the stateless revision 2026-07-28 against the distribution: the new-generation
 * TypeScript client ({@code @modelcontextprotocol/client} 2.x, pinned to that revision, so it never
 * falls back to {@code initialize}) and the MCP Inspector's CLI in {@code --protocol-era modern},
 * over Streamable HTTP and stdio. Expected content: the handbook page and the recorded Arch wiki
 * revision the legacy {@link TypeScriptClientIT} checks, so both revisions are seen to give the
 * same tool results.
 */
class ModernClientIT {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String INSPECTOR =
      "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js";

  /** search, fetch and an Arch wiki tool (replayed offline), in one run of the client. */
  private static final String CALLS =
      "["
          + "{\"name\":\"search\",\"arguments\":{\"query\":\"Reciprocal Rank Fusion\"}},"
          + "{\"name\":\"fetch\",\"arguments\":{\"ref\":\"corpus://Handbook/docs/architecture\","
          + "\"sections\":[\"Decisions_and_why\"]}},"
          + "{\"name\":\"archwiki_commands\",\"arguments\":{\"title_or_url\":\"GRUB\",\"anchor\":\"Installation\"}}]";

  static Dist.HttpServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new Dist.HttpServer(Dist.env());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static Map<String, String> env() {
    Map<String, String> env = Dist.env();
    env.put("CALLS", CALLS);
    return env;
  }

  @Test
  void typeScriptClientOverHttp() throws Exception {
    assertModernClientPassed(Dist.node(env(), "modern-client.mjs", "http", server.url));
  }

  @Test
  void typeScriptClientOverStdio() throws Exception {
    assertModernClientPassed(
        Dist.node(env(), "modern-client.mjs", "stdio", Dist.LAUNCHER.toString(), "serve"));
  }

  private static void assertModernClientPassed(Dist.Result result) {
    assertEquals(0, result.status(), result.out() + result.err());
    JsonNode summary = JSON.readTree(result.out().strip());
    assertTrue(summary.path("ok").asBoolean(), result.out());
    assertEquals("modern", summary.path("era").asString());
    assertEquals("2026-07-28", summary.path("version").asString());
    assertEquals("corpus-mcp", summary.path("server").asString());
    assertEquals("2026-07-28", summary.path("supportedVersions").path(0).asString());
    assertTrue(summary.path("pingRejected").asBoolean(), "ping is not a 2026-07-28 method");
    List<String> tools = new ArrayList<>();
    summary.path("tools").forEach(t -> tools.add(t.asString()));
    assertEquals(List.of("search", "fetch"), tools.subList(0, 2), result.out());
    assertTrue(tools.contains("archwiki_commands"), result.out());

    JsonNode results = summary.path("results");
    // "Reciprocal Rank Fusion" occurs on one handbook page only (grep over its sources; libzim's
    // searcher finds one match): the architecture page.
    JsonNode search = results.get(0).path("structured").path("results");
    assertEquals(
        "corpus://Handbook/docs/architecture", search.get(0).path("ref").asString(), result.out());
    JsonNode fetched = results.get(1).path("structured");
    assertEquals("Architecture", fetched.path("title").asString(), result.out());
    assertEquals(
        "Decisions_and_why", fetched.path("sections").get(0).path("id").asString(), result.out());
    assertTrue(
        fetched
            .path("sections")
            .get(0)
            .path("content")
            .asString()
            .startsWith("## Decisions and why"),
        result.out());
    // The one {{bc}} block of GRUB#Installation in recorded revision 858930.
    JsonNode block = results.get(2).path("structured").path("commands").get(0);
    assertEquals(
        "# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB",
        block.path("content").asString());
    assertEquals(
        "8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44",
        block.path("content_hash").asString());
    assertEquals(858930, block.path("revid").asInt());
  }

  /**
   * The environment for the Inspector, with a home of its own: it keeps a catalogue and storage
   * under {@code ~/.mcp-inspector}, which a test must not leave in the user's home.
   */
  private static Map<String, String> inspectorEnv(Path home) {
    Map<String, String> env = Dist.env();
    env.put("HOME", home.toString());
    return env;
  }

  @Test
  void inspectorCliInModernEraOverHttp(@TempDir Path home) throws Exception {
    Dist.Result result =
        Dist.node22(
            inspectorEnv(home),
            INSPECTOR,
            "--cli",
            "--protocol-era",
            "modern",
            "--connect-timeout",
            "120000", // the JVM starts slowly on a loaded machine
            "--format",
            "json",
            "--method",
            "tools/call",
            "--tool-name",
            "archwiki_commands",
            "--tool-args-json",
            "{\"title_or_url\":\"GRUB\",\"anchor\":\"Installation\"}",
            server.url);
    assertEquals(0, result.status(), result.out() + result.err());
    JsonNode answer = JSON.readTree(result.out().strip()).path("result");
    assertServedStatelessly(answer, result);
    assertFalse(answer.path("isError").asBoolean(), result.out());
    assertEquals(
        858930,
        answer.path("structuredContent").path("commands").get(0).path("revid").asInt(),
        result.out());
  }

  @Test
  void inspectorCliInModernEraOverStdio(@TempDir Path home) throws Exception {
    Dist.Result result =
        Dist.node22(
            inspectorEnv(home),
            INSPECTOR,
            "--cli",
            "--protocol-era",
            "modern",
            "--connect-timeout",
            "120000", // the JVM starts slowly on a loaded machine
            "--format",
            "json",
            "--method",
            "tools/call",
            "--tool-name",
            "search",
            "--tool-args-json",
            "{\"query\":\"Reciprocal Rank Fusion\"}",
            "-e",
            "ARCHWIKI_OFFLINE=1",
            "-e",
            "ARCHWIKI_FIXTURES=" + Dist.SHARED.resolve("archwiki-fixtures"),
            Dist.LAUNCHER.toString(),
            "serve");
    assertEquals(0, result.status(), result.out() + result.err());
    JsonNode answer = JSON.readTree(result.out().strip()).path("result");
    // The Inspector prints a tools/call result whole, _meta included (its tools/list output is
    // rebuilt from the pages and drops it).
    assertServedStatelessly(answer, result);
    assertEquals(
        "corpus://Handbook/docs/architecture",
        answer.path("structuredContent").path("results").get(0).path("ref").asString(),
        result.out());
  }

  /**
   * The answer came from the 2026-07-28 path: only there does every result name the server in
   * {@code _meta} (the session-based revisions name it once, in the {@code initialize} result).
   */
  private static void assertServedStatelessly(JsonNode answer, Dist.Result result) {
    assertEquals(
        "corpus-mcp",
        answer.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asString(),
        result.out() + result.err());
  }
}
