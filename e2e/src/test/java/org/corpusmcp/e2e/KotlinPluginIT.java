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
   * The examples must have been compiled against the jars this build made, taken from the release's
   * Maven repository (maven/ in the archives) as a plugin author's build takes them: a copy left in
   * the user's ~/.m2 by an earlier install would hide a broken publication on every machine but a
   * fresh one.
   */
  @Test
  void theExamplesResolvedThisBuildsJarsFromTheReleaseRepository() throws Exception {
    String version = System.getProperty("plugin-api.version");
    Path repo = Path.of(System.getProperty("example.repo"));
    Path built = Path.of(System.getProperty("plugin-api.jar"));
    assertTrue(Files.isRegularFile(built), "plugin-api was not packaged by this build: " + built);
    for (String artifact : new String[] {"plugin-api", "plugin-testkit", "plugin-json"}) {
      Path dir = repo.resolve("org/corpusmcp/" + artifact + "/" + version);
      Path resolved = dir.resolve(artifact + "-" + version + ".jar");
      assertTrue(
          Files.isRegularFile(resolved),
          artifact + " is missing from the examples' repository " + repo);
      // The resolver keeps the metadata of each remote repository it read a snapshot from, under
      // that repository's id; an installed artifact has maven-metadata-local.xml instead.
      assertTrue(
          Files.isRegularFile(dir.resolve("maven-metadata-corpus-mcp-release.xml")),
          artifact + " was not resolved from the release's Maven repository: " + listing(dir));
      assertTrue(
          !Files.exists(dir.resolve("maven-metadata-local.xml")),
          artifact + " was installed, not resolved from the release's repository: " + listing(dir));
    }
    Path resolvedApi =
        repo.resolve("org/corpusmcp/plugin-api/" + version + "/plugin-api-" + version + ".jar");
    assertEquals(
        sha256(built),
        sha256(resolvedApi),
        "the examples' repository holds a plugin-api jar other than this build's");
    assertTrue(
        Files.isRegularFile(
            repo.resolve(
                "org/corpusmcp/corpus-mcp-parent/"
                    + version
                    + "/corpus-mcp-parent-"
                    + version
                    + ".pom")),
        "plugin-api's parent pom is missing from the examples' repository");
  }

  private static String listing(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList().toString();
    }
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
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
    assertTrue(
        tools.out().contains("\"wordcount_count\"") && tools.out().contains("\"archwiki_page\""),
        tools.out());

    Dist.Result counted =
        Dist.corpusMcp(
            plugins,
            env,
            "call",
            "wordcount_count",
            "{\"text\":\"the cat saw the hat\",\"top\":1}");
    assertEquals(0, counted.status(), counted.err());
    assertTrue(
        counted.out().replaceAll("\\s", "").contains("\"words\":5,\"top\":[\"the\"]"),
        counted.out());

    Dist.Result typed =
        Dist.corpusMcp(plugins, env, "call", "wordcount_count", "{\"text\":\"...\"}");
    assertEquals(1, typed.status());
    assertTrue(typed.err().contains("no_words"), typed.err());
  }
}
