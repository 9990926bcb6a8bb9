package org.corpusmcp.corpus;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over corpus.toml files. Half of the inputs start from a valid manifest so the fuzzer
 * reaches the per-library rules quickly. Whatever the text, loading either succeeds with every path
 * inside the root or fails with {@link CorpusConfigException}, the error the CLI prints as one
 * line; any other exception is a bug.
 */
@Tag("fuzz")
class CorpusConfigFuzzTest {

  private static final String VALID =
      """
      version = 1
      [[library]]
      name = "Wiki"
      path = "a.zim"
      adapter = "mediawiki"
      """;

  private static final Path ROOT;
  private static final Path CONFIG;

  static {
    try {
      ROOT = Files.createTempDirectory("corpus-config-fuzz").toRealPath();
      Files.write(ROOT.resolve("a.zim"), new byte[] {0});
      Files.createDirectories(ROOT.resolve("sub"));
      CONFIG = ROOT.resolve("corpus.toml");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "30s")
  void manifestsLoadOrFailWithCorpusConfigException(FuzzedDataProvider data) throws IOException {
    String text =
        data.consumeBoolean()
            ? VALID + data.consumeRemainingAsString()
            : data.consumeRemainingAsString();
    Files.write(CONFIG, text.getBytes(StandardCharsets.UTF_8));
    CorpusSettings settings = CorpusSettings.builder(ROOT, CONFIG).build();
    try {
      CorpusConfig config = CorpusConfig.load(settings, Set.of("mediawiki", "devdocs"));
      for (CorpusConfig.LibraryConfig library : config.libraries()) {
        if (!library.path().startsWith(ROOT)) {
          throw new AssertionError("library path left the root: " + library.path());
        }
      }
    } catch (CorpusConfigException expected) {
      // the only allowed failure
    }
  }
}
