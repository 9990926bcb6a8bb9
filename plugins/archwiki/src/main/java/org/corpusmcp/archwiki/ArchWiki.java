package org.corpusmcp.archwiki;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.ParsedPage;
import org.corpusmcp.archwiki.wiki.WikiSection;
import org.corpusmcp.archwiki.wiki.WikiUrls;
import org.corpusmcp.archwiki.wikitext.Admonitions;
import org.corpusmcp.archwiki.wikitext.CodeBlock;
import org.corpusmcp.archwiki.wikitext.CodeBlocks;
import org.corpusmcp.archwiki.wikitext.Hashes;
import org.corpusmcp.archwiki.wikitext.Links;
import org.corpusmcp.archwiki.wikitext.SearchSnippets;
import org.corpusmcp.archwiki.wikitext.SectionRenderer;
import org.corpusmcp.archwiki.wikitext.TemplateNames;
import org.jspecify.annotations.Nullable;

/**
 * The seven wiki tools, each returning the JSON body of its result as ordered maps. Failures are
 * {@link org.corpusmcp.archwiki.wiki.WikiException}s carrying their code; nothing here returns an
 * empty list for an error.
 *
 * <p>Evidence tiers: {@code page}, {@code section}, {@code commands}, {@code warnings} are hashed
 * evidence; {@code links} is revision-attributed with no hash; {@code search} and {@code sections}
 * are pointers with neither revid nor hash.
 *
 * <p>Thread-safe; every call refetches its page (only siteinfo prefixes and template aliases are
 * cached, in the {@link MediaWikiClient}).
 */
public final class ArchWiki {

  private final MediaWikiClient client;

  public ArchWiki(MediaWikiClient client) {
    this.client = client;
  }

  public MediaWikiClient client() {
    return client;
  }

  /** Exact-title match first (match "title"), then the wiki's full-text hits in its order. */
  public Map<String, @Nullable Object> search(String query, int limit) {
    List<MediaWikiClient.Hit> exact = client.search(query, 1, "nearmatch");
    List<MediaWikiClient.Hit> text = client.search(query, limit, "text");
    WikiUrls site = client.site();
    List<Map<String, @Nullable Object>> results = new ArrayList<>();
    Set<Long> seen = new java.util.HashSet<>();
    for (MediaWikiClient.Hit hit : exact) {
      seen.add(hit.pageid());
      results.add(searchResult(site, hit, "title"));
    }
    for (MediaWikiClient.Hit hit : text) {
      if (!seen.contains(hit.pageid())) {
        results.add(searchResult(site, hit, "text"));
      }
    }
    return Map.of("results", List.copyOf(results.subList(0, Math.min(limit, results.size()))));
  }

  private static Map<String, @Nullable Object> searchResult(
      WikiUrls site, MediaWikiClient.Hit hit, String match) {
    Map<String, @Nullable Object> m = new LinkedHashMap<>();
    m.put("title", hit.title());
    m.put("pageid", hit.pageid());
    m.put("snippet", SearchSnippets.clean(hit.snippet()));
    m.put("url", site.pageUrl(hit.title(), null));
    m.put("match", match);
    return m;
  }

  public Map<String, @Nullable Object> page(String titleOrUrl) {
    WikiUrls site = client.site();
    ParsedPage page = client.parse(site.resolveTitle(titleOrUrl));
    Map<String, @Nullable Object> m = new LinkedHashMap<>();
    m.put("title", page.title());
    m.put("pageid", page.pageid());
    m.put("revid", page.revid());
    m.put("url", site.pageUrl(page.title(), null));
    m.put("revision_url", site.revisionUrl(page.revid(), null));
    m.put("revision_wikitext_url", site.revisionWikitextUrl(page.revid()));
    m.put("wikitext", page.wikitext());
    m.put("wikitext_hash", Hashes.sha256(page.wikitext()));
    m.put("sections", sectionList(page));
    redirect(m, page);
    return m;
  }

  public Map<String, @Nullable Object> sections(String titleOrUrl) {
    WikiUrls site = client.site();
    ParsedPage page = client.parse(site.resolveTitle(titleOrUrl));
    Map<String, @Nullable Object> m = new LinkedHashMap<>();
    m.put("sections", sectionList(page));
    redirect(m, page);
    return m;
  }

  private static List<Map<String, @Nullable Object>> sectionList(ParsedPage page) {
    List<Map<String, @Nullable Object>> out = new ArrayList<>();
    for (WikiSection s : page.sections()) {
      out.add(s.toJson());
    }
    return out;
  }

  public Map<String, @Nullable Object> section(String titleOrUrl, String anchor) {
    WikiUrls site = client.site();
    ParsedPage page = client.parse(site.resolveTitle(titleOrUrl));
    ParsedPage.Slice slice = page.slice(anchor);
    String raw = slice.wikitext();
    String content = SectionRenderer.render(raw);
    Map<String, @Nullable Object> m = new LinkedHashMap<>();
    m.put("title", page.title());
    m.put("url", site.pageUrl(page.title(), anchor));
    m.put("revision_url", site.revisionUrl(page.revid(), anchor));
    m.put("revision_wikitext_url", site.revisionWikitextUrl(page.revid()));
    m.put("revid", page.revid());
    m.put("timestamp", null);
    m.put("section_anchor", anchor);
    m.put("section_heading", slice.section().line());
    m.put("extraction_method", "wikitext_character_offset");
    m.put("content", content);
    m.put("content_raw", raw);
    m.put("content_hash", Hashes.sha256(raw));
    m.put("content_hash_cleaned", Hashes.sha256(content));
    redirect(m, page);
    return m;
  }

  public Map<String, @Nullable Object> commands(String titleOrUrl, @Nullable String anchor) {
    WikiUrls site = client.site();
    ParsedPage page = client.parse(site.resolveTitle(titleOrUrl));
    String text = anchor == null ? page.wikitext() : page.slice(anchor).wikitext();
    Provenance p = new Provenance(site, page, anchor);
    List<Map<String, @Nullable Object>> out = new ArrayList<>();
    for (CodeBlock block : CodeBlocks.extract(text)) {
      Map<String, @Nullable Object> m = new LinkedHashMap<>();
      m.put("content", block.content());
      m.put("content_raw", block.contentRaw());
      m.put("content_hash", block.contentHash());
      m.put("content_hash_cleaned", block.contentHashCleaned());
      m.put("block_type", block.kind().blockType());
      m.put("source_pattern", block.kind().sourcePattern());
      m.put("language", null);
      m.put("header", block.header());
      m.put("placeholders", block.placeholders());
      m.put("source_url", p.sourceUrl);
      m.put("revision_url", p.revisionUrl);
      m.put("revision_wikitext_url", p.wikitextUrl);
      m.put("revid", page.revid());
      out.add(m);
    }
    return envelope("commands", out, page);
  }

  public Map<String, @Nullable Object> warnings(String titleOrUrl, @Nullable String anchor) {
    WikiUrls site = client.site();
    String title = site.resolveTitle(titleOrUrl);
    ParsedPage page = client.parse(title);
    // Resolved over the whole page, before the anchor is looked up: the names asked of the wiki
    // depend on the page only, and an alias failure is reported before a missing anchor.
    Map<String, Admonitions.Resolution> types =
        client.admonitionTypes(TemplateNames.collect(page.wikitext()), title);
    String text = anchor == null ? page.wikitext() : page.slice(anchor).wikitext();
    Provenance p = new Provenance(site, page, anchor);
    List<Map<String, @Nullable Object>> out = new ArrayList<>();
    for (Admonitions.Block block : Admonitions.extract(text, types)) {
      Map<String, @Nullable Object> m = new LinkedHashMap<>();
      m.put("type", block.type().name());
      m.put("message", block.message());
      m.put("message_raw", block.messageRaw());
      m.put("content_hash", Hashes.sha256(block.messageRaw()));
      m.put("message_hash_cleaned", Hashes.sha256(block.message()));
      m.put("revid", page.revid());
      m.put("alias", block.alias());
      m.put("alias_target", block.aliasTarget());
      m.put("alias_revid", block.aliasRevid());
      m.put("source_url", p.sourceUrl);
      m.put("revision_url", p.revisionUrl);
      m.put("revision_wikitext_url", p.wikitextUrl);
      Long aliasRevid = block.aliasRevid();
      m.put("alias_revision_url", aliasRevid == null ? null : site.revisionUrl(aliasRevid, null));
      out.add(m);
    }
    return envelope("warnings", out, page);
  }

  public Map<String, @Nullable Object> links(String titleOrUrl, @Nullable String anchor) {
    WikiUrls site = client.site();
    ParsedPage page = client.parse(site.resolveTitle(titleOrUrl));
    String text = anchor == null ? page.wikitext() : page.slice(anchor).wikitext();
    Provenance p = new Provenance(site, page, anchor);
    List<Map<String, @Nullable Object>> out = new ArrayList<>();
    for (Links.Link link : Links.extract(text, page.title(), client.excludedLinkPrefixes())) {
      Map<String, @Nullable Object> m = new LinkedHashMap<>();
      m.put("target_page", link.targetPage());
      m.put("display_text", link.displayText());
      m.put("anchor", link.anchor());
      m.put("source_page", page.title());
      m.put("source_url", p.sourceUrl);
      m.put("revision_url", p.revisionUrl);
      m.put("revision_wikitext_url", p.wikitextUrl);
      m.put("revid", page.revid());
      out.add(m);
    }
    return envelope("links", out, page);
  }

  /** Provenance shared by every block of one call: built from the title the wiki returned. */
  private static final class Provenance {
    final String sourceUrl;
    final String revisionUrl;
    final String wikitextUrl;

    Provenance(WikiUrls site, ParsedPage page, @Nullable String anchor) {
      sourceUrl = site.pageUrl(page.title(), anchor);
      revisionUrl = site.revisionUrl(page.revid(), anchor);
      wikitextUrl = site.revisionWikitextUrl(page.revid());
    }
  }

  private static Map<String, @Nullable Object> envelope(
      String key, List<Map<String, @Nullable Object>> items, ParsedPage page) {
    Map<String, @Nullable Object> m = new LinkedHashMap<>();
    m.put(key, items);
    redirect(m, page);
    return m;
  }

  /** When the wiki followed a page redirect, say which title was asked for. */
  private static void redirect(Map<String, @Nullable Object> m, ParsedPage page) {
    if (page.redirectedFrom() != null) {
      m.put("redirected_from", page.redirectedFrom());
    }
  }
}
