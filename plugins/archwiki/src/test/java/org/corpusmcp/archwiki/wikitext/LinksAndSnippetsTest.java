package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Link extraction and search-snippet cleaning on hand-written text. */
class LinksAndSnippetsTest {

  private static final Set<String> EXCLUDED = Set.of("category", "de", "file");

  @Test
  void linkRules() {
    List<Links.Link> links =
        Links.extract(
            "[[GRUB#Installation|install it]] [[#Local]] [[:Category:X]]"
                + " [[de:GRUB]] [[File:a.png|thumb|cap]] [[/EFI examples]] [[#X|[options]]] [[GRUB]]"
                + " <nowiki>[[Hidden]]</nowiki> [[ Foo | bar | baz ]] [[man:x]]",
            "Page",
            EXCLUDED);
    assertEquals(
        List.of(
            new Links.Link("GRUB", "install it", "Installation"),
            new Links.Link("Page", null, "Local"),
            new Links.Link("/EFI examples", null, null),
            new Links.Link("GRUB", null, null),
            new Links.Link("Foo", "bar", null),
            new Links.Link("man:x", null, null)),
        links);
  }

  @Test
  void snippetRules() {
    assertEquals("de:GRUB", SearchSnippets.clean("[[de:<span class=\"searchmatch\">GRUB</span>]]"));
    assertEquals("pacman and iwd", SearchSnippets.clean("{{ic|pacman}} and ''iwd''"));
    assertEquals("<pre>code</pre>", SearchSnippets.clean("&lt;pre&gt;code&lt;/pre&gt;"));
    assertEquals("one two", SearchSnippets.clean("one\ntwo\n"));
    assertEquals("a:C++|C++]]. Zosta", SearchSnippets.clean("a:C++|C++]]. Zosta"));
    assertEquals("{{Note|unclosed", SearchSnippets.clean("{{Note|unclosed"));
  }

  @Test
  void htmlUnescapeIsPythons() {
    assertEquals(
        "< > & \" ' \u00a0 \u20ac",
        HtmlEntities.unescape("&lt; &gt; &amp; &quot; &#39; &nbsp; &euro;"));
    assertEquals("\u00e9", HtmlEntities.unescape("&eacute;"));
    assertEquals("\u00a9x", HtmlEntities.unescape("&copyx"), "legacy name without ';'");
    assertEquals("&nosuch;", HtmlEntities.unescape("&nosuch;"));
    assertEquals("\u20ac\uFFFD\uFFFD", HtmlEntities.unescape("&#128;&#0;&#xD800;"));
    assertEquals("\u2233", HtmlEntities.unescape("&CounterClockwiseContourIntegral;"));
  }
}
