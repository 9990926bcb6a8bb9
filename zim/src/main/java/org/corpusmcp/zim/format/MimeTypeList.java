package org.corpusmcp.zim.format;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.zim.ZimFault;

/**
 * The MIME-type list at {@code mimeListPos}: NUL-terminated strings ending with an empty one.
 *
 * <pre>
 * MimeList --&gt; MimeType^Count, 00
 * MimeType --&gt; UTF-8 bytes (non-empty), 00
 * </pre>
 *
 * <p>Example: {@code "image/png\0text/html\0text/plain\0\0"} gives codes 0, 1, 2; a dirent with
 * MIME code 1 is {@code text/html}. The list may not run into the first structure that follows it
 * (smallest of the pointer lists, dirent 0 and cluster 0); if no terminator is found before that
 * limit the archive is refused, as libzim does ("Error getting mimelists").
 */
public final class MimeTypeList {

  /** Bounds the bytes read at open, whatever the archive claims. */
  static final int MAX_BYTES = 1 << 20;

  private final List<String> types;

  private MimeTypeList(List<String> types) {
    this.types = List.copyOf(types);
  }

  /** Reads the list, which must end before {@code limit} (an archive offset). */
  public static MimeTypeList read(ArchiveBytes in, long position, long limit) {
    if (limit <= position) {
      throw in.fault(
          ZimFault.MIME_LIST, position, "a structure after the MIME list", "limit " + limit);
    }
    int length = (int) Math.min(Math.min(limit, in.size()) - position, MAX_BYTES);
    byte[] b = in.bytes(position, length, "MIME list");
    List<String> types = new ArrayList<>();
    int start = 0;
    while (true) {
      int end = start;
      while (end < b.length && b[end] != 0) {
        end++;
      }
      if (end == b.length) {
        throw in.fault(
            ZimFault.MIME_LIST,
            position,
            "a terminating NUL before " + limit,
            "none in " + length + " bytes");
      }
      if (end == start) {
        return new MimeTypeList(types);
      }
      types.add(new String(b, start, end - start, StandardCharsets.UTF_8));
      start = end + 1;
    }
  }

  public int size() {
    return types.size();
  }

  public List<String> types() {
    return types;
  }

  /** The type for {@code code}, or null when the code is beyond the list. */
  public String get(int code) {
    return types.get(code);
  }
}
