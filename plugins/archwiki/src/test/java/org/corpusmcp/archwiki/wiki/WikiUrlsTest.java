package org.corpusmcp.archwiki.wiki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** §A.1 and §B.1. */
class WikiUrlsTest {

  @ParameterizedTest
  @ValueSource(strings = {"GRUB", "100%_CPU", "C++", "File:Grub.png", "Template:Warning (Français)",
      "data:text/plain,GRUB", "mailto:x@example.com", "installation_guide"})
  void plainTitlesPassThroughUntouched(String title) {
    assertEquals(title, WikiUrls.resolveTitle("  " + title + "\u00a0"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "https://wiki.archlinux.org/title/GRUB|GRUB",
      "HTTPS://Wiki.ArchLinux.org:443/title/GRUB#Installation|GRUB",
      "https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29|Installation guide (Français)",
      "https://wiki.archlinux.org/title/C++|C++",
      "https://wiki.archlinux.org/title/100%25_CPU|100% CPU",
      "https://wiki.archlinux.org/index.php?title=Installation+guide&action=edit|Installation guide",
      "https://wiki.archlinux.org/index.php?title=Xorg/Guide|Xorg/Guide"})
  void urlsResolveToTitles(String url, String title) {
    assertEquals(title, WikiUrls.resolveTitle(url));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ftp://wiki.archlinux.org/title/GRUB|Unsupported URL scheme 'ftp', expected http or https: ftp://wiki.archlinux.org/title/GRUB",
      "//wiki.archlinux.org/title/GRUB|Unsupported URL scheme '(none)', expected http or https: //wiki.archlinux.org/title/GRUB",
      "https://evil.example/title/GRUB|Not an Arch Wiki URL (host 'evil.example', expected 'wiki.archlinux.org'): https://evil.example/title/GRUB",
      "https://wiki.archlinux.org.evil.example/title/GRUB|Not an Arch Wiki URL (host 'wiki.archlinux.org.evil.example', expected 'wiki.archlinux.org'): https://wiki.archlinux.org.evil.example/title/GRUB",
      "https:wiki.archlinux.org/title/GRUB|Not an Arch Wiki URL (host None, expected 'wiki.archlinux.org'): https:wiki.archlinux.org/title/GRUB",
      "https://wiki.archlinux.org/index.php?oldid=858930|That is a revision URL, which names a revid and not a title. Pass the page title instead: https://wiki.archlinux.org/index.php?oldid=858930",
      "https://wiki.archlinux.org/index.php?title=A&title=B|URL names 2 titles, need exactly one: https://wiki.archlinux.org/index.php?title=A&title=B",
      "https://wiki.archlinux.org/title/_|URL names no title: https://wiki.archlinux.org/title/_"})
  void malformedUrlsAreRefused(String url, String message) {
    WikiException e = assertThrows(WikiException.class, () -> WikiUrls.resolveTitle(url));
    assertEquals(ErrorCode.MALFORMED_WIKI_URL, e.code());
    assertEquals(message, e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"GRUB", "Installation guide", "Installation guide (Français)", "C++",
      "100% CPU", "DeveloperWiki:Something", "Xorg/Guide", "Iwd (简体中文)"})
  void pageUrlIsTheInverseOfResolve(String title) {
    assertEquals(title, WikiUrls.resolveTitle(WikiUrls.pageUrl(title, null)));
    assertEquals(title, WikiUrls.resolveTitle(WikiUrls.pageUrl(title, "Some anchor")));
  }

  @Test
  void percentEncodingIsTheContracts() {
    assertEquals("https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29",
        WikiUrls.pageUrl("Installation guide (Français)", null));
    assertEquals("%20%28%29%2B%27%22%25%3C%2C%C2%AB%E2%89%A5:/#_.-~aZ9",
        WikiUrls.encode(" ()+'\"%<,«≥:/#_.-~aZ9"));
    assertEquals("https://wiki.archlinux.org/index.php?oldid=1#A%20b", WikiUrls.revisionUrl(1, "A b"));
  }

  @Test
  void fixtureNamesKeepUnicodeLettersAndDigits() {
    assertEquals("parse_Installation_guide__Français_.json",
        new ApiRequest(java.util.Map.of("action", "parse"), "Installation guide (Français)").fixtureFileName());
    assertEquals("query_nearmatch_Iwd__简体中文_.json",
        new ApiRequest(java.util.Map.of("action", "query"), "nearmatch_Iwd (简体中文)").fixtureFileName());
    assertEquals("query_C__.json", new ApiRequest(java.util.Map.of("action", "query"), "C++").fixtureFileName());
  }
}
