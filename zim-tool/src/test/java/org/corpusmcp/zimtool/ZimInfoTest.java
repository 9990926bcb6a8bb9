package org.corpusmcp.zimtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code corpus-mcp zim info}: libzim's counts, and the validation report of an archive opened
 * despite its damage; expected values from libzim ({@code zim_oracle.py info}).
 */
class ZimInfoTest {

  private static Path samples() {
    return Path.of(System.getProperty("shared.dir"))
        .toAbsolutePath()
        .normalize()
        .resolve("corpus-samples");
  }

  private static JsonNode libzimInfo(Path zim) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(
                List.of(
                    "/usr/bin/python3",
                    samples().resolveSibling("tools").resolve("zim_oracle.py").toString(),
                    "info",
                    zim.toString()))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "zim_oracle.py info " + zim);
    return JsonMapper.builder().build().readTree(new String(out, StandardCharsets.UTF_8));
  }

  /** The mini Wikipedia counts a media type with parameters ("image/svg+xml; charset=…"). */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "mediawiki/wikipedia_en_100_mini_2022-10.zim",
        "mediawiki/wikipedia_en_ray_charles_2015-06.zim",
        "other/tonedear.com_en_2024-09.zim"
      })
  void articleAndMediaCountsAreLibzims(String sample) throws Exception {
    Path zim = samples().resolve(sample);
    JsonNode libzim = libzimInfo(zim).get("libzim");
    JsonNode ours = ZimRun.of("info", zim.toString()).json().get("libzim");
    assertEquals(
        libzim.get("article_count").asInt(), ours.get("article_count").asInt(), "article_count");
    assertEquals(libzim.get("media_count").asInt(), ours.get("media_count").asInt(), "media_count");
  }

  /**
   * libzim opens this file (its first cluster pointer is out of bounds); the report names the
   * pointer.
   */
  @Test
  void validateReportsEachFaultWithItsOffset() throws Exception {
    Path zim = samples().resolve("zim-testing-suite/nons/invalid.outofbounds_first_clusterptr.zim");
    long clusterPtrPos =
        libzimInfo(samples().resolve("zim-testing-suite/nons/small.zim"))
            .get("header")
            .get("clusterPtrPos")
            .asLong();
    ZimRun run = ZimRun.of("info", "--validate", zim.toString());
    // the report is printed whole, and the exit status says a script asked about a damaged archive
    assertEquals(1, run.status(), run.err());
    JsonNode info = run.json();
    assertFalse(info.get("valid").asBoolean());
    JsonNode first = info.get("faults").get(0);
    assertEquals("CLUSTER_POINTER", first.get("fault").asString(), info.toString());
    assertEquals(
        clusterPtrPos, first.get("offset").asLong(), "the first cluster pointer's position");
  }
}
