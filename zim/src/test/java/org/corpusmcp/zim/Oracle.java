package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs libzim through {@code shared/tools/zim_oracle.py} (python3-libzim) and hands back its JSON:
 * the expected values of every comparison test. A missing python3-libzim is a test failure with
 * instructions, never a skip, so CI cannot go green without the oracle.
 */
final class Oracle {

  static final Path PYTHON = Path.of("/usr/bin/python3");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Map<List<String>, JsonNode> CACHE = new ConcurrentHashMap<>();
  private static volatile boolean checked;

  private Oracle() {}

  static Path shared() {
    String dir = System.getProperty("shared.dir");
    if (dir == null) {
      fail("system property shared.dir is not set (the root pom's surefire configuration sets it)");
    }
    return Path.of(dir).toAbsolutePath().normalize();
  }

  static Path samples() {
    return shared().resolve("corpus-samples");
  }

  /** {@code zim_oracle.py entries FILE [extra…]}. */
  static JsonNode entries(Path zim, String... extra) {
    return run("entries", zim, extra);
  }

  /** {@code zim_oracle.py info FILE [extra…]}. */
  static JsonNode info(Path zim, String... extra) {
    return run("info", zim, extra);
  }

  /**
   * {@code src/test/python/libzim_reads.py FILE}: what libzim reads from a possibly damaged
   * archive, entry by entry (whether it opens, each entry read or the error, lookups).
   */
  static JsonNode reads(Path zim) {
    List<String> cmd =
        List.of(
            PYTHON.toString(),
            Path.of("src/test/python/libzim_reads.py").toAbsolutePath().toString(),
            zim.toString());
    return CACHE.computeIfAbsent(cmd, Oracle::exec);
  }

  /**
   * {@code libzim_reads.py --batch DIR}: libzim's reading of every {@code *.zim} of {@code dir}, by
   * file name.
   */
  static Map<String, JsonNode> readsAll(Path dir) {
    requireLibzim();
    String out =
        execText(
            List.of(
                PYTHON.toString(),
                Path.of("src/test/python/libzim_reads.py").toAbsolutePath().toString(),
                "--batch",
                dir.toString()));
    Map<String, JsonNode> byFile = new java.util.HashMap<>();
    for (String line : out.split("\n", -1)) {
      if (!line.isBlank()) {
        JsonNode n = JSON.readTree(line);
        byFile.put(n.get("file").asString(), n);
      }
    }
    return byFile;
  }

  /**
   * Writes an archive with one path held by two neighbouring dirents (make_duplicate_paths_zim.py).
   */
  static Path duplicatePathsArchive(Path out) {
    requireLibzim();
    execText(
        List.of(
            PYTHON.toString(),
            Path.of("src/test/python/make_duplicate_paths_zim.py").toAbsolutePath().toString(),
            out.toString()));
    return out;
  }

  private static JsonNode run(String command, Path zim, String... extra) {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                PYTHON.toString(),
                shared().resolve("tools/zim_oracle.py").toString(),
                command,
                zim.toString()));
    cmd.addAll(List.of(extra));
    return CACHE.computeIfAbsent(cmd, Oracle::exec);
  }

  private static JsonNode exec(List<String> cmd) {
    requireLibzim();
    String out = execText(cmd);
    return JSON.readTree(out);
  }

  private static synchronized void requireLibzim() {
    if (checked) {
      return;
    }
    if (!Files.isExecutable(PYTHON)) {
      fail(
          "/usr/bin/python3 is missing; the libzim oracle needs it (apt-get install python3 python3-libzim python3-xapian)");
    }
    try {
      execText(List.of(PYTHON.toString(), "-c", "import libzim.reader, xapian"));
    } catch (AssertionError e) {
      fail(
          "python3-libzim / python3-xapian are not installed; the oracle tests need them: "
              + "apt-get install -y python3-libzim python3-xapian\n"
              + e.getMessage());
    }
    checked = true;
  }

  private static String execText(List<String> cmd) {
    try {
      Path err = Files.createTempFile("oracle", ".err");
      try {
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          fail("oracle timed out: " + cmd);
        }
        if (p.exitValue() != 0) {
          fail(
              "oracle failed ("
                  + p.exitValue()
                  + "): "
                  + String.join(" ", cmd)
                  + "\n"
                  + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
      } finally {
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run " + cmd, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + cmd, e);
    }
  }

  /** Every valid, whole archive of the shared samples (split ones by their .zimaa). */
  static List<Path> validArchives() {
    Path s = samples();
    try (Stream<Path> files = Files.walk(s)) {
      List<Path> all =
          files
              .filter(Files::isRegularFile)
              .filter(
                  p -> {
                    String n = p.getFileName().toString();
                    return (n.endsWith(".zim") && !n.startsWith("invalid."))
                        || n.endsWith(".zimaa");
                  })
              .sorted()
              .collect(Collectors.toList());
      if (all.size() < 10) {
        fail("expected the shared samples under " + s + ", found " + all);
      }
      return all;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Every {@code invalid.*.zim} of the zim-testing-suite samples. */
  static List<Path> invalidArchives() {
    try (Stream<Path> files = Files.walk(samples().resolve("zim-testing-suite"))) {
      List<Path> all =
          files
              .filter(p -> p.getFileName().toString().startsWith("invalid."))
              .sorted()
              .collect(Collectors.toList());
      if (all.size() < 40) {
        fail("expected ~44 invalid archives, found " + all.size());
      }
      return all;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** The path shown in test names: relative to the samples folder. */
  static String label(Path p) {
    return samples().relativize(p).toString();
  }
}
