package org.corpusmcp.markdown;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.SectionId;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Comment;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Evaluator;
import org.jsoup.select.NodeTraversor;
import org.jspecify.annotations.Nullable;

/**
 * The shared engine: applies a {@link CleaningPolicy} to a page and cuts the cleaned content into
 * the section tree of a {@link Document}, rendering each section's own content with the {@link
 * MarkdownRenderer}. Immutable and thread-safe; the two steps are public so an adapter can inspect
 * or adjust the cleaned DOM in between.
 *
 * <pre>{@code
 * HtmlSectionizer engine = new HtmlSectionizer(policy);
 * org.jsoup.nodes.Document dom = Jsoup.parse(html);
 * Element root = engine.clean(dom);                      // strips, unwraps, picks the root
 * Document doc = engine.sectionize("Ray Charles", root, links);
 * }</pre>
 *
 * <p><b>Sections.</b> Walking the cleaned root's children in order, every element matching {@link
 * CleaningPolicy#headings()} with visible text starts a new section; the content before the first
 * one is the lead. Headings are also found inside {@link CleaningPolicy#wrappers() wrapper}
 * elements ({@code <details>}, {@code <section>}, {@code div.mw-heading}…): such a wrapper is
 * dissolved and its children take its place. Headings inside anything else (tables, lists) stay
 * part of the content. The level of {@code <hN>} is N; other heading elements count as 6. Sections
 * nest by level ({@link Document.Builder}).
 *
 * <p><b>Anchors.</b> The first usable id of: the heading itself; a {@code span.mw-headline} inside
 * it (MediaWiki desktop skins); a {@code <section>} it opens; an empty element right before it
 * ({@code <span id="x"></span><h2>}). An id is usable unless it matches {@link
 * CleaningPolicy#syntheticIds()}. Without one, the anchor is the heading text with whitespace runs
 * replaced by {@code _} (MediaWiki's HTML5 anchor form). Duplicates get {@code _2}, {@code _3}.
 *
 * <p><b>Empty reference sections.</b> A "Notes", "References", "Footnotes", "Citations" or
 * "Sources" section left with nothing in it (its list was a reference list the policy removed) and
 * no subsection is dropped: an outline entry with no text only costs an agent a fetch.
 */
public final class HtmlSectionizer {

  /** Headings of reference lists, lower case; such a section is dropped when left empty. */
  private static final Set<String> REFERENCE_TITLES =
      Set.of(
          "notes",
          "references",
          "footnotes",
          "citations",
          "sources",
          "notes and references",
          "references and notes",
          "explanatory notes",
          "reference notes");

  /** A section cut out and rendered, waiting for the next heading to know whether it is a leaf. */
  private record Cut(int level, String anchor, String title, Rendered body) {}

  private final CleaningPolicy policy;
  private final MarkdownRenderer renderer = MarkdownRenderer.standard();

  // The policy's selectors parsed once: parsing the joined lists again for every document took
  // about as long as matching them. jsoup's evaluators are thread-safe across documents.
  private final @Nullable Evaluator removed;
  private final @Nullable Evaluator unwrapped;

  public HtmlSectionizer(CleaningPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.removed = SelectorSet.anyOf(policy.remove());
    this.unwrapped = SelectorSet.anyOf(policy.unwrap());
  }

  public CleaningPolicy policy() {
    return policy;
  }

  /**
   * Parses {@code html}, cleans it and cuts it into sections: {@link #clean} + {@link #sectionize}.
   */
  public Document toDocument(String title, String html, LinkResolver links) {
    return sectionize(title, clean(Jsoup.parse(html)), links);
  }

  /**
   * Applies the policy to {@code dom} in place and returns its content root: removes noindex
   * comment blocks, picks the first {@link CleaningPolicy#contentRoots() content root} (else {@code
   * body}), removes the {@link CleaningPolicy#remove() removed} elements and unwraps the {@link
   * CleaningPolicy#unwrap() unwrapped} ones inside it.
   */
  public Element clean(org.jsoup.nodes.Document dom) {
    removeNoindexBlocks(dom);
    Element root = null;
    for (String selector : policy.contentRoots()) {
      root = dom.selectFirst(selector);
      if (root != null) {
        break;
      }
    }
    if (root == null) {
      root = dom.body();
    }
    if (removed != null) {
      // Note: Elements.remove(...) also detaches from the DOM, so filter by hand.
      for (Element e : new ArrayList<>(root.select(removed))) {
        if (!e.equals(root) && e.parent() != null) {
          e.remove();
        }
      }
    }
    if (unwrapped != null) {
      for (Element e : new ArrayList<>(root.select(unwrapped))) {
        if (!e.equals(root) && e.parent() != null) {
          e.unwrap(); // children move up and stay attached, so nested matches still unwrap
        }
      }
    }
    return root;
  }

  /**
   * Cuts a cleaned content root into sections and renders each. Moves nodes out of {@code root}.
   *
   * @param title the document title; when blank, {@code "Untitled"}
   */
  public Document sectionize(String title, Element root, LinkResolver links) {
    String docTitle = MarkdownRenderer.normalizeSpace(title);
    Document.Builder doc = Document.builder(docTitle.isEmpty() ? "Untitled" : docTitle);

    // Anchors are read before any node moves: they may come from siblings and parents.
    IdentityHashMap<Element, String> headings = new IdentityHashMap<>();
    Set<Element> containsHeading = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Element h : root.select(policy.headings())) {
      String text = MarkdownRenderer.normalizeSpace(h.text());
      if (h.equals(root) || text.isEmpty()) {
        continue;
      }
      headings.put(h, anchorOf(h, text));
      for (Element up = h.parent(); up != null && !up.equals(root) && containsHeading.add(up); ) {
        up = up.parent();
      }
    }

    // Detach children wholesale: moving them one by one would re-index the siblings each time.
    Deque<Node> queue = new ArrayDeque<>(detachChildren(root));
    Element current = new Element("div");
    @Nullable Element heading = null;
    List<Cut> cuts = new ArrayList<>();
    while (!queue.isEmpty()) {
      Node node = queue.pollFirst();
      if (node instanceof Element el) {
        if (headings.containsKey(el)) {
          cut(doc, cuts, heading, heading == null ? "" : headings.get(heading), current, links);
          heading = el;
          current = new Element("div");
          continue;
        }
        if (containsHeading.contains(el) && policy.wrappers().contains(el.normalName())) {
          List<Node> children = detachChildren(el);
          for (int i = children.size() - 1; i >= 0; i--) {
            queue.addFirst(children.get(i));
          }
          continue;
        }
      }
      current.appendChild(node);
    }
    cut(doc, cuts, heading, heading == null ? "" : headings.get(heading), current, links);
    for (int i = 0; i < cuts.size(); i++) {
      Cut c = cuts.get(i);
      boolean leaf = i + 1 == cuts.size() || cuts.get(i + 1).level() <= c.level();
      if (leaf
          && c.body().markdown().isEmpty()
          && REFERENCE_TITLES.contains(c.title().toLowerCase(Locale.ROOT))) {
        continue;
      }
      doc.section(
          c.level(),
          SectionId.of(c.anchor()),
          c.title(),
          c.body().markdown(),
          c.body().text(),
          Map.of());
    }
    return doc.build();
  }

  private static List<Node> detachChildren(Element el) {
    List<Node> children = new ArrayList<>(el.childNodes());
    el.empty();
    return children;
  }

  /** Renders one section's body: the lead goes to the builder, the others wait in {@code cuts}. */
  private void cut(
      Document.Builder doc,
      List<Cut> cuts,
      @Nullable Element heading,
      String anchor,
      Element body,
      LinkResolver links) {
    Rendered rendered = renderer.renderBoth(body, links);
    if (heading == null) {
      doc.lead(rendered.markdown(), rendered.text());
      return;
    }
    String title = MarkdownRenderer.normalizeSpace(heading.text());
    cuts.add(new Cut(Math.max(2, levelOf(heading)), anchor, title, rendered));
  }

  private static int levelOf(Element heading) {
    String name = heading.normalName();
    if (name.length() == 2
        && name.charAt(0) == 'h'
        && name.charAt(1) >= '1'
        && name.charAt(1) <= '6') {
      return name.charAt(1) - '0';
    }
    return 6;
  }

  /** The heading's anchor, following the order in the class comment; never blank. */
  String anchorOf(Element heading, String title) {
    String id = usable(heading.id());
    if (id != null) {
      return id;
    }
    for (Element inner : heading.select(".mw-headline[id]")) {
      id = usable(inner.id());
      if (id != null) {
        return id;
      }
    }
    Element parent = heading.parent();
    if (parent != null && parent.nameIs("section") && heading.equals(parent.firstElementChild())) {
      id = usable(parent.id());
      if (id != null) {
        return id;
      }
    }
    Element before = heading.previousElementSibling();
    if (before != null && before.childNodeSize() == 0) {
      id = usable(before.id());
      if (id != null) {
        return id;
      }
    }
    String derived = sanitize(title.replace(' ', '_'));
    return derived.isEmpty() ? "section" : derived;
  }

  private @Nullable String usable(String id) {
    String clean = sanitize(id.strip());
    if (clean.isEmpty() || policy.syntheticIds().matcher(clean).matches()) {
      return null;
    }
    return clean;
  }

  private static String sanitize(String id) {
    StringBuilder sb = new StringBuilder(Math.min(id.length(), SectionId.MAX_LENGTH));
    for (int i = 0; i < id.length() && sb.length() < SectionId.MAX_LENGTH - 16; i++) {
      char c = id.charAt(i);
      if (!Character.isISOControl(c)) {
        sb.append(Character.isWhitespace(c) ? '_' : c);
      }
    }
    return sb.toString();
  }

  private void removeNoindexBlocks(org.jsoup.nodes.Document dom) {
    if (policy.noindexComments().isEmpty()) {
      return;
    }
    List<Comment> starts = new ArrayList<>();
    NodeTraversor.traverse(
        (node, depth) -> {
          if (node instanceof Comment c && policy.noindexComments().contains(c.getData().strip())) {
            starts.add(c);
          }
        },
        dom);
    for (Comment start : starts) {
      if (start.parent() == null) {
        continue; // already removed with an earlier block
      }
      String end = "/" + start.getData().strip();
      Node next = start.nextSibling();
      start.remove();
      while (next != null) {
        Node following = next.nextSibling();
        boolean isEnd = next instanceof Comment c && c.getData().strip().equals(end);
        next.remove();
        if (isEnd) {
          break;
        }
        next = following;
      }
    }
  }

  /** Visible for adapters that build sections by hand: the text of a node, whitespace collapsed. */
  public static String text(Node node) {
    if (node instanceof TextNode t) {
      return MarkdownRenderer.normalizeSpace(t.getWholeText());
    }
    return node instanceof Element e ? MarkdownRenderer.normalizeSpace(e.text()) : "";
  }
}
