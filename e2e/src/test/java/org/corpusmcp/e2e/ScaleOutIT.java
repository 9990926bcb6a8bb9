package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * scripts/scale-out.sh, short: 2 replicas of the distribution behind nginx with the repository's
 * config, 64 clients for 10 s, replica 1 killed (SIGKILL) half-way. No request may fail (a legacy
 * client of a lost session may re-initialize; a stateless modern request is retried by nginx on the
 * other replica), and both replicas must have answered.
 */
class ScaleOutIT {

  static final Path REPO = Dist.HOME.resolve("../../..").normalize();

  @Test
  void legacyClientsLoseAtMostAReinitializeWhenAReplicaDies() throws Exception {
    assertNoFailedRequest("legacy");
  }

  @Test
  void statelessClientsLoseNothingWhenAReplicaDies() throws Exception {
    JsonNode summary = assertNoFailedRequest("modern");
    assertEquals(
        0, summary.path("reinitializes").asInt(), "a stateless client has no session: " + summary);
  }

  private static JsonNode assertNoFailedRequest(String era) throws Exception {
    Dist.Result run =
        Dist.run(
            REPO,
            Dist.env(),
            List.of(
                REPO.resolve("scripts/scale-out.sh").toString(),
                "--replicas",
                "2",
                "--duration",
                "10",
                "--era",
                era,
                "--dist",
                Dist.HOME.toString()));
    assertEquals(0, run.status(), run.err());
    String last = run.out().strip().lines().reduce((a, b) -> b).orElse("");
    JsonNode summary = JsonMapper.builder().build().readTree(last);
    System.err.println("scale-out: " + summary);
    assertTrue(
        summary.path("requests").asInt() > 0, "no request answered: " + summary + "\n" + run.err());
    assertEquals(
        0, summary.path("errors").asInt(), "failed requests: " + summary + "\n" + run.err());
    Map<String, Integer> replicas = new java.util.TreeMap<>();
    summary
        .path("replicas")
        .properties()
        .forEach(e -> replicas.put(e.getKey(), e.getValue().asInt()));
    assertEquals(2, replicas.size(), "both replicas answered: " + summary);
    replicas.values().forEach(n -> assertTrue(n > 0, "a replica answered nothing: " + summary));
    return summary;
  }
}
