package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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

    Dist.Result tools = Dist.corpusMcp(plugins, env, "tools");
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
