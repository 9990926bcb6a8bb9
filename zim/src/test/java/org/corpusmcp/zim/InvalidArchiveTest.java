package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every {@code invalid.*.zim} of libzim's test suite (openzim/zim-testing-suite), held to libzim
 * 8.1.1's reading of the same file ({@code libzim_reads.py}): refused at open exactly when libzim
 * refuses it, with the fault its name announces; otherwise opened, every entry libzim reads read
 * identically, every entry libzim fails on a {@link ZimFormatException} with that fault, and the
 * fault in the validation report with its offset.
 */
class InvalidArchiveTest {

  /** The fault each file name announces. */
  private static final Map<String, ZimFault> FAULTS =
      Map.ofEntries(
          Map.entry("smaller_than_header", ZimFault.TOO_SMALL),
          Map.entry("outofbounds_urlptrpos", ZimFault.PATH_POINTER_LIST),
          Map.entry("outofbounds_titleptrpos", ZimFault.TITLE_POINTER_LIST),
          Map.entry("outofbounds_clusterptrpos", ZimFault.CLUSTER_POINTER_LIST),
          Map.entry("invalid_mimelistpos", ZimFault.MIME_LIST_POSITION),
          Map.entry("invalid_checksumpos", ZimFault.CHECKSUM_POSITION),
          Map.entry("outofbounds_first_direntptr", ZimFault.DIRENT_POINTER),
          Map.entry("outofbounds_last_direntptr", ZimFault.DIRENT_POINTER),
          Map.entry("outofbounds_first_clusterptr", ZimFault.CLUSTER_POINTER),
          Map.entry("offset_in_cluster", ZimFault.CLUSTER_OFFSETS),
          Map.entry("nonsorted_dirent_table", ZimFault.DIRENT_ORDER),
          Map.entry("nonsorted_title_index", ZimFault.TITLE_ORDER),
          Map.entry("outofbounds_first_title_entry", ZimFault.TITLE_INDEX),
          Map.entry("outofbounds_last_title_entry", ZimFault.TITLE_INDEX),
          Map.entry("bad_mimetype_list", ZimFault.MIME_LIST),
          Map.entry("bad_mimetype_in_dirent", ZimFault.MIME_TYPE_CODE));

  /** Damage confined to a title listing: lookups by title must still answer (see titleLookups…). */
  static final Set<ZimFault> TITLE_FAULTS =
      Set.of(ZimFault.TITLE_INDEX, ZimFault.TITLE_ORDER, ZimFault.TITLE_POINTER_LIST);

  static Stream<Named<Path>> invalid() {
    return Oracle.invalidArchives().stream().map(p -> Named.of(Oracle.label(p), p));
  }

  static ZimFault expectedFault(Path zim) {
    String n = zim.getFileName().toString();
    ZimFault f = FAULTS.get(n.substring("invalid.".length(), n.length() - ".zim".length()));
    assertNotNull(f, "no expected fault for " + n);
    return f;
  }

  /** Opening with full validation refuses the file, naming the fault and the file. */
  @ParameterizedTest
  @MethodSource("invalid")
  void refusedWithTheNamedFaultWhenValidated(Path zim) {
    ZimFormatException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () ->
                assertThrows(
                    ZimFormatException.class,
                    () -> Zim.open(zim, ZimOptions.builder().validate(true).build()).close()));
    assertEquals(expectedFault(zim), e.fault(), e.getMessage());
    assertTrue(e.getMessage().startsWith(zim.getFileName().toString()), e.getMessage());
  }

  /**
   * Refused at open with the named fault exactly when libzim refuses it; otherwise read entry by
   * entry as libzim reads it.
   */
  @ParameterizedTest
  @MethodSource("invalid")
  void openedAndReadAsLibzimDoes(Path zim) {
    ZimFault fault = expectedFault(zim);
    JsonNode libzim = Oracle.reads(zim);
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          if (!libzim.get("opened").asBoolean()) {
            ZimFormatException e =
                assertThrows(
                    ZimFormatException.class,
                    () -> Zim.open(zim).close(),
                    "libzim refuses it at open: " + libzim.get("error").asString());
            assertEquals(fault, e.fault(), e.getMessage());
            assertTrue(e.getMessage().startsWith(zim.getFileName().toString()), e.getMessage());
            return;
          }
          assertFalse(libzim.get("check").asBoolean(), "libzim's own check finds the damage");
          try (Archive a = Zim.open(zim)) {
            int sound = assertSameReading(a, libzim, fault, zim.toString());
            assertTrue(sound > 0, "libzim reads entries of " + zim);
          }
        });
  }

  /** Every fault of an archive opened despite its damage is in the report, with its offset. */
  @ParameterizedTest
  @MethodSource("invalid")
  void damageOfAnOpenedArchiveIsReportedWithItsOffset(Path zim) {
    JsonNode libzim = Oracle.reads(zim);
    Archive a;
    try {
      a = Zim.open(zim);
    } catch (ZimFormatException refused) {
      assertFalse(
          libzim.get("opened").asBoolean(), "we refuse what libzim opens: " + refused.getMessage());
      return;
    }
    try (a) {
      List<ZimFormatException> faults = a.findFaults();
      assertTrue(
          faults.stream().anyMatch(f -> f.fault() == expectedFault(zim)),
          "report of " + zim + " lacks " + expectedFault(zim) + ": " + faults);
      for (ZimFormatException f : faults) {
        assertTrue(f.offset() >= 0, "no offset: " + f.getMessage());
      }
      assertEquals(
          faults.get(0).fault(), assertThrows(ZimFormatException.class, a::validate).fault());
    }
  }

  /**
   * Compares every entry with libzim's reading: a sound one field by field and byte for byte, a
   * damaged one as a typed error with {@code fault} (null for a sound archive); lookups by path as
   * libzim's. Returns the number of sound entries compared.
   */
  static int assertSameReading(Archive a, JsonNode libzim, @Nullable ZimFault fault, String label) {
    assertEquals(libzim.get("all_entry_count").asInt(), a.allEntryCount(), label + ": entry count");
    int sound = 0;
    for (JsonNode r : libzim.get("entries")) {
      int i = r.get("index").asInt();
      String where = label + " entry " + i;
      if (!r.get("ok").asBoolean()) {
        ZimFormatException x =
            assertThrows(
                ZimFormatException.class,
                () -> readFully(a.entryAt(i)),
                where + ": libzim fails with " + r.get("error").asString());
        assertEquals(fault, x.fault(), where + ": " + x.getMessage());
        continue;
      }
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
        assertEquals(r.get("size").asLong(), content.length, where + ": size");
        assertEquals(
            r.get("sha256").asString(), OracleComparison.sha256(content), where + ": sha256");
      }
      sound++;
    }
    libzim
        .get("by_path")
        .properties()
        .forEach(
            kv -> {
              if (kv.getValue().isInt()) {
                Entry found = a.findByPath(kv.getKey());
                assertNotNull(found, label + ": libzim finds path " + kv.getKey());
                assertEquals(
                    kv.getValue().asInt(),
                    found.index(),
                    label + ": entry libzim finds at " + kv.getKey());
              }
            });
    libzim
        .get("by_title")
        .properties()
        .forEach(
            kv -> {
              if (kv.getValue().isInt()) {
                Entry found = a.findByTitle(kv.getKey());
                assertNotNull(found, label + ": libzim finds title " + kv.getKey());
                assertEquals(kv.getKey(), found.title(), label + ": title lookup");
                if (fault == null || !TITLE_FAULTS.contains(fault)) {
                  assertEquals(
                      kv.getValue().asInt(),
                      found.index(),
                      label + ": entry libzim finds by " + kv.getKey());
                }
              }
            });
    return sound;
  }

  private static void readFully(Entry e) {
    e.path();
    e.title();
    if (e.isRedirect()) {
      e.redirectTarget();
    } else {
      e.mimeType();
      e.content().bytes();
    }
  }
}
