package org.corpusmcp.archwiki;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.ToolHints;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.archwiki.wiki.FixtureMissingException;
import org.corpusmcp.archwiki.wiki.HttpTransport;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.ReplayTransport;
import org.corpusmcp.archwiki.wiki.WikiException;
import org.corpusmcp.archwiki.wiki.WikiTransport;
import org.corpusmcp.archwiki.wiki.WikiUrls;
import org.jspecify.annotations.Nullable;
import org.pf4j.Extension;

/**
 * Registers the Arch wiki tools: search, page, sections, section, commands, warnings, links (the
 * seven tools of the Python server this plugin replaces) and verify, which re-fetches the cited
 * revision and checks a result against it, so an agent can prove a quote. The host adds the prefix
 * {@code archwiki_}.
 *
 * <p>Settings (the process environment, so server and CLI behave alike): {@code ARCHWIKI_OFFLINE}
 * non-empty replays recorded responses from {@code ARCHWIKI_FIXTURES} (default {@code
 * tests/fixtures}, as the reference) and makes no network call at all; {@code ARCHWIKI_API_URL}
 * points the tools at another MediaWiki (see {@link #newClient}); {@code
 * ARCHWIKI_FOLLOW_REDIRECTS=0} restores the reference's behaviour of not following page redirects.
 */
@Extension
public final class ArchWikiToolProvider implements ToolProvider {

  static final String TITLE =
      """
      "title_or_url":{"type":"string","minLength":1,"pattern":"\\\\S","description":"Page title or URL"}""";
  private static final String OPTIONAL_ANCHOR =
      """
      "anchor":{"type":"string","minLength":1,"pattern":"\\\\S","description":"Optional section anchor"}""";

  @Override
  public String defaultToolPrefix() {
    return "archwiki_";
  }

  @Override
  public List<ToolSpec> tools(PluginContext context) {
    return tools(newClient(context.json(), context.settings()));
  }

  /** The tool list over a given client (tests pass one with a replay or fake transport). */
  public static List<ToolSpec> tools(MediaWikiClient client) {
    ArchWiki wiki = new ArchWiki(client);
    Verifier verifier = new Verifier(client);
    List<ToolSpec> specs = new ArrayList<>();
    specs.add(
        ToolSpec.builder("search")
            .title("Search the Arch wiki")
            .description(
                "The exact-title match first (match: \"title\"), then the wiki's full-text"
                    + " hits in the wiki's own order (match: \"text\"), unranked by us. Results are"
                    + " POINTERS, not evidence: no revid, no hash, and the snippet must not be quoted as"
                    + " fact. To cite anything, call section, commands or warnings on a title. [] means"
                    + " the wiki's search found nothing.")
            .inputSchema(
                object(
                    "\"query\":{\"type\":\"string\",\"minLength\":1,\"pattern\":\"\\\\S\","
                        + "\"description\":\"Search query\"},"
                        + "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":50,\"default\":10,"
                        + "\"description\":\"Max results (default 10)\"}",
                    "\"query\""))
            .outputSchema(OutputSchemas.SEARCH)
            .hints(ToolHints.remoteLookup())
            .handler(
                args -> run(() -> wiki.search(args.string("query"), args.integer("limit", 10))))
            .build());
    specs.add(
        ToolSpec.builder("page")
            .title("Arch wiki page")
            .description(
                "The whole page: title, pageid, revid, canonical url, revision_url (pinned"
                    + " ?oldid=), revision_wikitext_url, the full wikitext, wikitext_hash (SHA-256 of the"
                    + " NFC wikitext; page-wide, not a fragment's hash) and the section list. Accepts a"
                    + " title or a wiki.archlinux.org URL.")
            .inputSchema(object(TITLE, "\"title_or_url\""))
            .outputSchema(OutputSchemas.PAGE)
            .hints(ToolHints.remoteLookup())
            .handler(args -> run(() -> wiki.page(args.string("title_or_url"))))
            .build());
    specs.add(
        ToolSpec.builder("sections")
            .title("Arch wiki sections")
            .description(
                "Headings with their anchors, levels and offsets, in page order. A POINTER:"
                    + " no revid, no hash. Pass an anchor exactly as listed to section, commands,"
                    + " warnings or links.")
            .inputSchema(object(TITLE, "\"title_or_url\""))
            .outputSchema(OutputSchemas.SECTIONS)
            .hints(ToolHints.remoteLookup())
            .handler(args -> run(() -> wiki.sections(args.string("title_or_url"))))
            .build());
    specs.add(
        ToolSpec.builder("section")
            .title("Arch wiki section")
            .description(
                "One section (up to the next heading of any level). content is rendered"
                    + " for quoting (markdown headings, fenced code, **Note:** prose, lists as '1.'/'-',"
                    + " unknown templates kept raw); content_raw is the verbatim wikitext slice."
                    + " content_hash covers content_raw (checkable against revision_wikitext_url);"
                    + " content_hash_cleaned covers content. Quote this when commands returns []."
                    + " Fails with section_not_found for an anchor not spelled exactly as sections lists.")
            .inputSchema(
                object(
                    TITLE
                        + ",\"anchor\":{\"type\":\"string\",\"minLength\":1,"
                        + "\"pattern\":\"\\\\S\",\"description\":\"Section anchor\"}",
                    "\"title_or_url\",\"anchor\""))
            .outputSchema(OutputSchemas.SECTION)
            .hints(ToolHints.remoteLookup())
            .handler(
                args -> run(() -> wiki.section(args.string("title_or_url"), args.string("anchor"))))
            .build());
    specs.add(
        ToolSpec.builder("commands")
            .title("Arch wiki commands")
            .description(
                "Block-level code only ({{bc}}, {{hc}}, <pre>, space-indented blocks) of a"
                    + " page or section, each with content (runnable once the <placeholders> are"
                    + " substituted), content_raw, content_hash (over content_raw), content_hash_cleaned"
                    + " (over content), header (hc file path), placeholders and revision provenance."
                    + " indented_block content_raw has one marker space removed per line: restore it"
                    + " before checking. [] means the wiki gives no command there; a missing page or"
                    + " anchor is an error, never []. Nothing is inferred from prose.")
            .inputSchema(object(TITLE + "," + OPTIONAL_ANCHOR, "\"title_or_url\""))
            .outputSchema(OutputSchemas.COMMANDS)
            .hints(ToolHints.remoteLookup())
            .handler(
                args ->
                    run(
                        () ->
                            wiki.commands(
                                args.string("title_or_url"), args.optionalString("anchor"))))
            .build());
    specs.add(
        ToolSpec.builder("warnings")
            .title("Arch wiki warnings")
            .description(
                "Every {{Warning}}, {{Note}}, {{Tip}}, {{Caution}} of a page or section,"
                    + " including translated ones ({{Note (Español)}}, and redirects such as"
                    + " {{Attention}} resolved against the wiki). message is prose to quote, message_raw"
                    + " the verbatim body; content_hash covers message_raw, message_hash_cleaned covers"
                    + " message. A type learned from a redirect carries alias, alias_target and"
                    + " alias_revid (the redirect page's own revision). Raises rather than returning an"
                    + " incomplete list; [] means the wiki warns of nothing there.")
            .inputSchema(object(TITLE + "," + OPTIONAL_ANCHOR, "\"title_or_url\""))
            .outputSchema(OutputSchemas.WARNINGS)
            .hints(ToolHints.remoteLookup())
            .handler(
                args ->
                    run(
                        () ->
                            wiki.warnings(
                                args.string("title_or_url"), args.optionalString("anchor"))))
            .build());
    specs.add(
        ToolSpec.builder("links")
            .title("Arch wiki links")
            .description(
                "Internal wiki links of a page or section (namespace and interwiki links"
                    + " left out), duplicates kept, in page order. Revision-attributed but not hashed: a"
                    + " link is a target, not a quotation.")
            .inputSchema(object(TITLE + "," + OPTIONAL_ANCHOR, "\"title_or_url\""))
            .outputSchema(OutputSchemas.LINKS)
            .hints(ToolHints.remoteLookup())
            .handler(
                args ->
                    run(
                        () ->
                            wiki.links(args.string("title_or_url"), args.optionalString("anchor"))))
            .build());
    specs.add(
        ToolSpec.builder("verify")
            .title("Verify an Arch wiki citation")
            .description(
                "Given the JSON of an earlier page, section, commands or warnings result,"
                    + " fetch each cited revision's wikitext (via the API behind revision_wikitext_url)"
                    + " and recompute every hash: content_raw must hash to content_hash and occur in"
                    + " the revision, content must hash to content_hash_cleaned and re-render from"
                    + " content_raw, alias_revid must be a redirect to alias_target. Succeeds with"
                    + " verdict 'verified'; any mismatch is an evidence_mismatch error listing it.")
            .inputSchema(
                object(
                    "\"result\":{\"type\":\"string\",\"minLength\":1,"
                        + "\"pattern\":\"\\\\S\",\"description\":\"The JSON text of a previous tool result\"}",
                    "\"result\""))
            .outputSchema(OutputSchemas.VERIFY)
            .hints(ToolHints.remoteLookup())
            .handler(args -> verifyResult(verifier, args.string("result")))
            .build());
    return List.copyOf(specs);
  }

  private static String object(String properties, String required) {
    return "{\"type\":\"object\",\"properties\":{"
        + properties
        + "},\"required\":["
        + required
        + "],\"additionalProperties\":false}";
  }

  static ToolResult run(Supplier<Map<String, @Nullable Object>> call) {
    try {
      return ToolResult.success(call.get());
    } catch (WikiException e) {
      return ToolResult.error(e.code().code(), e.getMessage());
    } catch (FixtureMissingException e) {
      // The operator's offline setup, not a bug: the message names the setting and the next step,
      // and is all anyone needs (no stack trace, no log line: the client shows it).
      return ToolResult.error(e.code().code(), e.getMessage());
    }
  }

  private static ToolResult verifyResult(Verifier verifier, String json) {
    ToolResult result = run(() -> verifier.verify(json));
    if (result instanceof ToolResult.Success s && "mismatch".equals(s.body().get("verdict"))) {
      StringBuilder message = new StringBuilder("Citation does not verify:");
      for (Object item : (List<?>) s.body().getOrDefault("items", List.of())) {
        if (item instanceof Map<?, ?> m && !Boolean.TRUE.equals(m.get("ok"))) {
          message
              .append(" [")
              .append(m.get("kind"))
              .append(' ')
              .append(m.get("index"))
              .append(", revid ")
              .append(m.get("revid"))
              .append("] ")
              .append(String.join("; ", castStrings(m.get("problems"))))
              .append('.');
        }
      }
      return ToolResult.error("evidence_mismatch", message.toString(), s.body());
    }
    return result;
  }

  private static List<String> castStrings(@Nullable Object o) {
    List<String> out = new ArrayList<>();
    if (o instanceof List<?> l) {
      for (Object x : l) {
        out.add(String.valueOf(x));
      }
    }
    return out;
  }

  /**
   * The client the settings ask for: replay when {@code ARCHWIKI_OFFLINE} is set, else HTTP to
   * {@code ARCHWIKI_API_URL} (default the Arch wiki's {@code api.php}) with a whole-request timeout
   * of {@code ARCHWIKI_TIMEOUT} seconds (default 30). With {@code ARCHWIKI_API_URL} set, online or
   * offline, the wiki's URLs come from its siteinfo; without it they are the Arch wiki's.
   *
   * @throws IllegalArgumentException for an API URL or timeout that cannot be used, so the host
   *     refuses to start and names the setting
   */
  public static MediaWikiClient newClient(PluginJson json, Map<String, String> settings) {
    String offline = settings.get("ARCHWIKI_OFFLINE");
    if (offline != null && !offline.isEmpty()) {
      String dir = settings.get("ARCHWIKI_FIXTURES");
      boolean defaulted = dir == null || dir.isEmpty();
      return clientOver(
          json, new ReplayTransport(fixturesDirectory(settings), defaulted, json), settings);
    }
    return clientOver(json, liveTransport(json, settings), settings);
  }

  /** {@code ARCHWIKI_FIXTURES}, default {@code tests/fixtures} as the reference. */
  static Path fixturesDirectory(Map<String, String> settings) {
    String dir = settings.get("ARCHWIKI_FIXTURES");
    return Path.of(dir == null || dir.isEmpty() ? "tests/fixtures" : dir);
  }

  /** HTTP to the configured wiki, whatever {@code ARCHWIKI_OFFLINE} says. */
  static WikiTransport liveTransport(PluginJson json, Map<String, String> settings) {
    URI api = apiUrl(settings.get("ARCHWIKI_API_URL"));
    return new HttpTransport(
        json,
        api == null ? URI.create(WikiUrls.ARCH.apiUrl()) : api,
        HttpTransport.userAgent(version()),
        timeout(settings.get("ARCHWIKI_TIMEOUT")));
  }

  /** The tools' client over {@code transport}: the configured wiki's URLs and redirect setting. */
  static MediaWikiClient clientOver(
      PluginJson json, WikiTransport transport, Map<String, String> settings) {
    URI api = apiUrl(settings.get("ARCHWIKI_API_URL"));
    boolean follow = !"0".equals(settings.get("ARCHWIKI_FOLLOW_REDIRECTS"));
    return api == null
        ? new MediaWikiClient(json, transport, follow)
        : new MediaWikiClient(json, transport, follow, api);
  }

  private static @Nullable URI apiUrl(@Nullable String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    URI uri;
    try {
      uri = new URI(value.trim());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "ARCHWIKI_API_URL is not a URL ("
              + e.getReason().toLowerCase(Locale.ROOT)
              + " at character "
              + (e.getIndex() + 1)
              + "), got '"
              + value
              + "'");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https"))
        || uri.getHost() == null
        || uri.getRawQuery() != null
        || uri.getRawFragment() != null) {
      throw new IllegalArgumentException(
          "ARCHWIKI_API_URL must be the http(s) URL of a wiki's"
              + " api.php, without query or fragment (e.g. https://wiki.archlinux.org/api.php), got '"
              + value
              + "'");
    }
    return uri;
  }

  private static Duration timeout(@Nullable String value) {
    if (value == null || value.isBlank()) {
      return HttpTransport.REQUEST_TIMEOUT;
    }
    try {
      double seconds = Double.parseDouble(value.trim());
      if (seconds > 0 && seconds <= 3600) {
        return Duration.ofMillis(Math.round(seconds * 1000));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "ARCHWIKI_TIMEOUT must be a number of seconds in (0, 3600]," + " got '" + value + "'");
  }

  /** {@code plugin.version} from the descriptor packaged with these classes. */
  static String version() {
    try (InputStream in = ArchWikiToolProvider.class.getResourceAsStream("/plugin.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        if ("archwiki".equals(p.getProperty("plugin.id"))) {
          return p.getProperty("plugin.version", "0.1.0");
        }
      }
    } catch (IOException ignored) {
      // fall through to the release this code was written for
    }
    return "0.1.0";
  }
}
