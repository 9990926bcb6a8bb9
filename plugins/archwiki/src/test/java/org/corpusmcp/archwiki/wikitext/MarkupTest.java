package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The strip pass, links, list markers and the two cleaners on hand-written wikitext. */
class MarkupTest {

  @Test
  void codeCleanerMarksPlaceholdersAndResolvesInlineTemplates() {
    Markup.Code c = Markup.cleanCode("# mount ''device'' '''--verbose'''");
    assertEquals("# mount <device> --verbose", c.text());
    assertEquals(List.of("device"), c.placeholders());
    assertEquals("pacman -S x=y", Markup.cleanCode("{{ic|pacman}} -S x{{=}}y").text());
    assertEquals("a | b", Markup.cleanCode("<nowiki>\na | b\n</nowiki>").text());
    assertEquals(
        "<!-- keep me -->\nbody",
        Markup.cleanCode("<nowiki><!-- keep me -->\nbody\n</nowiki>").text());
    assertEquals(
        List.of("src", "dst"), Markup.cleanCode("cp ''src'' ''dst'' ''src''").placeholders());
    Markup.Code literal = Markup.cleanCode("run <nowiki>''x''</nowiki> ''real''");
    assertEquals(List.of("real"), literal.placeholders());
    assertEquals("run ''x'' <real>", literal.text());
    assertEquals("[[ -f x ]] && echo", Markup.cleanCode("[[ -f x ]] && echo").text());
    assertEquals("a<nowiki/>b", Markup.cleanCode("a<nowiki/>b").text());
    assertEquals("ab", Markup.cleanCode("a<!-- c\nd -->b").text());
  }

  @Test
  void inlineTemplatesResolveRecursivelyAndUnknownOnesStay() {
    assertEquals("ip-link(8)", Markup.strip("{{man|8|ip-link}}", false).text());
    assertEquals("x", Markup.strip("{{man|x}}", false).text());
    assertEquals("", Markup.strip("{{ic|}}", false).text());
    assertEquals(
        "pacman -Ql x | grep bin",
        Markup.strip("{{ic|pacman -Ql x {{!}} grep bin}}", false).text());
    assertEquals(
        "{{App|impala|A TUI.|https://x|impala}}",
        Markup.strip("{{App|impala|A TUI.|https://x|{{Pkg|impala}}}}", false).text());
    assertEquals("see {{Nowrap|a b}}", Markup.cleanMessage("see {{Nowrap|''a'' {{ic|b}}}}"));
    assertEquals("{{ic|text}}", Markup.cleanMessage("{{ic|<nowiki>{{ic|text}}</nowiki>}}"));
  }

  @Test
  void manWithThreeParametersRendersPageAndSection() {
    // {{man|section|page|anchor}} names page and section; the reference produced
    // "systemd.unit|UNIT FILE LOAD PATH(5)", leaking the anchor parameter into the text.
    assertEquals(
        "systemd.unit(5)",
        Markup.strip("{{man|5|systemd.unit|UNIT FILE LOAD PATH}}", false).text());
    assertEquals(
        "systemd.unit(5)",
        Markup.strip("{{man|5|systemd.unit|UNIT FILE LOAD PATH|url=https://x}}", false).text());
  }

  @Test
  void linksRenderAsTheirWords() {
    assertEquals(
        "add your user", Markup.renderLinks("[[Users and groups#Group management|add your user]]"));
    assertEquals(
        "Users and groups#Group management",
        Markup.renderLinks("[[Users and groups#Group management]]"));
    assertEquals("#Icon themes", Markup.renderLinks("[[#Icon themes]]"));
    assertEquals("de:GRUB", Markup.renderLinks("[[de:GRUB]]"));
    assertEquals(":Category:X", Markup.renderLinks("[[:Category:X]]"));
    assertEquals("/Sub", Markup.renderLinks("[[/Sub]]"));
    assertEquals(
        "thumb|300px|A caption", Markup.renderLinks("[[File:x.png|thumb|300px|A caption]]"));
    assertEquals("[options]", Markup.renderLinks("[[#General options|[options]]]"));
    assertEquals(
        "a long open bug (https://bugs.example/1)",
        Markup.renderLinks("[https://bugs.example/1 a long open bug]"));
    assertEquals("https://x.org/a", Markup.renderLinks("[https://x.org/a]"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "* a|- a",
        "# a|1. a",
        "** a|\"  - a\"",
        "## a|\"  1. a\"",
        "#* a|\"  - a\"",
        "#** a|\"    - a\"",
        "::* a|- a",
        ";term : def|term : def",
        ": indented|indented",
        "\" # prompt\"|\" # prompt\"",
        "#|\"\"",
        // a continuation line belongs to the item above, not a new "1." item (as MediaWiki shows
        // it;
        // the reference numbered it)
        "*: more|\"  more\"",
        "#: more|\"  more\"",
        "#*: more|\"    more\""
      })
  void listMarkers(String line, String rendered) {
    assertEquals(rendered, Markup.renderListMarkers(line));
  }

  @Test
  void messageCleanerRemovesOnlyAnOrphanIndent() {
    assertEquals("- a\n- b", Markup.cleanMessage("#** a\n#** b"));
    assertEquals("- a\n  - b", Markup.cleanMessage("#** a\n#*** b"));
    assertEquals("- a\n  - b\n- c", Markup.cleanMessage("#** a\n#*** b\n#** c"));
    assertEquals("- see:\n # pacman -Fy", Markup.cleanMessage("#** see:\n # pacman -Fy"));
    assertEquals("1. first\n1. second", Markup.cleanMessage("# first\n# second"));
    assertEquals(
        "Run pacman -Ql x | grep bin first",
        Markup.cleanMessage("Run {{ic|pacman -Ql x {{!}} grep bin}} first"));
    assertEquals("Only bold and italics", Markup.cleanMessage(" '''Only''' bold and ''italics''"));
  }

  @Test
  void pythonWhitespaceIsWhitespace() {
    assertEquals("x", PyText.strip("\u202f\u00a0x\u2007\u200a"));
    assertEquals("\u200bx", PyText.strip("\u200bx"), "U+200B is not whitespace in Python");
    assertEquals("a b", PyText.collapseSpaces(" a\u3000\n b "));
  }

  @Test
  void hashesAreOverNfc() {
    assertEquals(Hashes.sha256("\u00e9"), Hashes.sha256("e\u0301"));
    assertEquals(Hashes.EMPTY, Hashes.sha256(""));
    assertEquals(
        "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", Hashes.sha256("hello"));
  }
}
