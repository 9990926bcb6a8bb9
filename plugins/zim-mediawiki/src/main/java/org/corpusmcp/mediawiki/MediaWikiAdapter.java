package org.corpusmcp.mediawiki;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.markdown.HtmlSectionizer;
import org.corpusmcp.markdown.MarkdownRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.pf4j.Extension;

/**
 * The {@code mediawiki} adapter: articles of mwoffliner archives (Wikipedia, MDWiki, Wikibooks,
 * Wikivoyage, Wiktionary…), every era from 2014 Parsoid dumps to 2025 ActionParse files. Sections
 * are the wiki's headings ({@code h2}–{@code h6}) with the wiki's own anchors as ids; the lead (id
 * {@code ""}) is the text before the first heading, infobox included. Stateless and thread-safe:
 * all rules live in the immutable {@link MediaWikiPolicy#POLICY}.
 */
@Extension
public final class MediaWikiAdapter implements CorpusAdapter {

  /** Creators (M/Creator) of Wikimedia projects and MDWiki, for archives without M/Scraper. */
  private static final Set<String> WIKI_CREATORS =
      Set.of(
          "wikipedia",
          "wikibooks",
          "wiktionary",
          "wikivoyage",
          "wikiquote",
          "wikisource",
          "wikinews",
          "wikiversity",
          "wikispecies",
          "mdwiki",
          "wikimed",
          "wikimedia commons");

  /** {@code &amp;}, {@code &#39;}, {@code &#x2013;}: HTML, never part of a wiki title. */
  @SuppressWarnings("EscapedEntity") // the references are shown as written, which is the point
  private static final Evaluator PROSE_STRUCTURE =
      QueryParser.parse("h2, h3, h4, h5, h6, p, table");

  private static final Pattern CHARACTER_REFERENCE =
      Pattern.compile("&(#\\d+|#[xX]\\p{XDigit}+|[A-Za-z][A-Za-z0-9]*);");

  private final HtmlSectionizer engine = new HtmlSectionizer(MediaWikiPolicy.POLICY);

  @Override
  public String name() {
    return "mediawiki";
  }

  /** The shared renderer's: nothing here changes the Markdown it writes. */
  @Override
  public String rendering() {
    return MarkdownRenderer.RENDERING;
  }

  @Override
  public DocumentKind kind() {
    return DocumentKind.ARTICLE;
  }

  /**
   * HTML front articles. The article-list home page of selection archives is an HTML front article
   * too; {@link #parse} recognises it and answers {@link NotADocument}.
   */
  @Override
  public boolean isDocument(EntryFacts entry) {
    return entry.isHtml() && entry.frontArticle();
  }

  @Override
  public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
    Document dom = Jsoup.parse(html);
    if (isArticleListHome(dom)) {
      return new NotADocument("article-list home page");
    }
    String title = title(entry, dom);
    NavigationWidgets.removeFrom(dom);
    Element root = engine.clean(dom);
    if (looksLikeLinkList(root)) {
      return new NotADocument("article-list home page");
    }
    return engine.sectionize(title, root, links);
  }

  /**
   * 1.0 for {@code M/Scraper = mwoffliner …}; 0.8 for Wikimedia/MDWiki names or tags; 0.6 when only
   * {@code M/Creator} names a wiki (2015-era archives carry nothing else).
   */
  @Override
  public double detect(ArchiveMetadata metadata) {
    String scraper = metadata.scraper().toLowerCase(Locale.ROOT);
    if (scraper.startsWith("mwoffliner")) {
      return 1.0;
    }
    if (!scraper.isEmpty() && !scraper.contains("mwoffliner")) {
      return 0; // another scraper made this archive (sotoki, devdocs2zim, zimit…)
    }
    String name = metadata.name().toLowerCase(Locale.ROOT).replace("kiwix.", "");
    for (String wiki : WIKI_CREATORS) {
      if (name.startsWith(wiki + "_") || name.equals(wiki)) {
        return 0.8;
      }
    }
    for (String tag : metadata.tags()) {
      if (WIKI_CREATORS.contains(tag.toLowerCase(Locale.ROOT))) {
        return 0.8;
      }
    }
    String creator = metadata.getOrEmpty("Creator").strip().toLowerCase(Locale.ROOT);
    return WIKI_CREATORS.contains(creator) ? 0.6 : 0;
  }

  /**
   * The entry title as text. mwoffliner archives of 2018 wrote the wiki's display title, markup and
   * all ({@code <i>A Man and His Soul</i>}), into the entry title; a MediaWiki title can never hold
   * {@code <} or a character reference, so either one means markup, and its text is the title.
   */
  private static String title(EntryFacts entry, Document dom) {
    String title = MarkdownRenderer.normalizeSpace(entry.title());
    if (title.indexOf('<') >= 0 || CHARACTER_REFERENCE.matcher(title).find()) {
      title = MarkdownRenderer.normalizeSpace(Jsoup.parseBodyFragment(title).text());
    }
    if (!title.isEmpty()) {
      return title;
    }
    for (String selector : new String[] {"#titleHeading", "#firstHeading", "#title_0", "title"}) {
      Element el = dom.selectFirst(selector);
      if (el != null && !MarkdownRenderer.normalizeSpace(el.text()).isEmpty()) {
        return MarkdownRenderer.normalizeSpace(el.text());
      }
    }
    String fromPath = entry.path().replaceFirst("\\.html?$", "").replace('_', ' ').strip();
    return fromPath.isEmpty() ? "Untitled" : fromPath;
  }

  /** mwoffliner ≥1.9 main page of selection archives: {@code body.article-list-home}. */
  private static boolean isArticleListHome(Document dom) {
    return dom.body().hasClass("article-list-home");
  }

  /**
   * The 2015 main page ({@code A/index.htm}, "Summary") is a bare list of links with no prose:
   * every visible character sits inside a link of a list item.
   */
  private static boolean looksLikeLinkList(Element root) {
    // Every article has a heading, paragraph or table, so that is asked first: it stops at the
    // first one, where the text of the whole page would be built for nothing.
    if (root.selectFirst(PROSE_STRUCTURE) != null) {
      return false;
    }
    String all = MarkdownRenderer.normalizeSpace(root.text());
    if (all.isEmpty()) {
      return false;
    }
    int inLinks = 0;
    int links = 0;
    for (Element a : root.select("li a")) {
      String text = a.text().replaceAll("\\s+", "");
      if (!text.isEmpty()) {
        inLinks += text.length();
        links++;
      }
    }
    int total = all.replaceAll("\\s+", "").length();
    return links >= 2 && inLinks * 20 >= total * 19; // at least 95% of the text is link text
  }
}
