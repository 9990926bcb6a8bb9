package org.corpusmcp.archwiki.wiki;

import java.lang.System.Logger.Level;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.corpusmcp.archwiki.json.JsonTree;
import org.corpusmcp.archwiki.wikitext.AdmonitionType;
import org.corpusmcp.archwiki.wikitext.Admonitions.Resolution;
import org.corpusmcp.archwiki.wikitext.Links;
import org.corpusmcp.archwiki.wikitext.PyText;
import org.corpusmcp.archwiki.wikitext.TemplateNames;
import org.jspecify.annotations.Nullable;

/**
 * The MediaWiki API calls the tools make, each answer classified once: an {@code error} envelope is
 * {@link ErrorCode#PAGE_NOT_FOUND} for {@code missingtitle} and {@code nosuchrevid}, and {@link
 * ErrorCode#UPSTREAM_API_ERROR} otherwise; a missing root key is an upstream error too.
 *
 * <p>The wiki's URLs ({@link #site}) are fixed for the Arch wiki and learnt from {@code siteinfo}
 * for any other wiki, so every citation names the wiki that was actually asked.
 *
 * <p>Three caches live as long as this client (one per plugin instance, so per process): the wiki's
 * URLs, the link prefixes derived from siteinfo and the template alias resolutions. All remember
 * successes only. Page fetches are never cached: each call asks the wiki again. Thread-safe.
 */
public final class MediaWikiClient {

  private static final System.Logger LOG = System.getLogger(MediaWikiClient.class.getName());
  private static final int TITLES_PER_QUERY = 50;

  private final WikiTransport transport;
  private final boolean followRedirects;
  private final @Nullable URI siteinfoEndpoint;
  private volatile @Nullable WikiUrls site;
  private final PluginJson json;
  private volatile @Nullable Set<String> linkPrefixes;
  private final Map<String, Resolution> aliasCache = new ConcurrentHashMap<>();

  /**
   * @param followRedirects send {@code redirects=1} with page parses, so {@code Grub} is answered
   *     about {@code GRUB} (the Python tools this plugin replaces never followed page redirects;
   *     false restores that)
   */
  public MediaWikiClient(PluginJson json, WikiTransport transport, boolean followRedirects) {
    this.json = json;
    this.transport = transport;
    this.followRedirects = followRedirects;
    this.siteinfoEndpoint = null;
    this.site = WikiUrls.ARCH;
  }

  public MediaWikiClient(PluginJson json, WikiTransport transport) {
    this(json, transport, true);
  }

  /**
   * A client of any MediaWiki: its URLs are read from its {@code siteinfo} on first need.
   *
   * @param endpoint the {@code api.php} URL the transport talks to; only its scheme is used, for a
   *     wiki that states a protocol-relative server ({@code //wiki.example.org})
   */
  public MediaWikiClient(
      PluginJson json, WikiTransport transport, boolean followRedirects, URI endpoint) {
    this.json = json;
    this.transport = transport;
    this.followRedirects = followRedirects;
    this.siteinfoEndpoint = endpoint;
    this.site = null;
  }

  public WikiTransport transport() {
    return transport;
  }

  // ------------------------------------------------------------------ F.1 parse

  /** {@code action=parse&page=<title>&prop=wikitext|sections|revid[&redirects=1]&format=json}. */
  public ParsedPage parse(String title) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("action", "parse");
    params.put("page", title);
    params.put("prop", "wikitext|sections|revid");
    if (followRedirects) {
      params.put("redirects", "1");
    }
    params.put("format", "json");
    Map<String, @Nullable Object> parse =
        unwrap(fetch(new ApiRequest(params, title)), "parse", "parse");
    return toPage(parse, "parse");
  }

  /**
   * The wikitext of one revision, exactly what {@code revision_wikitext_url} serves: {@code
   * action=parse&oldid=<revid>&prop=wikitext&format=json}.
   */
  public String revisionWikitext(long revid) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("action", "parse");
    params.put("oldid", Long.toString(revid));
    params.put("prop", "wikitext");
    params.put("format", "json");
    Map<String, @Nullable Object> parse =
        unwrap(fetch(new ApiRequest(params, "oldid_" + revid)), "parse", "parse");
    Long got = JsonTree.integer(parse.get("revid"));
    if (got != null && got != revid) {
      throw new WikiException(
          ErrorCode.UPSTREAM_API_ERROR,
          "parse API answered revision " + got + " when " + revid + " was asked");
    }
    return wikitextOf(parse, "parse");
  }

  private ParsedPage toPage(Map<String, @Nullable Object> parse, String context) {
    String title = JsonTree.string(parse.get("title"));
    Long revid = JsonTree.integer(parse.get("revid"));
    Long pageid = JsonTree.integer(parse.get("pageid"));
    if (title == null || revid == null || pageid == null) {
      throw unexpected(context, parse);
    }
    List<WikiSection> sections = new ArrayList<>();
    for (Object raw : JsonTree.array(parse.get("sections"))) {
      Map<String, @Nullable Object> s = JsonTree.object(raw);
      if (s == null) {
        throw unexpected(context, parse);
      }
      sections.add(
          new WikiSection(
              text(s, "line", ""),
              text(s, "anchor", ""),
              text(s, "level", "1"),
              s.containsKey("toclevel") && JsonTree.integer(s.get("toclevel")) != null
                  ? JsonTree.integer(s.get("toclevel"))
                  : 1L,
              text(s, "number", ""),
              text(s, "index", ""),
              s.containsKey("byteoffset") ? JsonTree.integer(s.get("byteoffset")) : Long.valueOf(0),
              text(s, "fromtitle", ""),
              text(s, "linkAnchor", "")));
    }
    String redirectedFrom = null;
    for (Object r : JsonTree.array(parse.get("redirects"))) {
      Map<String, @Nullable Object> redirect = JsonTree.object(r);
      if (redirect != null && redirectedFrom == null) {
        redirectedFrom = JsonTree.string(redirect.get("from"));
      }
    }
    return new ParsedPage(
        title, pageid, revid, wikitextOf(parse, context), sections, redirectedFrom);
  }

  private static String text(Map<String, @Nullable Object> m, String key, String fallback) {
    Object v = m.get(key);
    if (v == null) {
      return m.containsKey(key) ? "" : fallback;
    }
    return v instanceof String s ? s : String.valueOf(v);
  }

  private String wikitextOf(Map<String, @Nullable Object> parse, String context) {
    Map<String, @Nullable Object> wikitext = JsonTree.object(parse.get("wikitext"));
    String text = wikitext == null ? null : JsonTree.string(wikitext.get("*"));
    if (text == null) {
      throw unexpected(context, parse);
    }
    return text;
  }

  // ------------------------------------------------------------------ F.2 siteinfo

  /**
   * This wiki's URLs. Fails closed with {@link ErrorCode#UPSTREAM_API_ERROR} when a configured
   * wiki's siteinfo cannot be read: a citation must never name a host the text did not come from.
   */
  public WikiUrls site() {
    WikiUrls known = site;
    if (known != null) {
      return known;
    }
    URI endpoint = siteinfoEndpoint;
    if (endpoint == null) {
      throw new IllegalStateException("a client without a fixed site needs an endpoint");
    }
    WikiUrls learnt = WikiUrls.fromSiteinfo(JsonTree.object(siteinfo().get("general")), endpoint);
    site = learnt;
    return learnt;
  }

  /**
   * {@code meta=siteinfo} with the general block (the wiki's own URLs) and the link prefixes, one
   * request answered offline by {@code query_siteinfo.json}. Not cached here: each consumer caches
   * what it derived, and only after a success.
   */
  private Map<String, @Nullable Object> siteinfo() {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("action", "query");
    params.put("meta", "siteinfo");
    params.put("siprop", "general|namespaces|namespacealiases|interwikimap");
    params.put("format", "json");
    return unwrap(fetch(new ApiRequest(params, "siteinfo")), "query", "siteinfo");
  }

  /**
   * Lowercased prefixes that make a {@code [[link]]} metadata or interwiki: every namespace and
   * namespace alias except id 0, and every interwiki prefix. Cached after the first success; on any
   * wiki failure the built-in snapshot is used for this call only. A missing offline fixture is not
   * caught.
   */
  public Set<String> excludedLinkPrefixes() {
    Set<String> cached = linkPrefixes;
    if (cached != null) {
      return cached;
    }
    Set<String> prefixes = new HashSet<>();
    try {
      Map<String, @Nullable Object> query = siteinfo();
      Map<String, @Nullable Object> namespaces = JsonTree.object(query.get("namespaces"));
      if (namespaces != null) {
        for (Object ns : namespaces.values()) {
          addPrefix(prefixes, JsonTree.object(ns), "*");
        }
      }
      for (Object alias : JsonTree.array(query.get("namespacealiases"))) {
        addPrefix(prefixes, JsonTree.object(alias), "*");
      }
      for (Object entry : JsonTree.array(query.get("interwikimap"))) {
        Map<String, @Nullable Object> m = JsonTree.object(entry);
        String prefix = m == null ? null : JsonTree.string(m.get("prefix"));
        if (prefix != null && !prefix.isEmpty()) {
          prefixes.add(prefix.toLowerCase(java.util.Locale.ROOT));
        }
      }
    } catch (WikiException e) {
      LOG.log(
          Level.WARNING,
          "siteinfo unavailable ({0}); using the built-in link-prefix snapshot",
          e.getMessage());
      return Links.FALLBACK_EXCLUDED_PREFIXES;
    }
    if (prefixes.isEmpty()) {
      LOG.log(Level.WARNING, "siteinfo returned no prefixes; using the built-in snapshot");
      return Links.FALLBACK_EXCLUDED_PREFIXES;
    }
    Set<String> result = Set.copyOf(prefixes);
    linkPrefixes = result;
    return result;
  }

  private static void addPrefix(
      Set<String> out, @Nullable Map<String, @Nullable Object> entry, String key) {
    if (entry == null) {
      return;
    }
    Long id = JsonTree.integer(entry.get("id"));
    String name = JsonTree.string(entry.get(key));
    if (id != null && id != 0 && name != null && !name.isEmpty()) {
      out.add(name.toLowerCase(java.util.Locale.ROOT));
    }
  }

  // ------------------------------------------------------------------ F.3 search

  /** One hit of {@code list=search}. */
  public record Hit(String title, long pageid, String snippet) {}

  /** {@code list=search} with {@code srwhat} = {@code nearmatch} or {@code text}. */
  public List<Hit> search(String query, int limit, String what) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("action", "query");
    params.put("list", "search");
    params.put("srsearch", query);
    params.put("srlimit", Integer.toString(limit));
    params.put("srwhat", what);
    params.put("format", "json");
    String key = what.equals("nearmatch") ? "nearmatch_" + query : query;
    Map<String, @Nullable Object> q = unwrap(fetch(new ApiRequest(params, key)), "query", "search");
    if (!(q.get("search") instanceof List<?>)) {
      throw unexpected("search results", q);
    }
    List<Hit> hits = new ArrayList<>();
    for (Object raw : JsonTree.array(q.get("search"))) {
      Map<String, @Nullable Object> hit = JsonTree.object(raw);
      String title = hit == null ? null : JsonTree.string(hit.get("title"));
      Long pageid = hit == null ? null : JsonTree.integer(hit.get("pageid"));
      if (title == null || pageid == null) {
        throw unexpected("search results", q);
      }
      String snippet = JsonTree.string(hit.get("snippet"));
      hits.add(new Hit(title, pageid, snippet == null ? "" : snippet));
    }
    return hits;
  }

  // ------------------------------------------------------------------ F.4 template aliases

  /**
   * What each template name of a page denotes. Names that spell out a type are self-attested;
   * cached names reuse their answer; the rest are asked of the wiki (two queries, the second only
   * for redirects to an admonition), keyed for replay by {@code cacheKey} (the title as the caller
   * gave it). Fails closed: an unresolvable name raises rather than letting an English-only subset
   * pass for the page's warnings.
   *
   * @param names lookup keys ({@link TemplateNames#key}) in code-point order
   */
  public Map<String, Resolution> admonitionTypes(Set<String> names, String cacheKey) {
    Map<String, Resolution> types = new HashMap<>();
    List<String> unresolved = new ArrayList<>();
    for (String name : names) {
      AdmonitionType own = AdmonitionType.ofName(name);
      Resolution cached = aliasCache.get(name);
      if (own != null) {
        types.put(name, Resolution.selfAttested(own));
      } else if (cached != null) {
        types.put(name, cached);
      } else {
        unresolved.add(name);
      }
    }
    if (unresolved.isEmpty()) {
      return types;
    }
    Map<String, Resolution> resolved;
    try {
      resolved = fetchAliases(unresolved, cacheKey);
    } catch (WikiException | FixtureMissingException | PluginJsonException e) {
      // A typed cause keeps its code (offline: not_recorded or configuration_error, which say
      // what to do better than an outage would).
      ErrorCode code =
          e instanceof WikiException w
              ? w.code()
              : e instanceof FixtureMissingException f ? f.code() : ErrorCode.UPSTREAM_API_ERROR;
      throw new WikiException(
          code,
          "Cannot resolve template aliases for "
              + PyText.repr(cacheKey)
              + ": "
              + e.getMessage()
              + ". Refusing to report an English-only subset of the warnings"
              + " as complete.",
          e);
    }
    aliasCache.putAll(resolved);
    types.putAll(resolved);
    return types;
  }

  private Map<String, Resolution> fetchAliases(List<String> names, String cacheKey) {
    List<String> ordered = new ArrayList<>(names);
    ordered.sort(TemplateNames::compareCodePoints);
    Map<String, Resolution> resolved = new LinkedHashMap<>();
    for (String name : ordered) {
      resolved.put(name, Resolution.NOT_AN_ADMONITION);
    }
    record Alias(String from, String to, AdmonitionType type) {}
    Map<String, Alias> aliases = new TreeMap<>(TemplateNames::compareCodePoints);
    List<List<String>> batches = batches(ordered);
    for (int i = 0; i < batches.size(); i++) {
      StringBuilder titles = new StringBuilder();
      for (String name : batches.get(i)) {
        titles.append(titles.length() > 0 ? "|" : "").append("Template:").append(name);
      }
      Map<String, String> params = new LinkedHashMap<>();
      params.put("action", "query");
      params.put("titles", titles.toString());
      params.put("redirects", "1");
      params.put("format", "json");
      String suffix = batches.size() == 1 ? "" : "_" + (i + 1);
      Map<String, @Nullable Object> query =
          unwrap(
              fetch(new ApiRequest(params, "aliases_" + cacheKey + suffix)),
              "query",
              "template alias");
      for (Object raw : JsonTree.array(query.get("redirects"))) {
        Map<String, @Nullable Object> redirect = JsonTree.object(raw);
        String from = redirect == null ? null : JsonTree.string(redirect.get("from"));
        String to = redirect == null ? null : JsonTree.string(redirect.get("to"));
        if (from == null || to == null) {
          throw unexpected("template alias", query);
        }
        String source = TemplateNames.key(afterNamespace(from));
        AdmonitionType type = AdmonitionType.ofName(afterNamespace(to));
        if (resolved.containsKey(source) && type != null) {
          aliases.put(source, new Alias(from, to, type));
        }
      }
    }
    if (aliases.isEmpty()) {
      return resolved;
    }
    List<String> redirectTitles = new ArrayList<>();
    for (Alias a : aliases.values()) {
      redirectTitles.add(a.from());
    }
    Map<String, Long> revids = redirectRevids(redirectTitles, cacheKey);
    for (Map.Entry<String, Alias> e : aliases.entrySet()) {
      Alias a = e.getValue();
      Long revid = revids.get(a.from());
      if (revid == null) {
        throw new WikiException(
            ErrorCode.EVIDENCE_UNRESOLVABLE,
            "No revision for redirect "
                + PyText.repr(a.from())
                + ": cannot attest that it denotes "
                + a.type()
                + ".");
      }
      resolved.put(e.getKey(), new Resolution(a.type(), afterNamespace(a.from()), a.to(), revid));
    }
    return resolved;
  }

  /**
   * The current revision of each redirect page itself, asked WITHOUT {@code redirects}: with it,
   * MediaWiki resolves titles first and reports the destination's revision, which a retarget of the
   * redirect never changes.
   */
  private Map<String, Long> redirectRevids(List<String> titles, String cacheKey) {
    List<String> ordered = new ArrayList<>(titles);
    ordered.sort(TemplateNames::compareCodePoints);
    Map<String, Long> revids = new HashMap<>();
    List<List<String>> batches = batches(ordered);
    for (int i = 0; i < batches.size(); i++) {
      Map<String, String> params = new LinkedHashMap<>();
      params.put("action", "query");
      params.put("titles", String.join("|", batches.get(i)));
      params.put("prop", "revisions");
      params.put("rvprop", "ids");
      params.put("format", "json");
      String suffix = titles.size() <= TITLES_PER_QUERY ? "" : "_" + (i + 1);
      Map<String, @Nullable Object> query =
          unwrap(
              fetch(new ApiRequest(params, "aliasrevs_" + cacheKey + suffix)),
              "query",
              "redirect revision");
      Map<String, @Nullable Object> pages = JsonTree.object(query.get("pages"));
      if (pages == null) {
        continue;
      }
      for (Object raw : pages.values()) {
        Map<String, @Nullable Object> page = JsonTree.object(raw);
        if (page == null) {
          continue;
        }
        List<@Nullable Object> revisions = JsonTree.array(page.get("revisions"));
        String title = JsonTree.string(page.get("title"));
        Map<String, @Nullable Object> first =
            revisions.isEmpty() ? null : JsonTree.object(revisions.get(0));
        Long revid = first == null ? null : JsonTree.integer(first.get("revid"));
        if (title != null && revid != null) {
          revids.put(title, revid);
        }
      }
    }
    return revids;
  }

  private static List<List<String>> batches(List<String> items) {
    List<List<String>> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i += TITLES_PER_QUERY) {
      out.add(items.subList(i, Math.min(items.size(), i + TITLES_PER_QUERY)));
    }
    return out;
  }

  private static String afterNamespace(String title) {
    int colon = title.indexOf(':');
    return colon < 0 ? title : title.substring(colon + 1);
  }

  /** The JSON the client reads and writes with (the host's, lent to the plugin). */
  public PluginJson json() {
    return json;
  }

  // ------------------------------------------------------------------ envelope

  private Object fetch(ApiRequest request) {
    return transport.get(request);
  }

  /** The payload under {@code root}, or the classified failure. */
  Map<String, @Nullable Object> unwrap(Object data, String root, String context) {
    Map<String, @Nullable Object> doc = JsonTree.object(data);
    if (doc == null) {
      throw unexpected(context, data);
    }
    if (doc.containsKey("error")) {
      Object error = doc.get("error");
      Map<String, @Nullable Object> e = JsonTree.object(error);
      Object info = e != null && e.containsKey("info") ? e.get("info") : error;
      String detail = info instanceof String s ? s : json.write(info);
      // The wiki answered, and said there is no such page or revision (a revision of a deleted
      // page is answered nosuchrevid): a definite answer, not an outage to retry.
      if (e != null
          && ("missingtitle".equals(e.get("code")) || "nosuchrevid".equals(e.get("code")))) {
        throw new WikiException(ErrorCode.PAGE_NOT_FOUND, context + " API Error: " + detail);
      }
      throw new WikiException(ErrorCode.UPSTREAM_API_ERROR, context + " API Error: " + detail);
    }
    Map<String, @Nullable Object> payload = JsonTree.object(doc.get(root));
    if (payload == null) {
      throw unexpected(context, doc);
    }
    return payload;
  }

  private WikiException unexpected(String context, @Nullable Object payload) {
    String text = json.write(payload);
    if (text.length() > 2000) {
      text = text.substring(0, 2000) + "…";
    }
    return new WikiException(
        ErrorCode.UPSTREAM_API_ERROR, "Unexpected " + context + " response format: " + text);
  }
}
