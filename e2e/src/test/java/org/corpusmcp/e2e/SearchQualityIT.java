package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search-quality yardstick: eval/score.py asks the assembled distribution every judged query of
 * eval/queries/ over MCP stdio (each library alone, then all of them as one corpus) and fails below
 * eval/floor.json, which sits a little under the numbers measured when it was set, so a ranking
 * regression fails the build. The scorer's own metrics are checked on hand-made runs
 * (eval/test_score.py), and a real run with every result list reversed must fall below the floor:
 * the floor can fail.
 */
class SearchQualityIT {

  private static final Path PROJECT = Dist.HOME.resolve("../../..").normalize();
  private static final Path EVAL = PROJECT.resolve("eval");
  private static final String PYTHON = "/usr/bin/python3";

  /**
   * The whole evaluation (11 server start-ups, ~300 queries twice) takes minutes on a busy machine.
   */
  private static final long TIMEOUT_MINUTES = 40;

  @TempDir static Path work;
  private static Path run;
  private static Dist.Result scored;

  @BeforeAll
  static void scoreTheDistribution() throws Exception {
    Path root = work.resolve("corpus");
    Dist.Result staged =
        python(
            "eval/score.py",
            "--stage",
            "--root",
            root.toString(),
            "--shared",
            Dist.SHARED.toString(),
            "--dist",
            Dist.HOME.toString());
    assertEquals(0, staged.status(), staged.err() + staged.out());
    run = work.resolve("run.json");
    scored =
        python(
            "eval/score.py",
            "--root",
            root.toString(),
            "--dist",
            Dist.HOME.toString(),
            "--save-run",
            run.toString(),
            "--json",
            work.resolve("report.json").toString(),
            "--floor",
            EVAL.resolve("floor.json").toString(),
            "--failures");
    System.out.println(scored.out());
  }

  @Test
  void searchQualityIsAtOrAboveTheFloor() {
    assertEquals(0, scored.status(), scored.out() + scored.err());
    assertTrue(scored.out().contains("at or above the floor"), scored.out());
  }

  @Test
  void theSameRunWithEveryResultListReversedFallsBelowTheFloor() throws Exception {
    assertTrue(Files.isRegularFile(run), scored.out() + scored.err());
    Dist.Result sabotaged =
        python(
            "eval/score.py",
            "--score-run",
            run.toString(),
            "--sabotage",
            "reverse",
            "--floor",
            EVAL.resolve("floor.json").toString());
    assertEquals(1, sabotaged.status(), sabotaged.out() + sabotaged.err());
    assertTrue(sabotaged.out().contains("BELOW THE FLOOR"), sabotaged.out());
  }

  @Test
  void theScorerComputesTheMetricsOfHandMadeRunsRight() throws Exception {
    Dist.Result unit = python("eval/test_score.py");
    assertEquals(0, unit.status(), unit.out() + unit.err());
    assertTrue(unit.err().contains("OK"), unit.err());
  }

  /** {@code /usr/bin/python3 args} from the repository root; python3-libzim is a Debian package. */
  private static Dist.Result python(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(PYTHON));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(PROJECT.toFile());
    Map<String, String> env = builder.environment();
    env.putAll(Dist.env());
    env.put("SHARED_DIR", Dist.SHARED.toString());
    env.put("PYTHONDONTWRITEBYTECODE", "1");
    Process process = builder.start();
    process.getOutputStream().close();
    CompletableFuture<String> out =
        CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
    CompletableFuture<String> err =
        CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("timed out after " + TIMEOUT_MINUTES + " min: " + command);
    }
    return new Dist.Result(process.exitValue(), out.get(), err.get());
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      return "";
    }
  }
}
