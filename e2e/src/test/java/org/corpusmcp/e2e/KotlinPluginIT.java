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
 * A third-party plugin written in Kotlin against the plugin-api jar alone (examples/kotlin-plugin,
 * built by maven-invoker before this test), dropped into a plugins directory next to the bundled
 * ones and called.
 */
class KotlinPluginIT {

  @TempDir Path plugins;

  /**
   * The example must have been compiled against the plugin-api jar this build made, taken from the
   * build's private repository: a copy left in the user's ~/.m2 by an earlier install would hide a
   * broken install step on every machine but a fresh one.
   */
  @Test
  void theExampleResolvedThisBuildsPluginApiFromThePrivateRepository() throws Exception {
    String version = System.getProperty("plugin-api.version");
    Path repo = Path.of(System.getProperty("example.repo"));
    Path installed = repo.resolve("org/corpusmcp/plugin-api/" + version + "/plugin-api-" + version + ".jar");
    Path built = Path.of(System.getProperty("plugin-api.jar"));
    assertTrue(Files.isRegularFile(built), "plugin-api was not packaged by this build: " + built);
    assertTrue(Files.isRegularFile(installed),
        "plugin-api is missing from the example's private repository " + repo
            + "; the example must not resolve it from anywhere else");
    assertEquals(sha256(built), sha256(installed),
        "the example's repository holds a plugin-api jar other than this build's");
    // Maven's resolver marks an installed artifact with an empty repository id ("jar>="), a
    // downloaded one with the repository it came from.
    String origin = Files.readString(installed.resolveSibling("_remote.repositories"));
    assertTrue(origin.contains("plugin-api-" + version + ".jar>=\n") || origin.contains("plugin-api-" + version + ".jar>=\r\n"),
        "plugin-api in the example's repository was downloaded, not installed by this build:\n" + origin);
    assertTrue(Files.isRegularFile(repo.resolve(
            "org/corpusmcp/corpus-mcp-parent/" + version + "/corpus-mcp-parent-" + version + ".pom")),
        "plugin-api's parent pom is missing from the example's private repository");
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }

  @Test
  void aDroppedInKotlinPluginServesItsToolBesideTheBundledOnes() throws Exception {
    Path jar = Path.of(System.getProperty("kotlin.plugin.jar"));
    assertTrue(Files.isRegularFile(jar), "the example was not built: " + jar);
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
    assertTrue(tools.out().contains("\"wordcount_count\"") && tools.out().contains("\"archwiki_page\""),
        tools.out());

    Dist.Result counted = Dist.corpusMcp(plugins, env, "call", "wordcount_count",
        "{\"text\":\"the cat saw the hat\",\"top\":1}");
    assertEquals(0, counted.status(), counted.err());
    assertTrue(counted.out().replaceAll("\\s", "").contains("\"words\":5,\"top\":[\"the\"]"), counted.out());

    Dist.Result typed = Dist.corpusMcp(plugins, env, "call", "wordcount_count", "{\"text\":\"...\"}");
    assertEquals(1, typed.status());
    assertTrue(typed.err().contains("no_words"), typed.err());
  }
}
