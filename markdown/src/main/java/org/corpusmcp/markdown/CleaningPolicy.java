package org.corpusmcp.markdown;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

/**
 * One corpus family's cleaning rules, as an immutable value run by {@link HtmlSectionizer}: where
 * the content is, what to strip, what to unwrap, which headings start sections and which element
 * ids are not real anchors. Build with {@link #builder()}; derive a variant with {@link
 * #toBuilder()}. Selectors are jsoup CSS selectors, checked when the policy is built.
 *
 * <pre>{@code
 * CleaningPolicy policy = CleaningPolicy.builder()
 *     .contentRoots("#mw-content-text", "body")
 *     .remove("script", "style", ".navbox", ".mw-editsection", "sup.reference")
 *     .noindexComment("htdig_noindex")
 *     .headings("h2, h3, h4, h5, h6")
 *     .syntheticIds(Pattern.compile("mw[A-Za-z0-9_-]{1,6}"))
 *     .build();
 * }</pre>
 */
public final class CleaningPolicy {

  /** Elements the sectionizer looks through to find section headings, by default. */
  public static final Set<String> DEFAULT_WRAPPERS =
      Set.of(
          "div", "section", "details", "summary", "main", "article", "header", "footer", "center",
          "body", "span", "font", "form");

  /**
   * Elements that never hold a page's text, in any family: head-ish ({@code script}, {@code style},
   * {@code link}, {@code meta}, {@code noscript}, {@code template}) and interactive ({@code
   * button}, {@code input}). Policies remove them first ({@code
   * .remove(CleaningPolicy.NON_CONTENT)}), and the renderer skips them whatever a policy says.
   */
  public static final List<String> NON_CONTENT =
      List.of("script", "style", "link", "meta", "noscript", "template", "button", "input");

  private final List<String> contentRoots;
  private final List<String> remove;
  private final List<String> unwrap;
  private final List<String> noindexComments;
  private final String headings;
  private final Pattern syntheticIds;
  private final Set<String> wrappers;

  private CleaningPolicy(Builder b) {
    this.contentRoots = List.copyOf(b.contentRoots);
    this.remove = List.copyOf(b.remove);
    this.unwrap = List.copyOf(b.unwrap);
    this.noindexComments = List.copyOf(b.noindexComments);
    this.headings = b.headings;
    this.syntheticIds = b.syntheticIds;
    this.wrappers = Set.copyOf(b.wrappers);
  }

  /** An empty policy: content root {@code body}, nothing stripped, headings {@code h2–h6}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this policy's values. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.contentRoots.addAll(contentRoots);
    b.remove.addAll(remove);
    b.unwrap.addAll(unwrap);
    b.noindexComments.addAll(noindexComments);
    b.headings = headings;
    b.syntheticIds = syntheticIds;
    b.wrappers.clear();
    b.wrappers.addAll(wrappers);
    return b;
  }

  /**
   * Selectors tried in order; the first matching element is the content root, else {@code body}.
   */
  public List<String> contentRoots() {
    return contentRoots;
  }

  /** Selectors of elements removed with everything inside them. */
  public List<String> remove() {
    return remove;
  }

  /** Selectors of elements replaced by their children. */
  public List<String> unwrap() {
    return unwrap;
  }

  /**
   * Comment markers whose blocks are removed: for {@code "htdig_noindex"}, every node from {@code
   * <!--htdig_noindex-->} to the next sibling {@code <!--/htdig_noindex-->} (or the end of the
   * parent).
   */
  public List<String> noindexComments() {
    return noindexComments;
  }

  /** The selector of headings that start sections. */
  public String headings() {
    return headings;
  }

  /** Element ids that are generated, not anchors (matched against the whole id). */
  public Pattern syntheticIds() {
    return syntheticIds;
  }

  /** Element names the sectionizer descends through to find headings. */
  public Set<String> wrappers() {
    return wrappers;
  }

  @Override
  public String toString() {
    return "CleaningPolicy[roots="
        + contentRoots
        + ", remove="
        + remove.size()
        + " selectors"
        + ", headings="
        + headings
        + "]";
  }

  /** Collects a {@link CleaningPolicy}. Each method validates its argument and says which one. */
  public static final class Builder {
    private final List<String> contentRoots = new ArrayList<>();
    private final List<String> remove = new ArrayList<>();
    private final List<String> unwrap = new ArrayList<>();
    private final List<String> noindexComments = new ArrayList<>();
    private String headings = "h2, h3, h4, h5, h6";
    private Pattern syntheticIds = Pattern.compile("(?!)");
    private final Set<String> wrappers = new LinkedHashSet<>(DEFAULT_WRAPPERS);

    private Builder() {}

    /** Appends content-root selectors (tried in order). */
    public Builder contentRoots(String... selectors) {
      return addSelectors(contentRoots, "contentRoots", selectors);
    }

    /** Appends selectors of elements to remove. */
    public Builder remove(String... selectors) {
      return addSelectors(remove, "remove", selectors);
    }

    /** Appends selectors of elements to remove, e.g. {@link #NON_CONTENT}. */
    public Builder remove(List<String> selectors) {
      return remove(selectors.toArray(String[]::new));
    }

    /** Appends selectors of elements to replace by their children. */
    public Builder unwrap(String... selectors) {
      return addSelectors(unwrap, "unwrap", selectors);
    }

    /**
     * Adds a comment marker pair, e.g. {@code "htdig_noindex"} (see {@link #noindexComments()}).
     */
    public Builder noindexComment(String marker) {
      Objects.requireNonNull(marker, "marker");
      if (marker.isBlank()) {
        throw new IllegalArgumentException("noindexComment marker is blank");
      }
      noindexComments.add(marker.strip());
      return this;
    }

    /** Sets the selector of section headings (default {@code "h2, h3, h4, h5, h6"}). */
    public Builder headings(String selector) {
      this.headings = check("headings", selector);
      return this;
    }

    /** Sets the pattern of ids that are not anchors (default: none). */
    public Builder syntheticIds(Pattern pattern) {
      this.syntheticIds = Objects.requireNonNull(pattern, "syntheticIds");
      return this;
    }

    /**
     * Replaces the element names the sectionizer descends through (default {@link
     * #DEFAULT_WRAPPERS}).
     */
    public Builder wrappers(Set<String> names) {
      Objects.requireNonNull(names, "wrappers");
      wrappers.clear();
      wrappers.addAll(names);
      return this;
    }

    public CleaningPolicy build() {
      return new CleaningPolicy(this);
    }

    private Builder addSelectors(List<String> target, String what, String... selectors) {
      Objects.requireNonNull(selectors, what);
      for (String s : selectors) {
        target.add(check(what, s));
      }
      return this;
    }

    private static String check(String what, String selector) {
      Objects.requireNonNull(selector, what);
      try {
        QueryParser.parse(selector);
      } catch (Selector.SelectorParseException | IllegalArgumentException e) {
        throw new IllegalArgumentException(
            what + ": invalid CSS selector '" + selector + "': " + e.getMessage(), e);
      }
      return selector.strip();
    }
  }
}
