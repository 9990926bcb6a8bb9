package org.corpusmcp.devdocs;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.corpusmcp.markdown.MarkdownRenderer;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;

/**
 * Removes a page's own outline ("On this page" and its list of links into the page) before the page
 * is cleaned. Scraped documentation sites put the outline's title beside the outline rather than
 * inside it: Tailwind CSS writes {@code <div><h5>On this page</h5><ul>…</ul></div>}, VitePress
 * sites a {@code <div class="outline-title" role="heading">} next to the outline's {@code <nav>}.
 * The cleaning policy drops the {@code nav} and DevDocs' own {@code ._toc}, so the lone title
 * survived as a heading or paragraph of its own. It is chrome: a reader of a fetched page has the
 * page's sections already.
 */
final class PageOutline {

  /** The titles outlines go by, compared without case and spacing. */
  private static final Set<String> TITLES =
      Set.of("on this page", "in this article", "contents", "table of contents", "page contents");

  /** Longer than every title with some spacing around it. */
  private static final int LONGEST_TITLE = 40;

  /** Elements that can stand alone as an outline's title (not a phrase inside prose). */
  private static final String TITLE_ELEMENTS =
      "h1, h2, h3, h4, h5, h6, p, div, header, strong, b, span, [role=heading], ._toc-title";

  private PageOutline() {}

  static void removeFrom(Element scope) {
    for (Element title : scope.select(TITLE_ELEMENTS)) {
      if (title.parent() == null || title.childrenSize() > 2 || !isOutlineTitle(title)) {
        continue;
      }
      Element list = title.nextElementSibling();
      if (list != null && list.is("ul, ol, nav") && linksOnlyIntoThePage(list)) {
        list.remove();
      }
      Element lone = title;
      // a title wrapped alone in a block (<div><strong>On this page</strong></div>) goes with it
      while (lone.parent() != null
          && !lone.parent().equals(scope)
          && lone.parent().childrenSize() == 1
          && lone.parent().ownText().isBlank()) {
        lone = lone.parent();
      }
      lone.remove();
    }
  }

  /** The element's whole text is an outline title and it holds no other element but inline text. */
  private static boolean isOutlineTitle(Element el) {
    String text = MarkdownRenderer.normalizeSpace(shortText(el)).toLowerCase(Locale.ROOT);
    if (!TITLES.contains(text)) {
      return false;
    }
    // an inline element is a title only when it stands alone in its block, never a phrase of a
    // sentence ("the options described <span>on this page</span> apply")
    if (el.is("span, strong, b")
        && (el.parent() == null
            || !MarkdownRenderer.normalizeSpace(shortText(el.parent())).equalsIgnoreCase(text))) {
      return false;
    }
    // "Contents" is also a real section title (a heading over prose): only a title whose next
    // sibling is an in-page link list counts, except for the unambiguous "On this page" ones
    if (text.equals("on this page") || text.equals("in this article") || el.is("._toc-title")) {
      return el.childrenSize() == 0
          || el.children().stream().allMatch(c -> c.is("span, a, strong, b, em, i"));
    }
    Element list = el.nextElementSibling();
    return list != null && list.is("ul, ol, nav") && linksOnlyIntoThePage(list);
  }

  /**
   * The element's text, or a longer prefix of it once it is longer than any title: every element of
   * the page is tried, and a full {@code text()} of each nested block would cost the square of the
   * page's depth.
   */
  private static String shortText(Element el) {
    StringBuilder text = new StringBuilder();
    el.filter(
        new NodeFilter() {
          @Override
          public FilterResult head(Node node, int depth) {
            if (node instanceof TextNode t) {
              text.append(t.getWholeText());
            }
            return text.length() > LONGEST_TITLE ? FilterResult.STOP : FilterResult.CONTINUE;
          }
        });
    return text.toString();
  }

  private static boolean linksOnlyIntoThePage(Element list) {
    List<Element> links = list.select("a[href]");
    return !links.isEmpty() && links.stream().allMatch(a -> a.attr("href").startsWith("#"));
  }
}
