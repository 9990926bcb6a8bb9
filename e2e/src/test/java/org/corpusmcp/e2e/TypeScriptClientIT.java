package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The official TypeScript MCP client (what most MCP hosts use) over both transports. */
class TypeScriptClientIT {

  private static Map<String, String> env() {
    Map<String, String> env = Dist.env();
    env.put("CALL_TOOL", "archwiki_commands");
    env.put("CALL_ARGS", "{\"title_or_url\":\"GRUB\",\"anchor\":\"Installation\"}");
    return env;
  }

  private static void assertClientPassed(Dist.Result result) {
    assertEquals(0, result.status(), result.out() + result.err());
    assertTrue(result.out().contains("\"ok\":true"), result.out());
    assertTrue(result.out().contains("\"archwiki_commands\""), result.out());
    assertTrue(result.out().contains("\"readOnlyHint\":true"), result.out());
  }

  @Test
  void stdio() throws Exception {
    assertClientPassed(Dist.node(env(), "ts-client.mjs", "stdio", Dist.LAUNCHER.toString(), "serve"));
  }

  @Test
  void streamableHttp() throws Exception {
    try (Dist.HttpServer server = new Dist.HttpServer(Dist.env())) {
      assertClientPassed(Dist.node(env(), "ts-client.mjs", "http", server.url));
    }
  }
}
