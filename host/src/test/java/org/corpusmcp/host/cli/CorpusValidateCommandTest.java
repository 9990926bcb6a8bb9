package org.corpusmcp.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code corpus validate} over three libraries of which two cannot be served: libzim's small test
 * archive under {@code adapter = "auto"} (no Scraper, so the test adapter, which claims mwoffliner
 * archives, does not recognise it) and an archive that does not exist. Each is reported by name,
 * the sound one still is, and the exit status says something failed; serving stays fail-closed.
 */
class CorpusValidateCommandTest {

  @TempDir static Path dir;
  static Map<String, String> env;
  static Path config;

  @BeforeAll
  static void corpus() throws Exception {
    Path plugins = dir.resolve("plugins");
    TestCorpus.writeAdapterPlugin(plugins);
    config =
        Files.writeString(
            dir.resolve("corpus.toml"),
            """
            version = 1

            [[library]]
            name = "Odd"
            path = "zim-testing-suite/withns/small.zim"
            adapter = "auto"

            [[library]]
            name = "Hundred"
            path = "%s"
            adapter = "generic"

            [[library]]
            name = "Gone"
            path = "mediawiki/no-such-archive.zim"
            adapter = "generic"
            """
                .formatted(TestCorpus.HUNDRED));
    env =
        Map.of(
            HostSettings.ENV_PLUGINS_DIR,
            plugins.toString(),
            "CORPUS_CONFIG",
            config.toString(),
            "CORPUS_ROOT",
            TestCorpus.SAMPLES.toString(),
            "CORPUS_INDEX_DIR",
            dir.resolve("index").toString());
  }

  @Test
  void validateReportsEachBrokenLibraryByNameAndGoesOnWithTheOthers() throws Exception {
    CommandLineTest.Run run = CommandLineTest.run(env, "corpus", "validate");
    assertEquals(1, run.status(), run.err());
    JsonNode report = run.json();
    assertFalse(report.get("ok").asBoolean(), run.out());
    JsonNode libraries = report.get("libraries");
    assertEquals(3, libraries.size(), run.out());

    Path small = TestCorpus.SAMPLES.resolve("zim-testing-suite/withns/small.zim").toRealPath();
    String odd =
        "library 'Odd' ("
            + small
            + "): adapter = \"auto\" but no loaded adapter recognises it (Scraper='', Name='');"
            + " set adapter explicitly to one of [generic]";
    assertEquals("Odd", libraries.get(0).get("name").asString());
    assertEquals(odd, libraries.get(0).get("error").asString());

    assertEquals("Hundred", libraries.get(1).get("name").asString());
    assertFalse(libraries.get(1).has("error"), run.out());
    assertEquals("generic", libraries.get(1).get("adapter").asString());
    assertTrue(libraries.get(1).get("valid").asBoolean(), run.out());

    String gone =
        config.toAbsolutePath().normalize()
            + ": library 'Gone': archive "
            + TestCorpus.SAMPLES.resolve("mediawiki/no-such-archive.zim").normalize()
            + " does not exist";
    assertEquals("Gone", libraries.get(2).get("name").asString());
    assertEquals(gone, libraries.get(2).get("error").asString());

    assertTrue(run.err().contains("corpus-mcp: " + odd + "\n"), run.err());
    assertTrue(run.err().contains("corpus-mcp: " + gone + "\n"), run.err());
    assertTrue(run.err().contains("2 of 3 libraries could not be opened"), run.err());
    assertFalse(run.err().contains("Exception") || run.err().contains("java."), run.err());
  }

  /**
   * docs/operations.md: a library that cannot be opened stops start-up, naming it (here 'Gone':
   * corpus.toml is checked whole before any archive is opened).
   */
  @Test
  void servingStillFailsClosedOnTheFirstBrokenLibrary() {
    CommandLineTest.Run tools = CommandLineTest.run(env, "tools", "--json");
    assertEquals(3, tools.status(), tools.err());
    assertTrue(tools.err().contains("library 'Gone'"), tools.err());
  }
}
