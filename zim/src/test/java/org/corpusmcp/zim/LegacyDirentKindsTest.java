package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Link-target (0xFFFE) and deleted (0xFFFD) dirents, which only old writers made and no sample has:
 * one metadata item of withns/small.zim is rewritten in place into that kind (its path and title
 * move up by the 8 bytes an item needs for cluster and blob), and libzim's reading of the result is
 * the expectation.
 */
class LegacyDirentKindsTest {

  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(ints = {0xFFFE, 0xFFFD})
  void placeholdersHaveNoContent(int kind) throws Exception {
    Path original = Oracle.samples().resolve("zim-testing-suite/withns/small.zim");
    JsonNode entries = Oracle.entries(original, "--no-content");
    JsonNode victim = null;
    for (JsonNode r : entries.get("entries")) {
      if (r.get("namespace").asString().equals("M") && r.get("path").asString().equals("Source")) {
        victim = r;
      }
    }
    int index = victim.get("index").asInt();
    byte[] bytes = Files.readAllBytes(original);
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int dirent = (int) b.getLong((int) (b.getLong(32) + 8L * index));
    b.putShort(dirent, (short) kind);
    byte[] names =
        ("Source\0" + victim.get("storedTitle").asString() + "\0").getBytes(StandardCharsets.UTF_8);
    System.arraycopy(names, 0, bytes, dirent + 8, names.length);
    Path zim = tmp.resolve("legacy.zim");
    Files.write(zim, bytes);

    JsonNode libzim = Oracle.entries(zim);
    try (Archive a = Zim.open(zim)) {
      assertTrue(OracleComparison.assertSameEntries(a, libzim, "legacy") > 0);
      Entry e = a.entryAt(index);
      assertEquals(kind == 0xFFFE ? Entry.Kind.LINK_TARGET : Entry.Kind.DELETED, e.kind());
      assertThrows(IllegalStateException.class, e::content);
      assertThrows(IllegalStateException.class, e::mimeType);
      assertNull(e.directContent());
    }
  }
}
