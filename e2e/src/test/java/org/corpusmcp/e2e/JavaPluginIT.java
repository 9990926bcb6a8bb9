package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java plugin template (examples/java-plugin, built and unit-tested by maven-invoker before
 * this test against this build's plugin-api and plugin-testkit alone), dropped into a plugins
 * directory next to the bundled ones and called through the assembled host.
 */
class JavaPluginIT {

  @TempDir Path plugins;

  /** The template's tests ran against the kit this build made, not one from elsewhere. */
  @Test
  void theTemplateResolvedThisBuildsTestkitFromThePrivateRepository() throws Exception {
    String version = System.getProperty("plugin-api.version");
    Path repo = Path.of(System.getProperty("example.repo"));
    Path installed =
        repo.resolve(
            "org/corpusmcp/plugin-testkit/" + version + "/plugin-testkit-" + version + ".jar");
    Path built = Path.of(System.getProperty("plugin-testkit.jar"));
    assertTrue(
        Files.isRegularFile(built), "plugin-testkit was not packaged by this build: " + built);
    assertTrue(
        Files.isRegularFile(installed),
        "plugin-testkit is missing from the examples' private repository " + repo);
    assertEquals(
        sha256(built),
        sha256(installed),
        "the examples' repository holds a plugin-testkit jar other than this build's");
  }

  @Test
  void aDroppedInJavaPluginServesItsToolThroughTheHostsJson() throws Exception {
    Path jar = Path.of(System.getProperty("java.plugin.jar"));
    assertTrue(Files.isRegularFile(jar), "the template was not built: " + jar);
    Files.copy(jar, plugins.resolve(jar.getFileName()));
    try (Stream<Path> bundled = Files.list(Dist.HOME.resolve("plugins"))) {
      for (Path p : bundled.toList()) {
        Files.copy(p, plugins.resolve(p.getFileName()));
      }
    }
    Map<String, String> env = Dist.env();
    env.put("CORPUS_MCP_PLUGINS_DIR", plugins.toString());

    Dist.Result tools = Dist.corpusMcp(plugins, env, "tools", "--json");
    assertEquals(0, tools.status(), tools.err());
    assertTrue(
        tools.out().contains("\"jsonkeys_keys\"") && tools.out().contains("\"archwiki_page\""),
        tools.out());

    Dist.Result listed =
        Dist.corpusMcp(
            plugins,
            env,
            "call",
            "jsonkeys_keys",
            "{\"json\":\"{\\\"b\\\":1,\\\"a\\\":[2]}\",\"limit\":5}");
    assertEquals(0, listed.status(), listed.err());
    assertTrue(
        listed.out().replaceAll("\\s", "").contains("\"count\":2,\"keys\":[\"b\",\"a\"]")
            || listed.out().replaceAll("\\s", "").contains("\"keys\":[\"b\",\"a\"],\"count\":2"),
        listed.out());

    Dist.Result broken = Dist.corpusMcp(plugins, env, "call", "jsonkeys_keys", "{\"json\":\"{\"}");
    assertEquals(1, broken.status());
    assertTrue(broken.err().contains("invalid_json"), broken.err());
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
