package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Old writers did not require unique paths (libkiwix's example.zim holds two dirents for {@code
 * -/j/js_modules/jsConfigVars.js}), and libzim opens, reads and validates such archives.
 * make_duplicate_paths_zim.py writes one with {@code C/dupA.html} held by two neighbouring dirents;
 * it must open, validate, list both and resolve the path to the entry libzim resolves.
 */
class DuplicatePathsTest {

  @Test
  void equalNeighbouringPathsReadAsLibzimReadsThem(@TempDir Path dir) {
    Path zim = Oracle.duplicatePathsArchive(dir.resolve("duplicate_paths.zim"));
    JsonNode libzim = Oracle.reads(zim);
    assertTrue(libzim.get("opened").asBoolean(), "libzim opens it");
    assertTrue(libzim.get("check").asBoolean(), "libzim's integrity check accepts equal paths");
    try (Archive a = Zim.open(zim, ZimOptions.builder().validate(true).build())) {
      assertEquals(java.util.List.of(), a.findFaults());
      int sound = InvalidArchiveTest.assertSameReading(a, libzim, null, zim.toString());
      assertEquals(a.allEntryCount(), sound);
      OracleComparison.assertSameEntries(a, Oracle.entries(zim), zim.toString());

      int first = libzim.get("by_path").get("dupA.html").asInt();
      Entry found = a.findByPath("dupA.html");
      assertEquals(first, found.index(), "the duplicate libzim resolves the path to");
      Entry second = a.entryAt(first + 1);
      assertEquals("dupA.html", second.path(), "both duplicates stay listable by index");
      assertNotEquals(found.title(), second.title());
      assertEquals(
          second.index(), a.findByTitle(second.title()).index(), "the second one by title");
    }
  }
}
