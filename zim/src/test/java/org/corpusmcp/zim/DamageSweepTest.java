package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Truncation and bit-flip sweeps over libzim's small.zim in its three layouts (STYLE.md L6): each
 * damaged copy is opened and read completely (entries, MIME types, redirects, contents, title
 * lookups, validation, checksum). The only exception allowed is {@link ZimFormatException}; no
 * copy may hang; and a copy that passes the checksum must read exactly as libzim reads the
 * original.
 */
class DamageSweepTest {

  static Stream<Named<Path>> originals() {
    return Stream.of("nons", "withns", "noTitleListingV0")
        .map(d -> Oracle.samples().resolve("zim-testing-suite").resolve(d).resolve("small.zim"))
        .map(p -> Named.of(Oracle.label(p), p));
  }

  @ParameterizedTest
  @MethodSource("originals")
  void truncatedCopiesFailTyped(Path zim) throws IOException {
    byte[] original = Files.readAllBytes(zim);
    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
      int refused = 0;
      for (int length = 0; length < original.length; length += length < 256 ? 1 : 37) {
        byte[] copy = java.util.Arrays.copyOf(original, length);
        if (!readEverything(copy, "truncated to " + length, null)) {
          refused++;
        }
      }
      assertTrue(refused > 0);
    });
  }

  @ParameterizedTest
  @MethodSource("originals")
  void bitFlippedCopiesFailTypedOrReadRight(Path zim) throws IOException {
    byte[] original = Files.readAllBytes(zim);
    JsonNode libzim = Oracle.entries(zim);
    assertTrue(readEverything(original, "original", libzim), "the original must read fine");
    assertTimeoutPreemptively(Duration.ofSeconds(180), () -> {
      for (int at = 0; at < original.length; at += at < 256 ? 1 : at < 2048 ? 3 : 7) {
        byte[] copy = original.clone();
        copy[at] ^= (byte) (1 << (at % 8));
        readEverything(copy, "bit " + (at % 8) + " of byte " + at + " flipped", libzim);
      }
    });
  }

  /**
   * Reads everything; returns false when the copy was refused somewhere. With {@code libzim}, a
   * copy whose checksum verifies must read exactly like libzim's original.
   */
  private static boolean readEverything(byte[] bytes, String what, JsonNode libzim) {
    boolean clean = true;
    try (Archive a = Zim.open(new ByteArraySource(bytes), "damaged", ZimOptions.defaults())) {
      for (int i = 0; i < a.allEntryCount(); i++) {
        try {
          Entry e = a.entryAt(i);
          e.title();
          e.path();
          if (e.isRedirect()) {
            e.resolve();
          }
          if (e.isItem()) {
            e.mimeType();
            e.content().bytes();
            e.content().openStream().readAllBytes();
            e.directContent();
          }
          a.findByTitle(e.title());
          a.findByPath(e.path());
        } catch (ZimFormatException x) {
          clean = false;
        }
      }
      for (Runnable r : new Runnable[] {
          () -> a.entriesByTitle().forEach(Entry::title),
          () -> a.findByTitlePrefix("", 100),
          a::mainEntry, a::metadataKeys, a::illustrationSizes, a::fulltextIndex, a::titleIndex,
          a::validate}) {
        try {
          r.run();
        } catch (ZimFormatException x) {
          clean = false;
        }
      }
      try {
        a.verifyChecksum(ChecksumProgress.NONE);
        if (libzim != null) {
          OracleComparison.assertSameEntries(a, libzim, what);
        }
      } catch (ZimFormatException x) {
        clean = false;
      }
      return clean;
    } catch (ZimFormatException x) {
      return false;
    } catch (RuntimeException | IOException | StackOverflowError | OutOfMemoryError x) {
      AssertionError e = new AssertionError(what + ": " + x, x);
      throw e;
    } catch (AssertionError x) {
      fail(what + ": a copy that passes its checksum reads differently from libzim: " + x.getMessage(), x);
      return false;
    }
  }

  @ParameterizedTest
  @MethodSource("originals")
  void everyByteOfTheHeaderMatters(Path zim) throws IOException {
    byte[] original = Files.readAllBytes(zim);
    // Flipping the magic must be refused at open, as BAD_MAGIC.
    byte[] copy = original.clone();
    copy[0] ^= 1;
    ZimFormatException e = org.junit.jupiter.api.Assertions.assertThrows(ZimFormatException.class,
        () -> Zim.open(new ByteArraySource(copy), "x", ZimOptions.defaults()));
    assertEquals(ZimFault.BAD_MAGIC, e.fault());
    byte[] version = original.clone();
    version[4] = 7;
    assertEquals(ZimFault.UNSUPPORTED_VERSION, org.junit.jupiter.api.Assertions.assertThrows(
        UnsupportedZimVersionException.class,
        () -> Zim.open(new ByteArraySource(version), "x", ZimOptions.defaults())).fault());
  }
}
