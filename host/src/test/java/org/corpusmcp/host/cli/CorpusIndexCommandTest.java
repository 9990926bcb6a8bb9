package org.corpusmcp.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code corpus index}, and what {@code corpus validate} and {@code doctor} say about body indexes,
 * over a corpus of one archive with a full-text index (Hundred) and one without (Ray2015, UUID
 * f4b02dd5-c092-e894-419e-265c2310b88d as libzim reports it).
 */
class CorpusIndexCommandTest {

  private static final String RAY_2015_UUID = "f4b02dd5-c092-e894-419e-265c2310b88d";

  @TempDir static Path dir;
  static Map<String, String> env;

  @BeforeAll
  static void corpus() {
    Path plugins = dir.resolve("plugins");
    TestCorpus.writeAdapterPlugin(plugins);
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Hundred", TestCorpus.HUNDRED);
    libraries.put("Ray2015", "mediawiki/wikipedia_en_ray_charles_2015-06.zim");
    Path config = TestCorpus.writeConfig(dir.resolve("corpus"), libraries);
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
  void validateAndDoctorNameTheLibraryWithoutABodyIndexUntilCorpusIndexBuildsIt() {
    CommandLineTest.Run before = CommandLineTest.run(env, "corpus", "validate");
    assertEquals(0, before.status(), before.err());
    JsonNode libraries = before.json().get("libraries");
    assertFalse(libraries.get(0).has("body_index"), "Hundred has its own full-text index");
    assertTrue(libraries.get(1).get("body_index").isNull(), before.out());
    assertTrue(
        libraries.get(1).get("body_index_hint").asString().contains("corpus-mcp corpus index"));
    CommandLineTest.Run doctor = CommandLineTest.run(env, "doctor");
    assertTrue(
        doctor.out().contains("note Ray2015 has no full-text index and no body index"),
        doctor.out());
    assertFalse(doctor.out().contains("note Hundred"), doctor.out());
    assertTrue(doctor.out().contains("note no anchor index for [Hundred, Ray2015]"), doctor.out());

    CommandLineTest.Run index = CommandLineTest.run(env, "corpus", "index");
    assertEquals(0, index.status(), index.err());
    assertTrue(index.err().contains("body index Ray2015: "), "progress on stderr: " + index.err());
    JsonNode rows = index.json().get("libraries");
    assertTrue(rows.get(0).get("status").asString().startsWith("not needed"), index.out());
    assertEquals("built", rows.get(1).get("status").asString(), index.out());
    Path location = dir.resolve("index").resolve(RAY_2015_UUID);
    assertEquals(location.toString(), rows.get(1).get("location").asString());
    assertTrue(Files.isDirectory(location));
    for (JsonNode row : rows) {
      // every archive gets an anchor index, a full-text index of its own or not
      assertEquals("built", row.get("anchors").get("status").asString(), index.out());
      assertTrue(row.get("anchors").get("links").asInt() > 0, index.out());
      String uuid = row.get("uuid").asString();
      assertEquals(
          dir.resolve("index").resolve(uuid + ".anchors").toString(),
          row.get("anchors").get("location").asString());
    }

    CommandLineTest.Run again = CommandLineTest.run(env, "corpus", "index");
    assertEquals(
        "up to date", again.json().get("libraries").get(1).get("status").asString(), again.out());
    assertEquals(
        "up to date",
        again.json().get("libraries").get(0).get("anchors").get("status").asString(),
        again.out());
    CommandLineTest.Run after = CommandLineTest.run(env, "corpus", "validate");
    assertEquals(
        location.toString(), after.json().get("libraries").get(1).get("body_index").asString());
    String doctorAfter = CommandLineTest.run(env, "doctor").out();
    assertTrue(doctorAfter.contains("ok   body index of Ray2015: " + location), doctorAfter);
    assertFalse(doctorAfter.contains("no anchor index"), doctorAfter);

    CommandLineTest.Run unknown = CommandLineTest.run(env, "corpus", "index", "--library", "Nope");
    assertTrue(unknown.status() != 0 && unknown.err().contains("no library 'Nope'"), unknown.err());
  }

  @Test
  void aLeaveOutFileThatIsNotFourFieldsALineIsRefusedByLine() throws Exception {
    Path file = Files.writeString(dir.resolve("left-out.tsv"), "Hundred\tA/Frog\tamphibians\n");
    CommandLineTest.Run run =
        CommandLineTest.run(env, "corpus", "index", "--leave-out", file.toString());
    assertTrue(run.status() != 0, run.out());
    assertTrue(run.err().contains("line 1: four tab-separated fields expected"), run.err());
  }
}
