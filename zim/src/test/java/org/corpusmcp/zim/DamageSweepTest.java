package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Truncation and bit-flip sweeps over libzim's small.zim in its three layouts (STYLE.md L6): each
 * damaged copy is opened and read completely (entries, MIME types, redirects, contents, title
 * lookups, validation, checksum). The only exception allowed is {@link ZimFormatException}; no copy
 * may hang; and what a bit-flipped copy (its checksum rewritten) reads must be what libzim reads
 * from that same copy.
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
    assertTimeoutPreemptively(
        Duration.ofMinutes(2),
        () -> {
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

  /**
   * Flips one bit at a time, rewrites the MD5 so the checksum no longer hides the damage, and holds
   * each copy to libzim's reading of the same copy: refused when libzim refuses it at open;
   * otherwise every entry we read equals what libzim reads from it, and everything else is a {@link
   * ZimFormatException}. libzim reads each copy in a child process of its own (one batch).
   */
  @ParameterizedTest
  @MethodSource("originals")
  void bitFlippedCopiesReadAsLibzimReadsThem(Path zim, @TempDir Path dir) throws IOException {
    byte[] original = Files.readAllBytes(zim);
    List<Integer> positions = new ArrayList<>();
    for (int at = 0; at < original.length; at += at < ZIM_HEADER ? 1 : at < 2048 ? 31 : 499) {
      positions.add(at);
    }
    for (int at : positions) {
      byte[] copy = original.clone();
      copy[at] ^= (byte) (1 << (at % 8));
      rewriteChecksum(copy);
      Files.write(dir.resolve(copyName(at)), copy);
    }
    Map<String, JsonNode> libzim = Oracle.readsAll(dir);
    int compared = 0;
    int opened = 0;
    for (int at : positions) {
      String what = "bit " + (at % 8) + " of byte " + at + " flipped";
      byte[] copy = Files.readAllBytes(dir.resolve(copyName(at)));
      JsonNode reading = libzim.get(copyName(at));
      assertTrue(reading != null, what + ": libzim's reading is missing");
      Archive a;
      try {
        a = Zim.open(new ByteArraySource(copy), "damaged", ZimOptions.defaults());
      } catch (ZimFormatException refused) {
        assertFalse(
            reading.get("opened").asBoolean(),
            what + ": libzim opens it, we refuse: " + refused.getMessage());
        continue;
      }
      try (a) {
        opened++;
        readEverything(copy, what, null); // fails the test on anything but a typed error
        if (reading.get("opened").asBoolean()) {
          compared += assertWhatWeReadIsWhatLibzimReads(a, reading, what);
        }
      }
    }
    assertTrue(
        opened > positions.size() / 2, "most copies open: " + opened + " of " + positions.size());
    assertTrue(compared > 10 * opened, "entries compared with libzim: " + compared);
  }

  private static final int ZIM_HEADER = 80;

  private static String copyName(int at) {
    return String.format("flip%06d.zim", at);
  }

  /**
   * Stores the MD5 of everything before the checksum, when the header still places it at the end.
   */
  private static void rewriteChecksum(byte[] copy) {
    ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
    long checksumPos = b.getLong(72);
    if (b.getLong(56) < ZIM_HEADER || checksumPos != copy.length - 16L) {
      return;
    }
    try {
      byte[] md5 = MessageDigest.getInstance("MD5").digest(Arrays.copyOf(copy, (int) checksumPos));
      System.arraycopy(md5, 0, copy, (int) checksumPos, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Each entry libzim reads from the copy reads the same here, or fails typed; returns how many
   * were compared field by field.
   */
  private static int assertWhatWeReadIsWhatLibzimReads(Archive a, JsonNode libzim, String what) {
    assertEquals(libzim.get("all_entry_count").asInt(), a.allEntryCount(), what + ": entry count");
    int compared = 0;
    for (JsonNode r : libzim.get("entries")) {
      if (!r.get("ok").asBoolean()) {
        continue;
      }
      int i = r.get("index").asInt();
      String where = what + ", entry " + i;
      try {
        Entry e = a.entryAt(i);
        assertEquals(r.get("path").asString(), e.path(), where + ": path");
        assertEquals(r.get("title").asString(), e.title(), where + ": title");
        assertEquals(r.get("redirect").asBoolean(), e.isRedirect(), where + ": redirect");
        if (e.isRedirect()) {
          assertEquals(
              r.get("redirectTarget").asInt(), e.redirectTarget().index(), where + ": target");
        } else {
          assertEquals(r.get("mimetype").asString(), e.mimeType(), where + ": MIME type");
          byte[] content = e.content().bytes();
          assertEquals(
              r.get("sha256").asString(), OracleComparison.sha256(content), where + ": content");
        }
        compared++;
      } catch (ZimFormatException stricterThanLibzim) {
        // a typed error where libzim reads something: allowed, never a wrong answer
      }
    }
    return compared;
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
      for (Runnable r :
          new Runnable[] {
            () -> a.entriesByTitle().forEach(Entry::title),
            () -> a.findByTitlePrefix("", 100),
            a::mainEntry,
            a::metadataKeys,
            a::illustrationSizes,
            a::fulltextIndex,
            a::titleIndex,
            a::validate
          }) {
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
      fail(
          what
              + ": a copy that passes its checksum reads differently from libzim: "
              + x.getMessage(),
          x);
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
    ZimFormatException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            ZimFormatException.class,
            () -> Zim.open(new ByteArraySource(copy), "x", ZimOptions.defaults()));
    assertEquals(ZimFault.BAD_MAGIC, e.fault());
    byte[] version = original.clone();
    version[4] = 7;
    assertEquals(
        ZimFault.UNSUPPORTED_VERSION,
        org.junit.jupiter.api.Assertions.assertThrows(
                UnsupportedZimVersionException.class,
                () -> Zim.open(new ByteArraySource(version), "x", ZimOptions.defaults()))
            .fault());
  }
}
