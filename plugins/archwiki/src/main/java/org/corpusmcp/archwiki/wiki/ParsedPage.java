package org.corpusmcp.archwiki.wiki;

import java.util.List;
import org.corpusmcp.archwiki.wikitext.PyText;
import org.jspecify.annotations.Nullable;

/**
 * A page as {@code action=parse} returned it: the wiki's spelling of the title, the revision, the
 * whole wikitext and the section list.
 *
 * @param redirectedFrom the title asked for when the wiki followed a page redirect to this one
 */
public record ParsedPage(
    String title,
    long pageid,
    long revid,
    String wikitext,
    List<WikiSection> sections,
    @Nullable String redirectedFrom) {

  public ParsedPage {
    sections = List.copyOf(sections);
  }

  /** A section and its verbatim slice of the wikitext. */
  public record Slice(WikiSection section, String wikitext) {}

  /**
   * The raw text of the first section whose anchor equals {@code anchor} exactly: from its offset
   * to the next non-null offset in API order (so subsections are not included), offsets counted in
   * code points. Fails closed: no such anchor, a transcluded section, or a slice that does not
   * start with {@code =} is an error, never a neighbour's text.
   */
  public Slice slice(String anchor) {
    for (int i = 0; i < sections.size(); i++) {
      WikiSection s = sections.get(i);
      if (!s.anchor().equals(anchor)) {
        continue;
      }
      Long start = s.byteoffset();
      if (start == null) {
        throw new WikiException(
            ErrorCode.EVIDENCE_UNRESOLVABLE,
            "Section '"
                + anchor
                + "' in page '"
                + title
                + "' is transcluded (null byte offset); its wikitext is not on"
                + " this page");
      }
      Long end = null;
      for (int j = i + 1; j < sections.size() && end == null; j++) {
        end = sections.get(j).byteoffset();
      }
      String content = codePointSlice(wikitext, start, end);
      if (!content.startsWith("=")) {
        throw new WikiException(
            ErrorCode.EVIDENCE_UNRESOLVABLE,
            "Section '"
                + anchor
                + "' in page '"
                + title
                + "' did not resolve to a heading (offset "
                + start
                + " landed on "
                + PyText.repr(PyText.headCodePoints(content, 40))
                + ")");
      }
      return new Slice(s, content);
    }
    throw new WikiException(
        ErrorCode.SECTION_NOT_FOUND,
        "Section with anchor '" + anchor + "' not found in page '" + title + "'");
  }

  /** Python {@code text[start:end]} with code-point indices (clamped, as Python slicing is). */
  static String codePointSlice(String text, long start, @Nullable Long end) {
    int count = text.codePointCount(0, text.length());
    int from = (int) Math.max(0, Math.min(start, count));
    int to = end == null ? count : (int) Math.max(0, Math.min(end, count));
    if (to <= from) {
      return "";
    }
    int a = text.offsetByCodePoints(0, from);
    int b = text.offsetByCodePoints(a, to - from);
    return text.substring(a, b);
  }
}
