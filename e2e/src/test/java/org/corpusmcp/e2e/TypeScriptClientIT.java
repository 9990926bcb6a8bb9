package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The official TypeScript MCP client (what most MCP hosts use) over both transports. */
class TypeScriptClientIT {

  private static Map<String, String> env(String tool, String args) {
    Map<String, String> env = Dist.env();
    env.put("CALL_TOOL", tool);
    env.put("CALL_ARGS", args);
    env.put("GET_PROMPT", "arch-wiki-usage");
    return env;
  }

  private static void assertClientPassed(Dist.Result result) {
    assertEquals(0, result.status(), result.out() + result.err());
    assertTrue(result.out().contains("\"ok\":true"), result.out());
    // the bundled corpus's two tools and the Arch wiki plugin's, side by side
    assertTrue(result.out().contains("\"tools\":[\"search\",\"fetch\",\"archwiki_"), result.out());
    assertTrue(result.out().contains("\"readOnlyHint\":true"), result.out());
    // the Arch wiki plugin's prompt (contract §G.2); the corpus adds none
    assertTrue(result.out().contains("\"prompts\":[{\"name\":\"arch-wiki-usage\","
        + "\"description\":\"How to use Arch Wiki MCP without becoming a liar\",\"arguments\":[]}]"),
        result.out());
    assertTrue(result.out().contains("must not synthesize"), result.out());
  }

  /** The corpus's search on the bundled handbook, over stdio. */
  @Test
  void stdio() throws Exception {
    Dist.Result result = Dist.node(env("search", "{\"query\":\"corpus.toml library adapter\"}"),
        "ts-client.mjs", "stdio", Dist.LAUNCHER.toString(), "serve");
    assertClientPassed(result);
    assertTrue(result.out().contains("\"structuredKeys\":[\"results\"]"), result.out());
  }

  /** An Arch wiki tool (replayed offline), over Streamable HTTP. */
  @Test
  void streamableHttp() throws Exception {
    try (Dist.HttpServer server = new Dist.HttpServer(Dist.env())) {
      assertClientPassed(Dist.node(env("archwiki_commands",
          "{\"title_or_url\":\"GRUB\",\"anchor\":\"Installation\"}"), "ts-client.mjs", "http", server.url));
    }
  }
}
