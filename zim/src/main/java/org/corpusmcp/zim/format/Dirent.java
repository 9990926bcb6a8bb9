package org.corpusmcp.zim.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.corpusmcp.zim.ZimFault;

/**
 * One directory entry (openZIM ZIM file format spec, "Directory Entries"), decoded.
 *
 * <pre>
 * Dirent    --&gt; MimeCode, ParamLen, Namespace, Revision, Body, Path, Title, Parameter^ParamLen
 * MimeCode  --&gt; u16: index into the MIME list, or FFFF redirect, FFFE link target, FFFD deleted
 * ParamLen  --&gt; u8        Namespace --&gt; u8 (ASCII)        Revision --&gt; u32 (ignored)
 * Body      --&gt; Cluster u32, Blob u32   (item)
 *             | RedirectIndex u32       (redirect)
 *             | nothing                 (link target, deleted)
 * Path, Title --&gt; UTF-8 bytes, 00 (an empty Title means "same as Path")
 * </pre>
 *
 * <p>Example: {@code 01 00 00 43 00000000 00000000 08000000 "main.html\0" "Test ZIM file\0"} is an
 * item, MIME code 1, in namespace {@code C}, stored in cluster 0 blob 8.
 *
 * @param index position in the path-ordered directory
 * @param storedTitle the title bytes as stored, possibly empty
 * @param cluster cluster number (items only, else -1)
 * @param blob blob number (items only, else -1)
 * @param redirectIndex target entry index (redirects only, else -1)
 */
@SuppressWarnings("ArrayRecordComponent") // bytes as read, one per entry; never compared
public record Dirent(
    int index,
    long offset,
    DirentKind kind,
    int mimeCode,
    byte namespace,
    byte[] path,
    byte[] storedTitle,
    int cluster,
    int blob,
    int redirectIndex) {

  static final int REDIRECT = 0xFFFF;
  static final int LINK_TARGET = 0xFFFE;
  static final int DELETED = 0xFFFD;

  /** libzim fetches 256 bytes and grows by 256 until both strings end. */
  private static final int CHUNK = 256;

  /** Paths and titles longer than this are treated as corruption. */
  private static final int MAX_BYTES = 1 << 16;

  /** The title used for sorting and display: the stored title, or the path when that is empty. */
  public byte[] title() {
    return storedTitle.length == 0 ? path : storedTitle;
  }

  /** {@code N/path} as text, for messages and listings. */
  public String fullPath() {
    return (char) (namespace & 0xFF)
        + "/"
        + new String(path, java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Decodes the dirent at {@code offset}; it must lie before {@code end} (the checksum position).
   */
  static Dirent read(ArchiveBytes in, int index, long offset, long end) {
    int want = CHUNK;
    while (true) {
      int length = (int) Math.min(want, end - offset);
      if (length < 10) {
        throw in.fault(ZimFault.DIRENT, offset, "a dirent before " + end, length + " bytes left");
      }
      ByteBuffer b =
          ByteBuffer.wrap(in.bytes(offset, length, "dirent")).order(ByteOrder.LITTLE_ENDIAN);
      int mime = b.getShort() & 0xFFFF;
      b.get(); // parameter length: extra data after the title, unused by any reader
      byte ns = b.get();
      b.getInt();
      DirentKind kind;
      int cluster = -1;
      int blob = -1;
      int redirect = -1;
      if (mime == REDIRECT) {
        kind = DirentKind.REDIRECT;
        if (b.remaining() < 4) {
          throw in.fault(
              ZimFault.DIRENT, offset, "12-byte redirect dirent", length + " bytes left");
        }
        redirect = b.getInt();
      } else if (mime == LINK_TARGET || mime == DELETED) {
        kind = mime == LINK_TARGET ? DirentKind.LINK_TARGET : DirentKind.DELETED;
      } else {
        kind = DirentKind.ITEM;
        if (b.remaining() < 8) {
          throw in.fault(ZimFault.DIRENT, offset, "16-byte item dirent", length + " bytes left");
        }
        cluster = b.getInt();
        blob = b.getInt();
      }
      int pathStart = b.position();
      int pathEnd = nul(b, pathStart);
      int titleEnd = pathEnd < 0 ? -1 : nul(b, pathEnd + 1);
      if (titleEnd >= 0) {
        byte[] raw = b.array();
        byte[] path = java.util.Arrays.copyOfRange(raw, pathStart, pathEnd);
        byte[] title = java.util.Arrays.copyOfRange(raw, pathEnd + 1, titleEnd);
        return new Dirent(index, offset, kind, mime, ns, path, title, cluster, blob, redirect);
      }
      if (length < want || want >= MAX_BYTES) {
        throw in.fault(
            ZimFault.DIRENT,
            offset,
            "path and title terminated by NUL",
            "no terminator in " + length + " bytes");
      }
      want *= 2;
    }
  }

  private static int nul(ByteBuffer b, int from) {
    byte[] a = b.array();
    int base = b.arrayOffset();
    for (int i = from; i < b.limit(); i++) {
      if (a[base + i] == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Unsigned byte-wise comparison of (namespace, key) pairs: the path list's order. */
  static int compare(byte ns1, byte[] key1, byte ns2, byte[] key2) {
    int c = Integer.compare(ns1 & 0xFF, ns2 & 0xFF);
    return c != 0 ? c : java.util.Arrays.compareUnsigned(key1, key2);
  }
}
