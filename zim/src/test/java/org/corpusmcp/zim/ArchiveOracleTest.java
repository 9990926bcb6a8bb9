package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Every valid sample archive, read by us and by libzim, must agree (issue 3, "Oracle"). */
class ArchiveOracleTest {

  static Stream<Named<Path>> archives() {
    return Oracle.validArchives().stream().map(p -> Named.of(Oracle.label(p), p));
  }

  @ParameterizedTest
  @MethodSource("archives")
  void entriesAndContentsEqualLibzim(Path zim) {
    JsonNode expected = Oracle.entries(zim);
    try (Archive a = Zim.open(zim)) {
      int compared = OracleComparison.assertSameEntries(a, expected, Oracle.label(zim));
      assertTrue(compared > 0, "libzim read no content to compare");
    }
  }

  /**
   * With the decode-buffer limit set to the largest item, every zstd cluster holding more than that
   * is streamed (its blobs decoded one by one from the frame start), and every entry must still
   * read as libzim reads it.
   */
  @ParameterizedTest
  @MethodSource("archives")
  void entriesEqualLibzimWhenClustersAreStreamed(Path zim) {
    JsonNode expected = Oracle.entries(zim);
    long largest = 16;
    for (JsonNode r : expected.get("entries")) {
      largest = Math.max(largest, r.path("size").asLong(0));
    }
    ZimOptions small = ZimOptions.builder().maxClusterBytes(largest).build();
    try (Archive a = Zim.open(zim, small)) {
      int compared =
          OracleComparison.assertSameEntries(a, expected, Oracle.label(zim) + " streamed");
      assertTrue(compared > 0, "libzim read no content to compare");
    }
  }

  @ParameterizedTest
  @MethodSource("archives")
  void archiveFactsEqualLibzim(Path zim) {
    JsonNode info = Oracle.info(zim);
    JsonNode lz = info.get("libzim");
    try (Archive a = Zim.open(zim)) {
      assertEquals(lz.get("uuid").asString(), a.uuid());
      assertEquals(lz.get("filesize").asLong(), a.size());
      assertEquals(lz.get("all_entry_count").asInt(), a.allEntryCount());
      assertEquals(lz.get("entry_count").asInt(), a.entryCount());
      assertEquals(lz.get("article_count").asInt(), a.articleCount(), "article_count");
      assertEquals(lz.get("has_new_namespace_scheme").asBoolean(), a.hasNewNamespaceScheme());
      assertEquals(
          lz.get("has_fulltext_index").asBoolean(),
          a.fulltextIndex() != null,
          "has_fulltext_index");
      assertEquals(
          lz.get("has_title_index").asBoolean(), a.titleIndex() != null, "has_title_index");
      assertEquals(lz.get("has_checksum").asBoolean(), a.checksum() != null);
      if (lz.get("has_checksum").asBoolean()) {
        assertEquals(lz.get("checksum").asString(), a.checksum());
      }
      if (lz.get("check").asBoolean()) {
        long[] last = new long[2];
        a.verifyChecksum(
            (done, total) -> {
              last[0] = done;
              last[1] = total;
            });
        assertEquals(last[1], last[0], "progress reaches the total");
        assertEquals(a.size() - 16, last[1]);
      } else {
        assertThrows(ZimFormatException.class, () -> a.verifyChecksum(ChecksumProgress.NONE));
      }
      assertDoesNotThrow(a::validate);
      List<String> mimes = new ArrayList<>();
      info.get("mimetypes").forEach(m -> mimes.add(m.asString()));
      assertEquals(mimes, a.mimeTypes());

      if (lz.get("has_main_entry").asBoolean()) {
        Entry main = a.mainEntry();
        assertNotNull(main);
        JsonNode m = lz.get("main_entry");
        assertEquals(m.get("path").asString(), main.path());
        assertEquals(m.get("title").asString(), main.title());
        assertEquals(m.get("is_redirect").asBoolean(), main.isRedirect());
        assertEquals(m.get("final_path").asString(), main.resolve().path());
      }
      List<Integer> sizes = new ArrayList<>();
      lz.get("illustration_sizes").forEach(s -> sizes.add(s.asInt()));
      assertEquals(sizes, a.illustrationSizes());

      JsonNode md = lz.get("metadata");
      List<String> keys = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = md.properties().iterator(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> kv = it.next();
        keys.add(kv.getKey());
        Blob b = a.metadataBlob(kv.getKey());
        assertNotNull(b, kv.getKey());
        if (kv.getValue().isString()) {
          assertEquals(kv.getValue().asString(), b.text(), "metadata " + kv.getKey());
        } else {
          assertEquals(
              kv.getValue().get("sha256").asString(),
              OracleComparison.sha256(b.bytes()),
              "metadata " + kv.getKey());
        }
      }
      assertEquals(keys, a.metadataKeys());
      assertNull(a.metadata("NoSuchMetadataKey"));
    }
  }

  /** Lookups by path, title and index lead back to the same dirent for every libzim item. */
  @ParameterizedTest
  @MethodSource("archives")
  void lookupsFindEveryEntryLibzimNames(Path zim) {
    JsonNode expected = Oracle.entries(zim, "--no-content");
    try (Archive a = Zim.open(zim)) {
      for (JsonNode r : expected.get("entries")) {
        int i = r.get("index").asInt();
        String ns = r.get("namespace").asString();
        Entry byNs = a.findByNamespace(ns.charAt(0), r.get("path").asString());
        assertNotNull(byNs, r.toString());
        assertEquals(i, byNs.index());
        if (r.has("libzim_path") && (!a.hasNewNamespaceScheme() || ns.equals("C"))) {
          Entry byPath = a.findByPath(r.get("libzim_path").asString());
          assertNotNull(byPath, r.toString());
          assertEquals(i, byPath.index());
        }
      }
    }
  }
}
