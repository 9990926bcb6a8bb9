package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Admonition extraction (Note, Tip, Warning and their translated aliases) and the canonicalisation
 * of template names, on hand-written wikitext.
 */
class AdmonitionsTest {

  private static List<Admonitions.Block> plain(String wikitext) {
    return Admonitions.extract(wikitext, Map.of());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Warning",
        "Note",
        "Tip",
        "Caution",
        "WARNING",
        "note",
        "Note (Español)",
        "Tip (正體中文)",
        " Warning ",
        "Note_(Español)"
      })
  void namesThatSpellOutTheirType(String name) {
    assertEquals(1, plain("{{" + name + "|body}}").size(), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"Astuce", "Attention", "ic", "Pkg", "Merge", "Expansion", "Notes"})
  void namesThatDoNot(String name) {
    assertEquals(List.of(), plain("{{" + name + "|body}}"));
  }

  @Test
  void bodyIsTheFirstParameterTrimmed() {
    Admonitions.Block b = plain("{{Warning|1= Do not run {{ic|rm -rf /}} ''ever'' }}").get(0);
    assertEquals(AdmonitionType.WARNING, b.type());
    assertEquals("Do not run {{ic|rm -rf /}} ''ever''", b.messageRaw());
    assertEquals("Do not run rm -rf / ever", b.message());
    assertEquals(
        "GRUB_ENABLE=y is required", plain("{{Note|GRUB_ENABLE=y is required}}").get(0).message());
    assertEquals(
        "See the group page for more",
        plain("{{Note|See [[Users and groups|the group page]] for more}}").get(0).message());
  }

  @Test
  void bodilessNoteIsStillABlock() {
    Admonitions.Block b = plain("{{Note}}").get(0);
    assertEquals("", b.messageRaw());
    assertEquals(Hashes.EMPTY, Hashes.sha256(b.messageRaw()));
  }

  @Test
  void nestedAndQuotedAdmonitionsAreNotSeparateBlocks() {
    assertEquals(1, plain("{{Tip|outer {{Note|inner}} end}}").size());
    assertEquals(List.of(), plain("<nowiki>{{Warning|rm -rf /}}</nowiki>"));
    assertEquals(1, plain("{{broken {{Note|x}}").size());
  }

  @Test
  void typesFromTheWikiCarryTheirRedirect() {
    Map<String, Admonitions.Resolution> types =
        Map.of(
            "attention",
            new Admonitions.Resolution(
                AdmonitionType.WARNING, "Attention", "Template:Warning (Français)", 675792L));
    Admonitions.Block b = Admonitions.extract("{{Attention|Ne formatez pas.}}", types).get(0);
    assertEquals(AdmonitionType.WARNING, b.type());
    assertEquals("Attention", b.alias());
    assertEquals(675792L, b.aliasRevid());
    assertNull(plain("{{Note|x}}").get(0).alias());
  }

  @Test
  void aliasNamesWithUnderscoresAreLookedUpAsTitles() {
    // The wiki treats "_" as a space in titles, so {{Astuce_bis}} is the page "Astuce bis"; the
    // reference looked up "astuce_bis" and missed the alias.
    assertEquals("astuce bis", TemplateNames.key("Astuce_bis"));
    Map<String, Admonitions.Resolution> types =
        Map.of(
            "astuce bis",
            new Admonitions.Resolution(
                AdmonitionType.TIP, "Astuce bis", "Template:Tip (Français)", 1L));
    assertEquals(AdmonitionType.TIP, Admonitions.extract("{{Astuce_bis|x}}", types).get(0).type());
  }

  @Test
  void templateNamesCollectedForTheWikiExcludeEscapesAndMagicWords() {
    assertEquals(
        List.of("astuce", "ic", "note (español)"),
        List.copyOf(
            TemplateNames.collect(
                "{{Note (Español)|a}} {{=}} {{!}} {{DISPLAYTITLE:x}} {{#if:a|b}} {{Astuce|{{ic|x}}}}"
                    + " {{ic|y}} <nowiki>{{Hidden}}</nowiki>")));
  }
}
