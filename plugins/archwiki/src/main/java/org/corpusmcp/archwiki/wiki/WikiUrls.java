package org.corpusmcp.archwiki.wiki;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corpusmcp.archwiki.json.JsonTree;
import org.corpusmcp.archwiki.wikitext.PyText;
import org.jspecify.annotations.Nullable;

/**
 * Titles and URLs of one MediaWiki: its server, article path and script path, as the wiki's own
 * {@code siteinfo} states them. {@link #resolveTitle} turns a title or a pasted URL of this wiki
 * into the title to ask for; the {@code *Url} methods build the citations, and {@code
 * resolveTitle(pageUrl(t)) == t} for every real title.
 *
 * <p>{@link #ARCH} is the Arch wiki, the default; any other wiki is built by {@link #fromSiteinfo}
 * so that evidence never names a host the plugin did not talk to.
 */
public final class WikiUrls {

  /** wiki.archlinux.org: {@code /title/$1}, {@code /index.php}, {@code /api.php}. */
  public static final WikiUrls ARCH =
      new WikiUrls(
          "https://wiki.archlinux.org", "/title/$1", "/index.php", "/api.php", "Arch Wiki", true);

  private final String server;
  private final String articlePath;
  private final String script;
  private final String api;
  private final String siteName;
  private final boolean isArch;

  private WikiUrls(
      String server,
      String articlePath,
      String script,
      String api,
      String siteName,
      boolean isArch) {
    this.server = server;
    this.articlePath = articlePath;
    this.script = script;
    this.api = api;
    this.siteName = siteName;
    this.isArch = isArch;
  }

  /**
   * The wiki described by {@code siteinfo}'s {@code general} block: {@code server} (a
   * protocol-relative {@code //host} takes the scheme of {@code endpoint}, the URL the plugin talks
   * to), {@code articlepath} (with {@code $1}), {@code script} and {@code scriptpath}.
   *
   * @throws WikiException {@link ErrorCode#UPSTREAM_API_ERROR} when a field is missing or is not a
   *     usable URL part: without them no citation URL could be built honestly
   */
  public static WikiUrls fromSiteinfo(
      @Nullable Map<String, @Nullable Object> general, URI endpoint) {
    String server = general == null ? null : JsonTree.string(general.get("server"));
    String articlePath = general == null ? null : JsonTree.string(general.get("articlepath"));
    String script = general == null ? null : JsonTree.string(general.get("script"));
    String scriptPath = general == null ? null : JsonTree.string(general.get("scriptpath"));
    String siteName = general == null ? null : JsonTree.string(general.get("sitename"));
    if (server != null && server.startsWith("//")) {
      server = endpoint.getScheme() + ":" + server;
    }
    if (server == null
        || articlePath == null
        || script == null
        || scriptPath == null
        || !articlePath.contains("$1")
        || !articlePath.startsWith("/")
        || !script.startsWith("/")
        || !(server.startsWith("http://") || server.startsWith("https://"))) {
      throw new WikiException(
          ErrorCode.UPSTREAM_API_ERROR,
          "The wiki at "
              + endpoint
              + " did not state its server, articlepath, script and scriptpath in siteinfo"
              + " (meta=siteinfo&siprop=general); citation URLs cannot be built without them.");
    }
    if (server.endsWith("/")) {
      server = server.substring(0, server.length() - 1);
    }
    return new WikiUrls(
        server,
        articlePath,
        script,
        scriptPath + "/api.php",
        siteName == null || siteName.isEmpty() ? "wiki" : siteName,
        false);
  }

  /** {@code https://wiki.archlinux.org}: scheme and host (and port), no trailing slash. */
  public String server() {
    return server;
  }

  /** The API every citation check goes through: {@code https://wiki.archlinux.org/api.php}. */
  public String apiUrl() {
    return server + api;
  }

  /** {@code https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29[#anchor]}. */
  public String pageUrl(String title, @Nullable String anchor) {
    String url = server + articlePath.replace("$1", encode(title.replace(' ', '_')));
    return anchor == null || anchor.isEmpty() ? url : url + "#" + encode(anchor);
  }

  /** {@code https://wiki.archlinux.org/index.php?oldid=858930[#anchor]}: survives page moves. */
  public String revisionUrl(long revid, @Nullable String anchor) {
    String url = server + script + "?oldid=" + revid;
    return anchor == null || anchor.isEmpty() ? url : url + "#" + encode(anchor);
  }

  /**
   * The revision's wikitext through the API, which a script can fetch; {@code index.php?action=raw}
   * is answered by the Arch wiki with an HTTP-200 bot challenge.
   */
  public String revisionWikitextUrl(long revid) {
    return apiUrl() + "?action=parse&oldid=" + revid + "&prop=wikitext&format=json";
  }

  /**
   * Percent-encoding of UTF-8 bytes; {@code A–Z a–z 0–9 _ . - ~ : / #} kept, every other byte
   * {@code %XX} (uppercase). Not {@code URLEncoder}, which writes {@code +} for a space.
   */
  public static String encode(String s) {
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '_'
          || c == '.'
          || c == '-'
          || c == '~'
          || c == ':'
          || c == '/'
          || c == '#') {
        out.append((char) c);
      } else {
        out.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return out.toString();
  }

  /**
   * A plain title passes through trimmed and otherwise untouched ({@code 100%_CPU}, {@code C++},
   * {@code File:Grub.png}); a URL must be http(s) on this wiki's host and name exactly one title,
   * in its article path ({@code /title/…}) or {@code ?title=…}; anything else is {@link
   * ErrorCode#MALFORMED_WIKI_URL}, never a guess.
   */
  public String resolveTitle(String titleOrUrl) {
    String input = PyText.strip(titleOrUrl);
    ParsedUrl url = ParsedUrl.parse(input);
    boolean urlShaped =
        (url.netloc != null && !url.netloc.isEmpty())
            || url.scheme.equals("http")
            || url.scheme.equals("https")
            || input.contains("://");
    if (!urlShaped) {
      return input;
    }
    if (!url.scheme.equals("http") && !url.scheme.equals("https")) {
      throw malformed(
          "Unsupported URL scheme '"
              + (url.scheme.isEmpty() ? "(none)" : url.scheme)
              + "', expected http or https: "
              + input);
    }
    String host = url.hostname();
    String expected = ParsedUrl.parse(server).hostname();
    if (host == null || !host.equals(expected)) {
      throw malformed(
          "Not "
              + (isArch ? "an Arch Wiki URL" : "a URL of " + siteName)
              + " (host "
              + (host == null ? "None" : PyText.repr(host))
              + ", expected '"
              + expected
              + "'): "
              + input);
    }
    String title;
    String titlePath = articlePath.substring(0, articlePath.indexOf("$1"));
    if (!titlePath.contains("?") && url.path.startsWith(titlePath)) {
      title = percentDecode(url.path.substring(titlePath.length()));
    } else {
      List<String> titles = queryValues(url.query, "title", true);
      if (titles.size() != 1) {
        boolean oldid = !queryValues(url.query, "oldid", false).isEmpty();
        if (oldid) {
          throw malformed(
              "That is a revision URL, which names a revid and not a title. "
                  + "Pass the page title instead: "
                  + input);
        }
        throw malformed("URL names " + titles.size() + " titles, need exactly one: " + input);
      }
      title = titles.get(0);
    }
    title = PyText.strip(title.replace('_', ' '));
    if (title.isEmpty()) {
      throw malformed("URL names no title: " + input);
    }
    return title;
  }

  private static WikiException malformed(String message) {
    return new WikiException(ErrorCode.MALFORMED_WIKI_URL, message);
  }

  /** Python {@code parse_qs(query, keep_blank_values=keepBlank).get(name, [])}. */
  private static List<String> queryValues(String query, String name, boolean keepBlank) {
    List<String> values = new ArrayList<>();
    for (String field : query.split("[&;]", -1)) {
      if (field.isEmpty()) {
        continue;
      }
      int eq = field.indexOf('=');
      if (eq < 0) {
        if (keepBlank && percentDecode(field.replace('+', ' ')).equals(name)) {
          values.add("");
        }
        continue;
      }
      String key = percentDecode(field.substring(0, eq).replace('+', ' '));
      String value = percentDecode(field.substring(eq + 1).replace('+', ' '));
      if (key.equals(name) && (keepBlank || !value.isEmpty())) {
        values.add(value);
      }
    }
    return values;
  }

  /** Python {@code unquote}: %XX as UTF-8 (invalid sequences replaced), other text kept. */
  static String percentDecode(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '%'
          && i + 2 < s.length()
          && Character.digit(s.charAt(i + 1), 16) >= 0
          && Character.digit(s.charAt(i + 2), 16) >= 0) {
        bytes.write(
            Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16));
        i += 3;
        continue;
      }
      if (bytes.size() > 0) {
        out.append(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
        bytes.reset();
      }
      out.append(c);
      i++;
    }
    if (bytes.size() > 0) {
      out.append(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
    }
    return out.toString();
  }

  /** The parts of Python's {@code urlparse} this module needs. */
  private static final class ParsedUrl {
    String scheme = "";
    @Nullable String netloc;
    String path = "";
    String query = "";

    static ParsedUrl parse(String url) {
      ParsedUrl p = new ParsedUrl();
      String rest = url;
      int colon = rest.indexOf(':');
      if (colon > 0 && isScheme(rest.substring(0, colon))) {
        p.scheme = rest.substring(0, colon).toLowerCase(Locale.ROOT);
        rest = rest.substring(colon + 1);
      }
      if (rest.startsWith("//")) {
        int end = rest.length();
        for (int i = 2; i < rest.length(); i++) {
          char c = rest.charAt(i);
          if (c == '/' || c == '?' || c == '#') {
            end = i;
            break;
          }
        }
        p.netloc = rest.substring(2, end);
        rest = rest.substring(end);
      }
      int hash = rest.indexOf('#');
      if (hash >= 0) {
        rest = rest.substring(0, hash);
      }
      int q = rest.indexOf('?');
      if (q >= 0) {
        p.query = rest.substring(q + 1);
        rest = rest.substring(0, q);
      }
      p.path = rest;
      return p;
    }

    private static boolean isScheme(String s) {
      if (s.isEmpty() || !isAsciiLetter(s.charAt(0))) {
        return false;
      }
      for (int i = 1; i < s.length(); i++) {
        char c = s.charAt(i);
        if (!(isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) {
          return false;
        }
      }
      return true;
    }

    private static boolean isAsciiLetter(char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Lowercased host without userinfo and port, or null. */
    @Nullable String hostname() {
      if (netloc == null) {
        return null;
      }
      String host = netloc;
      int at = host.lastIndexOf('@');
      if (at >= 0) {
        host = host.substring(at + 1);
      }
      if (host.startsWith("[")) {
        int close = host.indexOf(']');
        host = close > 0 ? host.substring(1, close) : host.substring(1);
      } else {
        int colon = host.indexOf(':');
        if (colon >= 0) {
          host = host.substring(0, colon);
        }
      }
      return host.isEmpty() ? null : host.toLowerCase(Locale.ROOT);
    }
  }
}
