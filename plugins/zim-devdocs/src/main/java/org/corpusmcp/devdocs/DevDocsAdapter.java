package org.corpusmcp.devdocs;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.markdown.CleaningPolicy;
import org.corpusmcp.markdown.HtmlSectionizer;
import org.corpusmcp.markdown.MarkdownRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.pf4j.Extension;

/**
 * The {@code devdocs} adapter: documentation pages of devdocs2zim archives. One entry is one
 * DevDocs page ({@code index}, {@code library/functions}, {@code container/vector}); its content is
 * {@code div._page}, the HTML DevDocs' own filters left.
 *
 * <ul>
 *   <li><b>Stripped:</b> the v0.2 navbar ({@code <devdocs-navbar>}), the v0.1 sidebar inlined into
 *       every page ({@code section._sidebar}), in-page tables of contents ({@code ._toc}, {@code
 *       #toc}, cppreference's {@code .t-navbar}) and an outline's title left beside it ("On this
 *       page", {@link PageOutline}), Sphinx header links, the attribution block (its source link
 *       becomes the document's {@code source_url} metadata, its licence text {@code attribution}),
 *       and inline {@code data:} images (base64 that no reader wants).
 *   <li><b>Title:</b> the entry title; the page's first {@code h1} repeats it and is dropped.
 *   <li><b>Sections:</b> {@code h2}–{@code h6} (later {@code h1}s too), with the page's own
 *       anchors: the heading's id, the id of an HTML5 {@code <section>} it opens, or an empty
 *       {@code <span id>} just before it (Python keeps those), else the heading text.
 *   <li><b>Code:</b> {@code pre[data-language]} becomes a fenced block in that language, also the
 *       declarations of cppreference's declaration tables ({@link DeclarationTables}).
 *   <li><b>Not documents:</b> non-HTML entries ({@code navbar.json}, {@code licenses.txt}, CSS, JS)
 *       and the "This documentation is missing." stubs.
 * </ul>
 *
 * Stateless and thread-safe.
 */
@Extension
public final class DevDocsAdapter implements CorpusAdapter {

  /** The DevDocs cleaning rules, shared by every parse. */
  public static final CleaningPolicy POLICY =
      CleaningPolicy.builder()
          .contentRoots("div._page", "main._content", "._content", "body")
          .remove(CleaningPolicy.NON_CONTENT)
          // DevDocs' own chrome, unlike MediaWikiPolicy.POLICY's on purpose: each list follows its
          // scraper's markup, and the few names both hold (#toc, .toc, #catlinks) stay in each so
          // that neither family's rendering changes when the other's list does
          .remove(
              // DevDocs navigation, both templates
              "devdocs-navbar",
              "section._sidebar",
              "._sidebar",
              "nav",
              "._toc",
              "#toc",
              ".toc",
              // per-doc chrome DevDocs' filters normally remove, in case a scrape kept it
              ".t-navbar",
              ".editsection",
              "#catlinks",
              "a.headerlink",
              "._links",
              // attribution chrome (read first, see parse) and inline base64 images
              "div._attribution",
              "img[src^=data:]",
              "img[srcset^=data:]")
          .headings("h1, h2, h3, h4, h5, h6")
          .build();

  /** The stub DevDocs writes for pages it lists but lacks. */
  private static final String MISSING = "this documentation is missing.";

  private final HtmlSectionizer engine = new HtmlSectionizer(POLICY);

  @Override
  public String name() {
    return "devdocs";
  }

  /** The shared renderer's: nothing here changes the Markdown it writes. */
  @Override
  public String rendering() {
    return MarkdownRenderer.RENDERING;
  }

  @Override
  public DocumentKind kind() {
    return DocumentKind.DOCUMENTATION;
  }

  /**
   * HTML pages, front or not, except the scraper's assets. devdocs2zim's other entries ({@code
   * navbar.json}, {@code licenses.txt}, {@code application.css}, {@code assets/…}) are not HTML,
   * but a page named like an asset is refused anyway.
   */
  @Override
  public boolean isDocument(EntryFacts entry) {
    if (!entry.isHtml()) {
      return false;
    }
    String path = entry.path().toLowerCase(Locale.ROOT);
    return !path.startsWith("assets/")
        && !path.endsWith(".css")
        && !path.endsWith(".js")
        && !path.endsWith(".json")
        && !path.equals("licenses.txt");
  }

  @Override
  public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
    org.jsoup.nodes.Document dom = Jsoup.parse(html);
    Element page = dom.selectFirst("div._page");
    Element scope = page != null ? page : dom.body();
    if (isMissingStub(scope)) {
      return new NotADocument(
          "DevDocs has no content for this page (\"This documentation is missing.\")");
    }
    String sourceUrl = "";
    String attribution = "";
    Element credit = scope.selectFirst("div._attribution");
    if (credit != null) {
      Element link = credit.selectFirst("a._attribution-link[href]");
      if (link != null) {
        sourceUrl = link.attr("href").strip();
        link.remove();
      }
      attribution = MarkdownRenderer.normalizeSpace(credit.text());
    }
    Element firstH1 = scope.selectFirst("h1");
    String h1Title = firstH1 == null ? "" : MarkdownRenderer.normalizeSpace(firstH1.text());
    PageOutline.removeFrom(scope);
    DeclarationTables.unfold(scope);
    Element root = engine.clean(dom);
    Element titleHeading = root.selectFirst("h1");
    if (titleHeading != null && isFirstHeading(root, titleHeading)) {
      titleHeading.remove();
    }
    String title = title(entry, h1Title);
    Document doc = engine.sectionize(title, root, links);
    if (sourceUrl.isEmpty() && attribution.isEmpty()) {
      return doc;
    }
    Document.Builder out =
        Document.builder(doc.title()).lead(doc.lead().markdown(), doc.lead().text());
    // Rebuild with document metadata: the sectionizer's tree is kept as it is.
    copy(out, doc.sections().subList(1, doc.sections().size()));
    if (!sourceUrl.isEmpty()) {
      out.metadata("source_url", sourceUrl);
    }
    if (!attribution.isEmpty()) {
      out.metadata("attribution", attribution);
    }
    return out.build();
  }

  private static void copy(Document.Builder out, List<Section> sections) {
    Deque<Section> stack = new ArrayDeque<>();
    for (int i = sections.size() - 1; i >= 0; i--) {
      stack.push(sections.get(i));
    }
    while (!stack.isEmpty()) {
      Section s = stack.pop();
      out.section(s.level(), s.id(), s.title(), s.markdown(), s.text(), s.metadata());
      for (int i = s.children().size() - 1; i >= 0; i--) {
        stack.push(s.children().get(i));
      }
    }
  }

  /** True when no other heading comes before {@code h1} in the content root. */
  private static boolean isFirstHeading(Element root, Element h1) {
    Element first = root.selectFirst("h1, h2, h3, h4, h5, h6");
    return h1.equals(first);
  }

  private static boolean isMissingStub(Element scope) {
    for (Element h : scope.select("h1, h2")) {
      if (MarkdownRenderer.normalizeSpace(h.text()).toLowerCase(Locale.ROOT).equals(MISSING)) {
        return true;
      }
    }
    return false;
  }

  private static String title(EntryFacts entry, String h1Title) {
    String title = MarkdownRenderer.normalizeSpace(entry.title());
    if (!title.isEmpty()) {
      return title;
    }
    if (!h1Title.isEmpty()) {
      return h1Title;
    }
    String fromPath =
        MarkdownRenderer.normalizeSpace(entry.path().replace('/', ' ').replace('_', ' '));
    return fromPath.isEmpty() ? "Untitled" : fromPath;
  }

  /**
   * 1.0 for {@code M/Scraper = devdocs2zim …}; 0 for any other scraper; 0.8 for a DevDocs name
   * ({@code devdocs_en_python}, {@code devdocs.io_en_cpp}); 0.6 for the {@code devdocs} tag; 0.4
   * when only {@code M/Creator} says DevDocs.
   */
  @Override
  public double detect(ArchiveMetadata metadata) {
    String scraper = metadata.scraper().strip().toLowerCase(Locale.ROOT);
    if (scraper.startsWith("devdocs2zim") || scraper.startsWith("devdocs ")) {
      return 1.0;
    }
    if (!scraper.isEmpty()) {
      return 0;
    }
    String name = metadata.name().strip().toLowerCase(Locale.ROOT);
    if (name.startsWith("devdocs_") || name.startsWith("devdocs.io_")) {
      return 0.8;
    }
    for (String tag : metadata.tags()) {
      if (tag.equalsIgnoreCase("devdocs")) {
        return 0.6;
      }
    }
    return metadata.getOrEmpty("Creator").strip().equalsIgnoreCase("devdocs") ? 0.4 : 0;
  }
}
