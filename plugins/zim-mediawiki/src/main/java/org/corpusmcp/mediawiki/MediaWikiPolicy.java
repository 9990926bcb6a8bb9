package org.corpusmcp.mediawiki;

import java.util.regex.Pattern;
import org.corpusmcp.markdown.CleaningPolicy;

/**
 * The MediaWiki cleaning rules, one policy for every mwoffliner markup era:
 *
 * <ul>
 *   <li><b>1a legacy Parsoid (2014–2017)</b>: content in {@code #mw-content-text}; bare {@code <h2
 *       id="mweQ">} headings whose ids are Parsoid node ids, not anchors, so they match {@link
 *       #PARSOID_NODE_ID} and the anchor is derived from the heading text; citation markers are
 *       {@code <sup id="cite_ref-N">}; the 2015 footer has no htdig markers and is recognised by
 *       its gradient style.
 *   <li><b>1b mobile sections (mwoffliner 1.8–1.13)</b>: the title is repeated as {@code
 *       h1.section-heading} inside the content (removed); sections are {@code <details><summary
 *       class="section-heading"><h2 id="Anchor">} (dissolved by the sectionizer, ids are real
 *       anchors); citations {@code span.mw-ref}; TemplateStyles {@code <style>} inside the body.
 *   <li><b>1c mwoffliner 1.14–1.15</b> and <b>1d ActionParse (1.16+)</b>: headings in {@code
 *       div.mw-heading} and/or {@code section[data-mw-section-id]} wrappers (dissolved); {@code
 *       sup.reference}, {@code .mw-references-wrap}; {@code .zim-footer}.
 * </ul>
 *
 * Stripped everywhere: scripts, styles, edit links, navboxes and other navigation, the table of
 * contents, citation markers and reference lists (their "References"/"Notes" headings stay as empty
 * sections so the section tree matches the wiki's), maintenance boxes, hatnotes ("For other uses,
 * see…": navigation, not content), the licence footer (htdig_noindex block or 2015 gradient box),
 * text in transparent ink (no reader sees it). Navigation widgets inside infoboxes (the
 * periodic-table locator map of element articles) are removed before this policy applies, by {@link
 * NavigationWidgets}. Kept: infoboxes (rendered as key/value lines), wikitables, image captions,
 * bibliography lists, external-links lists.
 */
public final class MediaWikiPolicy {

  /** Parsoid node ids ({@code mweQ}, {@code mwAqs}, {@code mwBEU}): not section anchors. */
  public static final Pattern PARSOID_NODE_ID = Pattern.compile("mw[A-Za-z0-9_-]{1,6}");

  /** The policy, shared by every parse. */
  public static final CleaningPolicy POLICY =
      CleaningPolicy.builder()
          .contentRoots("#mw-content-text", "#bodyContent", "main#content", "#content", "body")
          .noindexComment("htdig_noindex")
          .remove(CleaningPolicy.NON_CONTENT)
          // MediaWiki's own chrome, unlike DevDocsAdapter.POLICY's on purpose: each list follows
          // its scraper's markup, and the few names both hold (#toc, .toc, #catlinks) stay in each
          // so that neither family's rendering changes when the other's list does
          .remove(
              // title repeated inside the content (1b), title bars (1a, 1c, 1d)
              "h1.section-heading",
              "#titleHeading",
              "#firstHeading",
              ".mw-first-heading",
              "#contentSub",
              "#siteSub",
              ".mw-indicators",
              // edit links and section chrome
              ".mw-editsection",
              ".mw-editsection-bracket",
              ".edit-page",
              ".mw-ui-icon",
              ".pcs-edit-section-link-container",
              // navigation
              ".navbox",
              ".navbox-styles",
              ".vertical-navbox",
              ".sidebar",
              "[role=navigation]",
              ".navbar",
              "#toc",
              ".toc",
              "#catlinks",
              ".catlinks",
              ".printfooter",
              ".mw-jump-link",
              ".navigation-only",
              ".authority-control",
              ".portal",
              ".sistersitebox",
              // references: markers, lists, back links
              "sup.reference",
              "sup[id^=cite_ref]",
              "span.mw-ref",
              ".mw-references-wrap",
              "ol.references",
              "ol.mw-references",
              ".reflist",
              ".mw-cite-backlink",
              ".mw-linkback-text",
              "a:matchesOwn(^\\s*[\\^↑]\\s*$)",
              // maintenance and notices (mwoffliner's own blacklist and more)
              ".noprint",
              ".metadata",
              ".ambox",
              ".stub",
              ".topicon",
              ".magnify",
              ".mw-kartographer-container",
              ".mw-dismissable-notice",
              ".mbox-small",
              ".mw-empty-elt",
              // hatnotes
              ".hatnote",
              ".dablink",
              ".rellink",
              ".mainarticle",
              ".seealso",
              "div[role=note]",
              // licence footers: 1d zim-footer; 1a (2015) has no htdig markers, only this style
              ".zim-footer",
              "div[style*=linear-gradient(180deg, #E8E8E8]",
              // media players, and "(listen)" pronunciation audio links with their parentheses
              // (span only: album infoboxes carry the hAudio microformat class too)
              ".mediaContainer",
              "audio",
              "video",
              "span.nowrap:has(> span.haudio)",
              "span.haudio")
          .headings("h2, h3, h4, h5, h6")
          .syntheticIds(PARSOID_NODE_ID)
          .build();

  private MediaWikiPolicy() {}
}
