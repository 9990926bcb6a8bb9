package org.corpusmcp.archwiki.wiki;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One entry of {@code action=parse&prop=sections}, as the {@code sections} tool shows it. {@code
 * byteoffset} counts code points despite its name, and is null for a transcluded section.
 */
public record WikiSection(
    String line,
    String anchor,
    String level,
    long toclevel,
    String number,
    String index,
    @Nullable Long byteoffset,
    String fromtitle,
    String linkAnchor) {

  /**
   * As the {@code sections} tool returns it: exactly these keys in order ({@code linkAnchor}
   * renamed).
   */
  public Map<String, @Nullable Object> toJson() {
    Map<String, @Nullable Object> m = new LinkedHashMap<>();
    m.put("line", line);
    m.put("anchor", anchor);
    m.put("level", level);
    m.put("toclevel", toclevel);
    m.put("number", number);
    m.put("index", index);
    m.put("byteoffset", byteoffset);
    m.put("fromtitle", fromtitle);
    m.put("link_anchor", linkAnchor);
    return m;
  }
}
