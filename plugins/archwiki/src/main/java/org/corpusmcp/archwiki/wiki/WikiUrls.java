package org.corpusmcp.archwiki.wiki;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.corpusmcp.archwiki.wikitext.PyText;
import org.jspecify.annotations.Nullable;

/**
 * Titles and URLs of the Arch wiki (contract §A.1, §B.1). {@link #resolveTitle} turns a title or a
 * pasted wiki URL into the title to ask for; the {@code *Url} methods build the citations, and
 * {@code resolveTitle(pageUrl(t)) == t} for every real title.
 */
public final class WikiUrls {

  public static final String HOST = "wiki.archlinux.org";
  public static final String BASE = "https://" + HOST;
  public static final String API = BASE + "/api.php";
  private static final String TITLE_PATH = "/title/";

  private WikiUrls() {}

  /** {@code https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29[#anchor]}. */
  public static String pageUrl(String title, @Nullable String anchor) {
    String url = BASE + TITLE_PATH + encode(title.replace(' ', '_'));
    return anchor == null || anchor.isEmpty() ? url : url + "#" + encode(anchor);
  }

  /** {@code https://wiki.archlinux.org/index.php?oldid=858930[#anchor]}: survives page moves. */
  public static String revisionUrl(long revid, @Nullable String anchor) {
    String url = BASE + "/index.php?oldid=" + revid;
    return anchor == null || anchor.isEmpty() ? url : url + "#" + encode(anchor);
  }

  /**
   * The revision's wikitext through the API, which a script can fetch; {@code index.php?action=raw}
   * is answered with an HTTP-200 bot challenge.
   */
  public static String revisionWikitextUrl(long revid) {
    return API + "?action=parse&oldid=" + revid + "&prop=wikitext&format=json";
  }

  /**
   * Percent-encoding of §B.1: UTF-8 bytes; {@code A–Z a–z 0–9 _ . - ~ : / #} kept, every other
   * byte {@code %XX} (uppercase). Not {@code URLEncoder}, which writes {@code +} for a space.
   */
  public static String encode(String s) {
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
          || c == '_' || c == '.' || c == '-' || c == '~' || c == ':' || c == '/' || c == '#') {
        out.append((char) c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return out.toString();
  }

  /**
   * §A.1: a plain title passes through trimmed and otherwise untouched ({@code 100%_CPU},
   * {@code C++}, {@code File:Grub.png}); a URL must be http(s) on {@code wiki.archlinux.org} and
   * name exactly one title, in {@code /title/…} or {@code ?title=…}; anything else is
   * {@link ErrorCode#MALFORMED_WIKI_URL}, never a guess.
   */
  public static String resolveTitle(String titleOrUrl) {
    String input = PyText.strip(titleOrUrl);
    ParsedUrl url = ParsedUrl.parse(input);
    boolean urlShaped = url.netloc != null && !url.netloc.isEmpty()
        || url.scheme.equals("http") || url.scheme.equals("https") || input.contains("://");
    if (!urlShaped) {
      return input;
    }
    if (!url.scheme.equals("http") && !url.scheme.equals("https")) {
      throw malformed("Unsupported URL scheme '" + (url.scheme.isEmpty() ? "(none)" : url.scheme)
          + "', expected http or https: " + input);
    }
    String host = url.hostname();
    if (!HOST.equals(host)) {
      throw malformed("Not an Arch Wiki URL (host " + (host == null ? "None" : PyText.repr(host))
          + ", expected '" + HOST + "'): " + input);
    }
    String title;
    if (url.path.startsWith(TITLE_PATH)) {
      title = percentDecode(url.path.substring(TITLE_PATH.length()));
    } else {
      List<String> titles = queryValues(url.query, "title", true);
      if (titles.size() != 1) {
        boolean oldid = !queryValues(url.query, "oldid", false).isEmpty();
        if (oldid) {
          throw malformed("That is a revision URL, which names a revid and not a title. "
              + "Pass the page title instead: " + input);
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
      if (c == '%' && i + 2 < s.length()
          && Character.digit(s.charAt(i + 1), 16) >= 0 && Character.digit(s.charAt(i + 2), 16) >= 0) {
        bytes.write(Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16));
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
