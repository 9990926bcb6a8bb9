package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the libzim / python3-xapian oracle (../shared/tools/zim_oracle.py and the helper scripts in
 * src/test/resources/search). A missing oracle fails the test with a clear message: parity is never
 * silently skipped.
 */
public final class Oracle {
  private Oracle() {}

  public static Path shared() {
    String p = System.getProperty("shared.dir");
    if (p == null) {
      fail("system property shared.dir is not set (the root pom's surefire config sets it)");
    }
    return Path.of(p);
  }

  public static Path projectRoot() {
    String p = System.getProperty("project.root");
    return p == null ? Path.of("..").toAbsolutePath().normalize() : Path.of(p);
  }

  public static Path work() throws IOException {
    Path w = Path.of("target", "search-oracle").toAbsolutePath();
    Files.createDirectories(w);
    return w;
  }

  public static Path tool(String name) {
    return shared().resolve("tools").resolve(name);
  }

  public static Path script(String name) {
    Path p = Path.of("src", "test", "resources", "search", name).toAbsolutePath();
    if (!Files.exists(p)) {
      fail("missing test script " + p);
    }
    return p;
  }

  public static Path sample(String relative) {
    Path p = shared().resolve("corpus-samples").resolve(relative);
    if (!Files.exists(p)) {
      fail("missing sample archive " + p);
    }
    return p;
  }

  /** Runs /usr/bin/python3 with the arguments and returns stdout; fails on error or absence. */
  public static String python(List<String> args) {
    Path py = Path.of("/usr/bin/python3");
    if (!Files.isExecutable(py)) {
      fail(
          "oracle missing: /usr/bin/python3 not found (CI must apt-get install python3-libzim python3-xapian)");
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(py.toString());
    cmd.addAll(args);
    try {
      Path err = Files.createTempFile("oracle", ".err");
      Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(600, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("oracle timed out: " + cmd);
      }
      String errText = Files.readString(err);
      Files.deleteIfExists(err);
      if (p.exitValue() != 0) {
        if (errText.contains("No module named 'xapian'")
            || errText.contains("No module named 'libzim'")) {
          fail(
              "oracle missing: install python3-libzim and python3-xapian ("
                  + errText.strip()
                  + ")");
        }
        fail("oracle failed (" + p.exitValue() + "): " + cmd + "\n" + errText);
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Extracts an index with zim_oracle.py extract into target/ (again when the script, the libraries
   * or the archive change); returns null if there is none.
   */
  public static Path extract(Path zim, String which) throws IOException {
    Path out =
        work()
            .resolve(
                zim.getParent().getFileName() + "_" + zim.getFileName() + "." + which + ".glass");
    String stamp =
        OracleStamp.of(
            List.of(tool("zim_oracle.py")), OracleStamp.libraries(), OracleStamp.archive(zim));
    if (OracleStamp.fresh(out, stamp)) {
      return out;
    }
    Path py = Path.of("/usr/bin/python3");
    try {
      Process p =
          new ProcessBuilder(
                  py.toString(),
                  tool("zim_oracle.py").toString(),
                  "extract",
                  zim.toString(),
                  which,
                  out.toString())
              .redirectErrorStream(true)
              .start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor();
      if (p.exitValue() != 0) {
        if (text.contains("no directly accessible")) {
          return null;
        }
        fail("zim_oracle.py extract failed: " + text);
      }
      OracleStamp.record(out, stamp);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return out;
  }
}
