package org.corpusmcp.api.corpus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One node of a document's section tree. Adapters normally create sections through {@link
 * Document.Builder}, which nests them by level and keeps ids unique.
 *
 * @param id server-side id, unique within the document; {@link SectionId#LEAD} for the lead
 * @param title plain text shown to agents (no Markdown); the lead's title is the document title
 * @param level 1 for the lead; 2–6 for the others (a wiki {@code <h3>} is level 3); every child's
 *     level is greater than its parent's, so a tree is at most six deep
 * @param markdown this section's own Markdown body, <b>without</b> its heading line and without its
 *     subsections; may be empty (a heading directly followed by a subheading)
 * @param children subsections in document order
 * @param metadata per-section facts as plain JSON values (String, Boolean, Integer/Long/Double, or
 *     List of those), e.g. for threads {@code score}, {@code accepted}, {@code author}, {@code
 *     date}, {@code tags}; iteration order is insertion order, which the host keeps in JSON
 * @param text the same body as plain text, written by the renderer in the walk that wrote the
 *     Markdown (no Markdown syntax or escapes, link text without targets; a paragraph per line,
 *     paragraphs separated by a blank line); search snippets and hints are made from it. A section
 *     built from Markdown alone (the six-argument constructor) has its Markdown here.
 */
public record Section(
    SectionId id,
    String title,
    int level,
    String markdown,
    List<Section> children,
    Map<String, Object> metadata,
    String text) {

  public Section {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(markdown, "markdown");
    Objects.requireNonNull(text, "text");
    if (level < 1 || level > 6) {
      throw new IllegalArgumentException("section level must be 1..6, got " + level);
    }
    if (id.isLead() != (level == 1)) {
      throw new IllegalArgumentException(
          "the lead section (id \"\") and only it has level 1; got id '" + id + "' level " + level);
    }
    if (!id.isLead() && title.isBlank()) {
      throw new IllegalArgumentException("section '" + id + "' has a blank title");
    }
    children = List.copyOf(children);
    for (Section child : children) {
      if (child.level <= level) {
        throw new IllegalArgumentException(
            "child '"
                + child.id
                + "' (level "
                + child.level
                + ") must be deeper than '"
                + id
                + "' (level "
                + level
                + ")");
      }
    }
    metadata = copyMetadata(metadata);
  }

  /** A section without a plain text of its own: its Markdown stands in. */
  public Section(
      SectionId id,
      String title,
      int level,
      String markdown,
      List<Section> children,
      Map<String, Object> metadata) {
    this(id, title, level, markdown, children, metadata, markdown);
  }

  /** True for the lead section. */
  public boolean isLead() {
    return id.isLead();
  }

  /**
   * This section as a Markdown block: its ATX heading line ({@code "## Title"}, none for the lead),
   * its body, then each subsection the same way, separated by blank lines. Deterministic.
   */
  public String toMarkdown() {
    StringBuilder out = new StringBuilder();
    appendTo(out);
    return out.toString();
  }

  private void appendTo(StringBuilder out) {
    if (!isLead()) {
      separate(out);
      out.append("#".repeat(level)).append(' ').append(title.strip());
    }
    if (!markdown.isEmpty()) {
      separate(out);
      out.append(markdown);
    }
    for (Section child : children) {
      child.appendTo(out); // depth is bounded by the six heading levels
    }
  }

  private static void separate(StringBuilder out) {
    if (out.length() > 0) {
      out.append("\n\n");
    }
  }

  static Map<String, Object> copyMetadata(Map<String, ?> metadata) {
    LinkedHashMap<String, Object> copy = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : metadata.entrySet()) {
      Object value = Objects.requireNonNull(e.getValue(), () -> "metadata '" + e.getKey() + "'");
      copy.put(Objects.requireNonNull(e.getKey(), "metadata key"), checkJson(e.getKey(), value));
    }
    return Collections.unmodifiableMap(copy);
  }

  private static Object checkJson(String key, Object value) {
    if (value instanceof String
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double) {
      return value;
    }
    if (value instanceof List<?> list) {
      for (Object item : list) {
        if (!(item instanceof String
            || item instanceof Boolean
            || item instanceof Integer
            || item instanceof Long
            || item instanceof Double)) {
          throw new IllegalArgumentException(
              "metadata '" + key + "' must hold String, Boolean, Integer, Long or Double items");
        }
      }
      return List.copyOf(list);
    }
    throw new IllegalArgumentException(
        "metadata '"
            + key
            + "' must be String, Boolean, Integer, Long, Double or a List of those, "
            + "got "
            + value.getClass().getName());
  }
}
