package org.corpusmcp.zim.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.ChecksumProgress;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.StoredBlob;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.ZimOptions;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over mutated archives. The fuzzer's bytes choose one of libzim's {@code small.zim} layouts
 * (read in place from the shared samples, never copied), then a truncation and a series of byte
 * patches; the damaged archive is opened and read completely. Any exception other than {@link
 * ZimFormatException} is a bug, as is a hang (Jazzer's per-input timeout).
 *
 * <p>Run: {@code scripts/fuzz.sh 15m} (every target), or {@code JAZZER_FUZZ=1 mvn -B -pl zim -Pfuzz
 * test -Dfuzz.duration=60}. Without {@code JAZZER_FUZZ} the same command replays the stored
 * findings only.
 */
@Tag("fuzz")
class ArchiveFuzzTest {

  private static final byte[][] BASES = load();

  private static byte[][] load() {
    Path dir =
        Path.of(
            System.getProperty("shared.dir", "../shared"), "corpus-samples", "zim-testing-suite");
    String[] layouts = {"nons", "withns", "noTitleListingV0"};
    byte[][] bases = new byte[layouts.length][];
    try {
      for (int i = 0; i < layouts.length; i++) {
        bases[i] = Files.readAllBytes(dir.resolve(layouts[i]).resolve("small.zim"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the fuzz test mutates the shared small.zim samples", e);
    }
    return bases;
  }

  @FuzzTest(maxDuration = "60s")
  void damagedArchivesFailOnlyWithZimFormatException(FuzzedDataProvider data) {
    byte[] base = BASES[data.consumeInt(0, BASES.length - 1)];
    int length = data.consumeBoolean() ? base.length : data.consumeInt(0, base.length);
    byte[] bytes = java.util.Arrays.copyOf(base, length);
    int patches = data.consumeInt(0, 8);
    for (int p = 0; p < patches && length > 0; p++) {
      int at = data.consumeInt(0, length - 1);
      byte[] patch = data.consumeBytes(Math.min(8, length - at));
      System.arraycopy(patch, 0, bytes, at, patch.length);
    }
    boolean validate = data.consumeBoolean();
    try (Archive a =
        Zim.open(
            new ByteArraySource(bytes),
            "fuzzed",
            ZimOptions.builder().cacheBytes(1 << 20).maxClusterBytes(16 << 20).build())) {
      for (int i = 0; i < a.allEntryCount(); i++) {
        try {
          Entry e = a.entryAt(i);
          e.title();
          e.path();
          a.findByPath(e.path());
          a.findByTitle(e.title());
          if (e.isRedirect()) {
            e.resolve();
          } else if (e.isItem()) {
            e.mimeType();
            StoredBlob stored = e.storedBlob();
            if (stored != null) {
              stored.clusterBytes();
            }
            e.content().bytes();
            e.directContent();
          }
        } catch (ZimFormatException expected) {
          // the only allowed failure
        }
      }
      try {
        a.findByTitlePrefix("", 50);
        a.entriesByTitle().forEach(Entry::title);
        a.mainEntry();
        a.metadataKeys();
        a.illustrationSizes();
        a.fulltextIndex();
        a.titleIndex();
        if (validate) {
          a.validate();
          a.verifyChecksum(ChecksumProgress.NONE);
        }
      } catch (ZimFormatException expected) {
        // the only allowed failure
      }
    } catch (ZimFormatException expected) {
      // the only allowed failure
    }
  }
}
