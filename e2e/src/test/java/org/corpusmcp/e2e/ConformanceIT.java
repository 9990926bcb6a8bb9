package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official MCP conformance suite against the HTTP server, for every server scenario that
 * applies to this server: tools, plus the prompt listing the Arch wiki plugin brings (README lists
 * why the others do not apply).
 */
class ConformanceIT {

  static Dist.HttpServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new Dist.HttpServer(Dist.env());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "server-initialize", "ping", "tools-list", "dns-rebinding-protection",
    "server-sse-multiple-streams", "logging-set-level", "prompts-list"
  })
  void scenarioPasses(String scenario) throws Exception {
    Dist.Result result = Dist.node(Dist.env(), "node_modules/@modelcontextprotocol/conformance/dist/index.js",
        "server", "--url", server.url, "--scenario", scenario);
    String out = result.out() + result.err();
    assertEquals(0, result.status(), out);
    Matcher passed = Pattern.compile("Passed: (\\d+)/(\\d+), (\\d+) failed").matcher(out);
    assertTrue(passed.find(), out);
    assertEquals(passed.group(1), passed.group(2), out);
    assertEquals("0", passed.group(3), out);
    assertTrue(Integer.parseInt(passed.group(2)) > 0, "the scenario ran no check: " + out);
  }
}
