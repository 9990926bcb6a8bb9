package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every {@code invalid.*.zim} of libzim's test suite (zim-and-libzim-search.md §E.3) is refused
 * with a {@link ZimFormatException} naming its fault, and nothing read from it before the refusal
 * differs from what libzim reads from the intact {@code small.zim} beside it.
 */
class InvalidArchiveTest {

  /** The fault each file name announces (§E.3's "Corruption" column). */
  private static final Map<String, ZimFault> FAULTS = Map.ofEntries(
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

  static Stream<Named<Path>> invalid() {
    return Oracle.invalidArchives().stream().map(p -> Named.of(Oracle.label(p), p));
  }

  private static ZimFault expectedFault(Path zim) {
    String n = zim.getFileName().toString();
    ZimFault f = FAULTS.get(n.substring("invalid.".length(), n.length() - ".zim".length()));
    assertNotNull(f, "no expected fault for " + n);
    return f;
  }

  /** Opening with full validation refuses the file, naming the fault and the file. */
  @ParameterizedTest
  @MethodSource("invalid")
  void refusedWithTheNamedFault(Path zim) {
    ZimFormatException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> assertThrows(ZimFormatException.class,
            () -> Zim.open(zim, ZimOptions.builder().validate(true).build()).close()));
    assertEquals(expectedFault(zim), e.fault(), e.getMessage());
    assertTrue(e.getMessage().startsWith(zim.getFileName().toString()), e.getMessage());
  }

  /**
   * Opened without validation, the file either fails at open with its fault, or everything that
   * can be read equals libzim's reading of the intact small.zim and the fault shows where it lies.
   */
  @ParameterizedTest
  @MethodSource("invalid")
  void nothingWrongIsEverRead(Path zim) {
    ZimFault fault = expectedFault(zim);
    JsonNode intact = Oracle.entries(zim.resolveSibling("small.zim"));
    Map<String, JsonNode> byPath = new HashMap<>();
    intact.get("entries").forEach(r -> byPath.put(r.get("namespace").asString() + "/" + r.get("path").asString(), r));
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      Archive a;
      try {
        a = Zim.open(zim);
      } catch (ZimFormatException e) {
        assertEquals(fault, e.fault(), e.getMessage());
        return;
      }
      ZimFault seen = null;
      try (a) {
        for (int i = 0; i < a.allEntryCount(); i++) {
          try {
            Entry e = a.entryAt(i);
            JsonNode r = byPath.get(e.fullPath());
            assertNotNull(r, "entry " + e.fullPath() + " is not in libzim's small.zim");
            assertEquals(r.get("title").asString(), e.title());
            if (e.isItem()) {
              assertEquals(r.get("sha256").asString(), OracleComparison.sha256(e.content().bytes()), e.fullPath());
              assertEquals(r.get("mimetype").asString(), e.mimeType(), e.fullPath());
            }
          } catch (ZimFormatException x) {
            seen = x.fault();
            assertEquals(fault, x.fault(), x.getMessage());
          }
        }
        if (seen == null) {
          ZimFormatException v = assertThrows(ZimFormatException.class, a::validate);
          assertEquals(fault, v.fault(), v.getMessage());
        }
      }
    });
  }

  /** libzim aborts the process on this file (§E.3); we report it when the cluster is read. */
  @ParameterizedTest
  @MethodSource("invalid")
  void theFileThatAbortsLibzimIsATypedError(Path zim) {
    if (!zim.getFileName().toString().contains("offset_in_cluster")) {
      return;
    }
    try (Archive a = Zim.open(zim)) {
      for (Entry e : a.allEntries()) {
        if (e.isItem()) {
          try {
            e.content();
          } catch (ZimFormatException x) {
            assertEquals(ZimFault.CLUSTER_OFFSETS, x.fault());
            return;
          }
        }
      }
      fail("no entry of " + zim + " reported the damaged cluster");
    } catch (ZimFormatException x) {
      assertEquals(ZimFault.CLUSTER_OFFSETS, x.fault());
    }
  }
}
