package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The reader loads no native code: a JVM whose class path lacks the JNI zstd decoder (a test
 * dependency only) and whose temporary directory does not exist (a JNI decoder extracts its library
 * there) reads every entry of a zstd archive, with the same contents as libzim.
 */
class PureJavaTest {

  /** Reads every item of the archive and prints "index sha256" per item. */
  public static void main(String[] args) {
    try (Archive a = Zim.open(Path.of(args[0]))) {
      for (Entry e : a.allEntries()) {
        if (e.isItem()) {
          System.out.println(e.index() + " " + OracleComparison.sha256(e.content().bytes()));
        }
      }
    }
  }

  @Test
  void zstdArchivesReadWithoutTheJniDecoder() throws Exception {
    Path zim = Oracle.samples().resolve("mediawiki/wikipedia_en_100_mini_2022-10.zim");
    List<String> classPath =
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !entry.contains("zstd-jni"))
            .collect(Collectors.toList());
    assertTrue(
        classPath.size() < System.getProperty("java.class.path").split(File.pathSeparator).length,
        "zstd-jni is on the test class path, so leaving it out means something");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=/nonexistent/corpus-mcp-no-tmp",
                "-cp",
                String.join(File.pathSeparator, classPath),
                PureJavaTest.class.getName(),
                zim.toString()));
    Path err = java.nio.file.Files.createTempFile("pure-java", ".err");
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM timed out");
    String errors = java.nio.file.Files.readString(err);
    java.nio.file.Files.delete(err);
    assertEquals(0, p.exitValue(), errors);

    List<String> expected = new ArrayList<>();
    Oracle.entries(zim)
        .get("entries")
        .forEach(
            r -> {
              if (r.has("sha256")) {
                expected.add(r.get("index").asInt() + " " + r.get("sha256").asString());
              }
            });
    assertFalse(expected.isEmpty());
    assertEquals(expected, out.lines().collect(Collectors.toList()));
  }
}
