package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.io.ConcatenatedSource;
import org.corpusmcp.zim.io.FileSource;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Archives inside larger files and split into parts ({@code name.zimaa}, {@code name.zimab}, …).
 * libzim's Python binding cannot open embedded archives, so they are compared with libzim's reading
 * of the same archive stored alone ({@code small.zim}, byte-identical to the embedded bytes).
 */
class EmbeddedAndSplitTest {

  static Stream<Named<Path>> layouts() {
    return Stream.of("nons", "withns", "noTitleListingV0")
        .map(d -> Oracle.samples().resolve("zim-testing-suite").resolve(d))
        .map(p -> Named.of(Oracle.label(p), p));
  }

  @ParameterizedTest
  @MethodSource("layouts")
  void embeddedAtAnOffset(Path dir) throws IOException {
    Path zim = dir.resolve("small.zim.embedded");
    JsonNode libzim = Oracle.entries(dir.resolve("small.zim"));
    long size = Oracle.info(dir.resolve("small.zim")).get("libzim").get("filesize").asLong();
    byte[] prefix = "BEGINZIM".getBytes(StandardCharsets.US_ASCII);
    assertEquals(
        new String(prefix, StandardCharsets.US_ASCII),
        new String(Files.readAllBytes(zim), 0, prefix.length, StandardCharsets.US_ASCII));
    try (Archive a = Zim.open(zim, ZimOptions.builder().embedded(prefix.length, size).build())) {
      assertTrue(OracleComparison.assertSameEntries(a, libzim, Oracle.label(zim)) > 0);
      a.verifyChecksum(ChecksumProgress.NONE);
      a.validate();
    }
  }

  /** The archive cut in 2048-byte pieces separated by markers, read as one run of pieces. */
  @ParameterizedTest
  @MethodSource("layouts")
  void embeddedInPieces(Path dir) throws IOException {
    Path zim = dir.resolve("small.zim.embedded.multi");
    JsonNode libzim = Oracle.entries(dir.resolve("small.zim"));
    byte[] all = Files.readAllBytes(zim);
    String text = new String(all, StandardCharsets.ISO_8859_1);
    String begin = "BEGINZIMMULTIPART";
    String marker = "NEWSECTIONZIMMULTI";
    String end = "ENDZIMMULTIPART";
    assertTrue(text.startsWith(begin) && text.endsWith(end));
    List<long[]> pieces = new ArrayList<>();
    int from = begin.length();
    for (int m = text.indexOf(marker, from); m >= 0; m = text.indexOf(marker, from)) {
      pieces.add(new long[] {from, m - from});
      from = m + marker.length();
    }
    pieces.add(new long[] {from, all.length - end.length() - from});
    FileSource file = FileSource.open(zim);
    List<ByteSource> parts = new ArrayList<>();
    for (long[] p : pieces) {
      parts.add(file.slice(p[0], p[1]));
    }
    try (Archive a =
        Zim.open(
            ConcatenatedSource.of(parts), zim.getFileName().toString(), ZimOptions.defaults())) {
      assertTrue(OracleComparison.assertSameEntries(a, libzim, Oracle.label(zim)) > 0);
      a.verifyChecksum(ChecksumProgress.NONE);
      a.validate();
    } finally {
      file.close();
    }
  }

  /** Opening by the name without suffix finds the parts, like libzim 8. */
  @ParameterizedTest
  @MethodSource("layouts")
  void splitOpensFromTheBaseName(Path dir) {
    Path base = dir.resolve("wikibooks_be_all_nopic_2017-02_splitted.zim");
    JsonNode libzim = Oracle.entries(dir.resolve("wikibooks_be_all_nopic_2017-02_splitted.zimaa"));
    try (Archive a = Zim.open(base)) {
      assertTrue(OracleComparison.assertSameEntries(a, libzim, Oracle.label(base)) > 0);
      a.verifyChecksum(ChecksumProgress.NONE);
    }
  }

  /** A blob straddling two parts is not directly accessible (libzim ignores an index there). */
  @ParameterizedTest
  @MethodSource("layouts")
  void directAccessNeedsOnePart(Path dir) {
    JsonNode info = Oracle.info(dir.resolve("wikibooks_be_all_nopic_2017-02_splitted.zimaa"));
    try (Archive a = Zim.open(dir.resolve("wikibooks_be_all_nopic_2017-02_splitted.zimaa"))) {
      assertEquals(info.get("libzim").get("has_title_index").asBoolean(), a.titleIndex() != null);
      assertEquals(
          info.get("libzim").get("has_fulltext_index").asBoolean(), a.fulltextIndex() != null);
      Entry e = a.findByNamespace('X', "title/xapian");
      if (e != null && a.titleIndex() == null) {
        assertNull(e.content().directSource());
        assertNotNull(e.content().bytes());
      }
    }
  }
}
