package org.corpusmcp.api.corpus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A parsed document: its title and its section tree. Build one with {@link #builder(String)}.
 *
 * <p>Invariants, checked on construction: the title is not blank; {@code sections} is not empty and
 * starts with the lead section (id {@code ""}, level 1, no children), possibly with empty Markdown,
 * unless the document has no lead at all; every id in the tree is unique (exact comparison). A
 * document without a lead is one whose every part is a titled section of its own, such as a thread
 * (question, accepted answer, answers): an empty lead there would be a section that holds nothing
 * ({@link Builder#withoutLead()}).
 *
 * <pre>{@code
 * for (Section s : doc.allSections()) {          // pre-order: lead, then h2, its h3s, next h2…
 *   System.out.println(s.id() + " " + s.title());
 * }
 * Section wanted = doc.section(SectionId.of("Death"));  // null when absent
 * String markdown = wanted.toMarkdown();                 // "## Death\n\n…" plus subsections
 * }</pre>
 *
 * @param title display title (normally the entry title)
 * @param sections top-level sections in document order, lead (if any) first
 * @param metadata document-level facts as plain JSON values (same rules as {@link
 *     Section#metadata()}), e.g. a DevDocs source URL; usually empty
 */
public record Document(String title, List<Section> sections, Map<String, Object> metadata)
    implements ParseResult {

  public Document {
    Objects.requireNonNull(title, "title");
    if (title.isBlank()) {
      throw new IllegalArgumentException("document title is blank");
    }
    sections = List.copyOf(sections);
    if (sections.isEmpty()) {
      throw new IllegalArgumentException("a document has at least one section");
    }
    for (int i = 1; i < sections.size(); i++) {
      if (sections.get(i).isLead()) {
        throw new IllegalArgumentException("the lead section (id \"\") must come first");
      }
    }
    if (sections.get(0).isLead() && !sections.get(0).children().isEmpty()) {
      throw new IllegalArgumentException("the lead section cannot have children");
    }
    Set<SectionId> seen = new HashSet<>();
    for (Section s : flatten(sections)) {
      if (!seen.add(s.id())) {
        throw new IllegalArgumentException("duplicate section id '" + s.id() + "'");
      }
    }
    metadata = Section.copyMetadata(metadata);
  }

  /** Starts a document titled {@code title}. */
  public static Builder builder(String title) {
    return new Builder(title);
  }

  /** True unless the document was built without a lead (see {@link Builder#withoutLead()}). */
  public boolean hasLead() {
    return sections.get(0).isLead();
  }

  /**
   * The lead section (possibly empty).
   *
   * @throws IllegalStateException if the document has no lead ({@link #hasLead()} is false)
   */
  public Section lead() {
    if (!hasLead()) {
      throw new IllegalStateException("'" + title + "' has no lead section");
    }
    return sections.get(0);
  }

  /** Every section of the tree in document order (pre-order), lead (if any) first. */
  public List<Section> allSections() {
    return flatten(sections);
  }

  /** The section with this id anywhere in the tree, or {@code null}. */
  public @Nullable Section section(SectionId id) {
    for (Section s : flatten(sections)) {
      if (s.id().equals(id)) {
        return s;
      }
    }
    return null;
  }

  /** The whole document as Markdown: every top-level section's {@link Section#toMarkdown()}. */
  public String toMarkdown() {
    StringBuilder out = new StringBuilder();
    for (Section s : sections) {
      String md = s.toMarkdown();
      if (md.isEmpty()) {
        continue;
      }
      if (out.length() > 0) {
        out.append("\n\n");
      }
      out.append(md);
    }
    return out.toString();
  }

  private static List<Section> flatten(List<Section> roots) {
    List<Section> out = new ArrayList<>();
    Deque<Section> stack = new ArrayDeque<>();
    for (int i = roots.size() - 1; i >= 0; i--) {
      stack.push(roots.get(i));
    }
    while (!stack.isEmpty()) {
      Section s = stack.pop();
      out.add(s);
      List<Section> children = s.children();
      for (int i = children.size() - 1; i >= 0; i--) {
        stack.push(children.get(i));
      }
    }
    return out;
  }

  /**
   * Collects a document section by section, in document order, and nests sections by level: a
   * section becomes the child of the nearest earlier section with a smaller level. Not thread-safe;
   * one builder per parse.
   *
   * <p>Ids are made unique the way MediaWiki does it: a second {@code "Notes"} becomes {@code
   * "Notes_2"}, a third {@code "Notes_3"} (skipping suffixes already taken). A non-lead section
   * given the lead id is named {@code "section"} (then de-duplicated).
   */
  public static final class Builder {
    private final String title;
    private String leadMarkdown = "";
    private boolean withLead = true;
    private String leadText = "";
    private final Map<String, Object> metadata = new LinkedHashMap<>();
    private final List<Node> roots = new ArrayList<>();
    private final Deque<Node> open = new ArrayDeque<>();
    private final Set<SectionId> used = new HashSet<>();
    private final Map<String, Integer> nextSuffix = new HashMap<>();

    private Builder(String title) {
      this.title = Objects.requireNonNull(title, "title");
      used.add(SectionId.LEAD);
    }

    /**
     * Builds a document without a lead section, for documents whose every part is a titled section
     * (a thread's question and answers). At least one section must then be added.
     */
    public Builder withoutLead() {
      this.withLead = false;
      return this;
    }

    /** The lead section's Markdown (default empty); its plain text is the same string. */
    public Builder lead(String markdown) {
      return lead(markdown, markdown);
    }

    /** The lead section's Markdown and the renderer's plain text of it. */
    public Builder lead(String markdown, String text) {
      this.leadMarkdown = Objects.requireNonNull(markdown, "markdown");
      this.leadText = Objects.requireNonNull(text, "text");
      return this;
    }

    /**
     * Appends a section without metadata; see {@link #section(int, SectionId, String, String,
     * Map)}.
     */
    public Builder section(int level, SectionId id, String title, String markdown) {
      return section(level, id, title, markdown, Map.of());
    }

    /**
     * Appends the next section in document order.
     *
     * @param level heading level; values below 2 count as 2, above 6 as 6
     * @param id the wanted id; made unique if already used (see class comment)
     * @param title plain-text title; must not be blank
     * @param markdown the section's own body Markdown, without heading line or subsections
     * @param metadata plain JSON values, see {@link Section#metadata()}
     * @return this builder
     */
    public Builder section(
        int level, SectionId id, String title, String markdown, Map<String, ?> metadata) {
      return section(level, id, title, markdown, markdown, metadata);
    }

    /**
     * Appends the next section with the renderer's plain text of its body beside the Markdown (see
     * {@link Section#text()}); otherwise as {@link #section(int, SectionId, String, String, Map)}.
     */
    public Builder section(
        int level,
        SectionId id,
        String title,
        String markdown,
        String text,
        Map<String, ?> metadata) {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(markdown, "markdown");
      if (title.isBlank()) {
        throw new IllegalArgumentException("section title is blank (id '" + id + "')");
      }
      int lvl = Math.max(2, Math.min(6, level));
      Node node =
          new Node(
              uniqueId(id), title.strip(), lvl, markdown, text, Section.copyMetadata(metadata));
      while (!open.isEmpty() && open.peek().level >= lvl) {
        open.pop();
      }
      if (open.isEmpty()) {
        roots.add(node);
      } else {
        open.peek().children.add(node);
      }
      open.push(node);
      return this;
    }

    /** Adds a document-level metadata value (plain JSON value, see {@link Section#metadata()}). */
    public Builder metadata(String key, Object value) {
      metadata.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /** The document; the builder may not be used afterwards. */
    public Document build() {
      List<Section> sections = new ArrayList<>(roots.size() + 1);
      if (withLead) {
        sections.add(
            new Section(
                SectionId.LEAD, title.strip(), 1, leadMarkdown, List.of(), Map.of(), leadText));
      } else if (!leadMarkdown.isEmpty()) {
        throw new IllegalStateException("a document built without a lead has lead text");
      }
      for (Node root : roots) {
        sections.add(root.freeze());
      }
      return new Document(title.strip(), sections, metadata);
    }

    private SectionId uniqueId(SectionId wanted) {
      SectionId id = unique(wanted);
      used.add(id);
      return id;
    }

    private SectionId unique(SectionId wanted) {
      String base = wanted.isLead() ? "section" : wanted.value();
      SectionId candidate = SectionId.of(base);
      if (!used.contains(candidate)) {
        return candidate;
      }
      if (base.length() > SectionId.MAX_LENGTH - 12) {
        base = base.substring(0, SectionId.MAX_LENGTH - 12);
      }
      int n = nextSuffix.getOrDefault(base, 2);
      candidate = SectionId.of(base + "_" + n);
      while (used.contains(candidate)) {
        n++;
        candidate = SectionId.of(base + "_" + n);
      }
      nextSuffix.put(base, n + 1);
      return candidate;
    }

    private static final class Node {
      final SectionId id;
      final String title;
      final int level;
      final String markdown;
      final String text;
      final Map<String, Object> metadata;
      final List<Node> children = new ArrayList<>();

      Node(
          SectionId id,
          String title,
          int level,
          String markdown,
          String text,
          Map<String, Object> metadata) {
        this.id = id;
        this.title = title;
        this.level = level;
        this.markdown = markdown;
        this.text = text;
        this.metadata = metadata;
      }

      Section freeze() {
        List<Section> frozen = new ArrayList<>(children.size());
        for (Node child : children) {
          frozen.add(child.freeze()); // depth bounded by levels 2..6
        }
        return new Section(id, title, level, markdown, frozen, metadata, text);
      }
    }
  }
}
