package org.corpusmcp.archwiki.wiki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a title or wiki URL is resolved before any network call, and the URL forms every tool returns
 * (page, revision and section URLs).
 */
class WikiUrlsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GRUB",
        "100%_CPU",
        "C++",
        "File:Grub.png",
        "Template:Warning (Français)",
        "data:text/plain,GRUB",
        "mailto:x@example.com",
        "installation_guide"
      })
  void plainTitlesPassThroughUntouched(String title) {
    assertEquals(title, WikiUrls.ARCH.resolveTitle("  " + title + "\u00a0"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "https://wiki.archlinux.org/title/GRUB|GRUB",
        "HTTPS://Wiki.ArchLinux.org:443/title/GRUB#Installation|GRUB",
        "https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29|Installation guide (Français)",
        "https://wiki.archlinux.org/title/C++|C++",
        "https://wiki.archlinux.org/title/100%25_CPU|100% CPU",
        "https://wiki.archlinux.org/index.php?title=Installation+guide&action=edit|Installation guide",
        "https://wiki.archlinux.org/index.php?title=Xorg/Guide|Xorg/Guide"
      })
  void urlsResolveToTitles(String url, String title) {
    assertEquals(title, WikiUrls.ARCH.resolveTitle(url));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ftp://wiki.archlinux.org/title/GRUB|Unsupported URL scheme 'ftp', expected http or https: ftp://wiki.archlinux.org/title/GRUB",
        "//wiki.archlinux.org/title/GRUB|Unsupported URL scheme '(none)', expected http or https: //wiki.archlinux.org/title/GRUB",
        "https://evil.example/title/GRUB|Not an Arch Wiki URL (host 'evil.example', expected 'wiki.archlinux.org'): https://evil.example/title/GRUB",
        "https://wiki.archlinux.org.evil.example/title/GRUB|Not an Arch Wiki URL (host 'wiki.archlinux.org.evil.example', expected 'wiki.archlinux.org'): https://wiki.archlinux.org.evil.example/title/GRUB",
        "https:wiki.archlinux.org/title/GRUB|Not an Arch Wiki URL (host None, expected 'wiki.archlinux.org'): https:wiki.archlinux.org/title/GRUB",
        "https://wiki.archlinux.org/index.php?oldid=858930|That is a revision URL, which names a revid and not a title. Pass the page title instead: https://wiki.archlinux.org/index.php?oldid=858930",
        "https://wiki.archlinux.org/index.php?title=A&title=B|URL names 2 titles, need exactly one: https://wiki.archlinux.org/index.php?title=A&title=B",
        "https://wiki.archlinux.org/title/_|URL names no title: https://wiki.archlinux.org/title/_"
      })
  void malformedUrlsAreRefused(String url, String message) {
    WikiException e = assertThrows(WikiException.class, () -> WikiUrls.ARCH.resolveTitle(url));
    assertEquals(ErrorCode.MALFORMED_WIKI_URL, e.code());
    assertEquals(message, e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GRUB",
        "Installation guide",
        "Installation guide (Français)",
        "C++",
        "100% CPU",
        "DeveloperWiki:Something",
        "Xorg/Guide",
        "Iwd (简体中文)"
      })
  void pageUrlIsTheInverseOfResolve(String title) {
    assertEquals(title, WikiUrls.ARCH.resolveTitle(WikiUrls.ARCH.pageUrl(title, null)));
    assertEquals(title, WikiUrls.ARCH.resolveTitle(WikiUrls.ARCH.pageUrl(title, "Some anchor")));
  }

  @Test
  void percentEncodingIsTheContracts() {
    assertEquals(
        "https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29",
        WikiUrls.ARCH.pageUrl("Installation guide (Français)", null));
    assertEquals(
        "%20%28%29%2B%27%22%25%3C%2C%C2%AB%E2%89%A5:/#_.-~aZ9",
        WikiUrls.encode(" ()+'\"%<,«≥:/#_.-~aZ9"));
    assertEquals(
        "https://wiki.archlinux.org/index.php?oldid=1#A%20b", WikiUrls.ARCH.revisionUrl(1, "A b"));
  }

  @Test
  void fixtureNamesKeepUnicodeLettersAndDigits() {
    assertEquals(
        "parse_Installation_guide__Français_.json",
        new ApiRequest(java.util.Map.of("action", "parse"), "Installation guide (Français)")
            .fixtureFileName());
    assertEquals(
        "query_nearmatch_Iwd__简体中文_.json",
        new ApiRequest(java.util.Map.of("action", "query"), "nearmatch_Iwd (简体中文)")
            .fixtureFileName());
    assertEquals(
        "query_C__.json",
        new ApiRequest(java.util.Map.of("action", "query"), "C++").fixtureFileName());
  }

  /** The general block Debian's MediaWiki 1.39 answers when installed at the server root. */
  private static final WikiUrls LOCAL =
      WikiUrls.fromSiteinfo(
          java.util.Map.of(
              "server",
              "http://127.0.0.1:8391",
              "articlepath",
              "/index.php/$1",
              "script",
              "/index.php",
              "scriptpath",
              "",
              "sitename",
              "Local Test Wiki"),
          java.net.URI.create("http://127.0.0.1:8391/api.php"));

  @Test
  void anotherWikisUrlsAreBuiltFromItsOwnPaths() {
    assertEquals(
        "http://127.0.0.1:8391/index.php/Installation_guide_%28Fran%C3%A7ais%29#Pr%C3%A9paration",
        LOCAL.pageUrl("Installation guide (Français)", "Préparation"));
    assertEquals("http://127.0.0.1:8391/index.php?oldid=7", LOCAL.revisionUrl(7, null));
    assertEquals(
        "http://127.0.0.1:8391/api.php?action=parse&oldid=7&prop=wikitext&format=json",
        LOCAL.revisionWikitextUrl(7));
  }

  @ParameterizedTest
  @ValueSource(strings = {"GRUB", "Installation guide (Français)", "C++", "100% CPU", "Iwd (简体中文)"})
  void anotherWikisPageUrlsResolveBackToTheirTitles(String title) {
    assertEquals(title, LOCAL.resolveTitle(LOCAL.pageUrl(title, "x")));
    assertEquals(
        title,
        LOCAL.resolveTitle(
            "http://127.0.0.1:8391/index.php?title=" + WikiUrls.encode(title.replace(' ', '_'))));
  }

  @Test
  void anotherWikiRefusesTheArchWikisUrlsAndTheArchWikiRefusesItsUrls() {
    WikiException e =
        assertThrows(
            WikiException.class, () -> LOCAL.resolveTitle("https://wiki.archlinux.org/title/GRUB"));
    assertEquals(ErrorCode.MALFORMED_WIKI_URL, e.code());
    assertEquals(
        "Not a URL of Local Test Wiki (host 'wiki.archlinux.org', expected '127.0.0.1'):"
            + " https://wiki.archlinux.org/title/GRUB",
        e.getMessage());
    assertThrows(
        WikiException.class,
        () -> WikiUrls.ARCH.resolveTitle("http://127.0.0.1:8391/index.php/GRUB"));
  }

  @Test
  void aProtocolRelativeServerTakesTheEndpointsScheme() {
    WikiUrls site =
        WikiUrls.fromSiteinfo(
            java.util.Map.of(
                "server",
                "//wiki.example.org",
                "articlepath",
                "/wiki/$1",
                "script",
                "/w/index.php",
                "scriptpath",
                "/w"),
            java.net.URI.create("https://wiki.example.org/w/api.php"));
    assertEquals("https://wiki.example.org/wiki/GRUB", site.pageUrl("GRUB", null));
    assertEquals(
        "https://wiki.example.org/w/api.php?action=parse&oldid=1&prop=wikitext&format=json",
        site.revisionWikitextUrl(1));
  }

  @Test
  void aSiteinfoWithoutPathsIsRefusedRatherThanGuessed() {
    WikiException e =
        assertThrows(
            WikiException.class,
            () ->
                WikiUrls.fromSiteinfo(
                    java.util.Map.of("server", "http://127.0.0.1:1"),
                    java.net.URI.create("http://127.0.0.1:1/api.php")));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertThrows(
        WikiException.class,
        () -> WikiUrls.fromSiteinfo(null, java.net.URI.create("http://127.0.0.1:1/api.php")));
  }
}
