package org.corpusmcp.zim;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Parses {@code M/Counter} ({@code mime=count;} pairs, as libzim writes them).
 *
 * <pre>
 * Counter --&gt; Item (";" Item)*        Item --&gt; MimeType "=" Count
 * </pre>
 *
 * <p>MIME types may carry parameters with their own {@code ;} and {@code =}: in {@code
 * "text/html;raw=true=12;image/png=3"} the first two pieces are glued back into {@code
 * text/html;raw=true} with count 12. Pieces are glued until one holds one more {@code =} than the
 * MIME parameters need; the count follows the last {@code =}; unparseable items are skipped.
 */
final class MimeCounter {

  private MimeCounter() {}

  static Map<String, Long> parse(String counter) {
    Map<String, Long> out = new LinkedHashMap<>();
    @Nullable String pending = null;
    for (String piece : counter.split(";", -1)) {
      String item;
      if (pending == null) {
        if (piece.indexOf('=') < 0) {
          pending = piece; // a MIME type whose parameters follow
          continue;
        }
        item = piece;
      } else {
        pending = pending + ";" + piece;
        if (count(piece, '=') < 2) {
          continue; // a parameter (name=value): keep gluing
        }
        item = pending;
      }
      pending = null;
      int eq = item.lastIndexOf('=');
      if (eq <= 0) {
        continue;
      }
      try {
        out.merge(item.substring(0, eq), Long.parseLong(item.substring(eq + 1).strip()), Long::sum);
      } catch (NumberFormatException e) {
        // unparseable items are skipped, as libzim does
      }
    }
    return out;
  }

  private static int count(String s, char c) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == c) {
        n++;
      }
    }
    return n;
  }
}
