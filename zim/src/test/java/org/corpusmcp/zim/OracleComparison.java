package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/** Compares an {@link Archive} with libzim's entry list (zim_oracle.py {@code entries}). */
final class OracleComparison {

  private OracleComparison() {}

  static String sha256(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  static String kind(Entry e) {
    return e.kind().name().toLowerCase(Locale.ROOT).replace("_", "");
  }

  /**
   * Asserts every dirent equals the oracle's: namespace, path, title, kind, MIME type, redirect
   * target, and, where libzim read the item, its public path, title, size and content SHA-256.
   *
   * @return the number of contents compared with libzim; callers that expect content assert it is
   *     above 0 (a damaged copy may legitimately have none libzim could read)
   */
  static int assertSameEntries(Archive a, JsonNode oracle, String label) {
    JsonNode rows = oracle.get("entries");
    assertEquals(rows.size(), a.allEntryCount(), label + ": entry count");
    int contents = 0;
    for (JsonNode r : rows) {
      int i = r.get("index").asInt();
      Entry e = a.entryAt(i);
      String where =
          label
              + " entry "
              + i
              + " ("
              + r.get("namespace").asString()
              + "/"
              + r.get("path").asString()
              + ")";
      assertEquals(
          r.get("namespace").asString(), String.valueOf(e.namespace()), where + ": namespace");
      assertEquals(r.get("path").asString(), e.rawPath(), where + ": path");
      assertEquals(r.get("title").asString(), e.title(), where + ": title");
      assertEquals(r.get("storedTitle").asString(), e.storedTitle(), where + ": storedTitle");
      assertEquals(r.get("kind").asString(), kind(e), where + ": kind");
      if (e.isRedirect()) {
        assertEquals(
            r.get("redirectTarget").asString(),
            e.redirectTarget().fullPath(),
            where + ": redirect target");
      }
      if (e.isItem()) {
        JsonNode mime = r.get("mimetype");
        if (mime != null && !mime.isNull()) {
          assertEquals(mime.asString(), e.mimeType(), where + ": MIME type");
        }
        if (r.has("libzim_path")) {
          assertEquals(r.get("libzim_path").asString(), e.path(), where + ": libzim path");
          assertEquals(r.get("libzim_title").asString(), e.title(), where + ": libzim title");
          Blob b = e.content();
          assertEquals(r.get("size").asLong(), b.size(), where + ": size");
          if (r.has("sha256")) {
            assertEquals(r.get("sha256").asString(), sha256(b.bytes()), where + ": content sha256");
            contents++;
          }
        }
      }
    }
    return contents;
  }
}
