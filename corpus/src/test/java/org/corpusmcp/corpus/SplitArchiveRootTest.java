package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A split archive whose first part is inside the corpus root and whose second part is a symlink to
 * a file outside it. The archive is a real sample cut in two, so it would open and serve.
 */
class SplitArchiveRootTest {

  @TempDir Path dir;

  private CorpusConfig load(Path root) throws Exception {
    Path config =
        Files.writeString(
            root.resolve("corpus.toml"),
            "version = 1\n[[library]]\nname = \"W\"\npath = \"w.zimaa\"\nadapter = \"mediawiki\"\n");
    return CorpusConfig.load(CorpusSettings.builder(root, config).build(), Set.of("mediawiki"));
  }

  private static byte[][] halves() throws Exception {
    byte[] whole = Files.readAllBytes(TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MINI));
    int cut = whole.length / 2;
    return new byte[][] {
      Arrays.copyOfRange(whole, 0, cut), Arrays.copyOfRange(whole, cut, whole.length)
    };
  }

  @Test
  void aSymlinkedSiblingPartFromOutsideTheRootIsRefused() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Path outside = Files.createDirectories(dir.resolve("outside"));
    byte[][] parts = halves();
    Files.write(root.resolve("w.zimaa"), parts[0]);
    Files.write(outside.resolve("secret.zimab"), parts[1]);
    Files.createSymbolicLink(root.resolve("w.zimab"), outside.resolve("secret.zimab"));
    String message = assertThrows(CorpusConfigException.class, () -> load(root)).getMessage();
    assertTrue(
        message.contains("library 'W'")
            && message.contains("w.zimab")
            && message.contains("leaves the corpus root"),
        message);
  }

  @Test
  void partsInsideTheRootAreAccepted() throws Exception {
    Path root = Files.createDirectories(dir.resolve("inside"));
    byte[][] parts = halves();
    Files.write(root.resolve("w.zimaa"), parts[0]);
    Files.createDirectories(root.resolve("store"));
    Files.write(root.resolve("store/b.part"), parts[1]);
    Files.createSymbolicLink(
        root.resolve("w.zimab"), root.resolve("store/b.part")); // a link inside is fine
    assertEquals(root.toRealPath().resolve("w.zimaa"), load(root).libraries().get(0).path());
  }
}
