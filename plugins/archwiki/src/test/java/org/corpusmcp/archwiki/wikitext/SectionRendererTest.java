package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Section rendering on hand-written wikitext: nowiki spans, bc/hc templates as fenced code, other
 * templates kept or resolved, and the recursion limit.
 */
class SectionRendererTest {

  private static String r(String wikitext) {
    return SectionRenderer.render(wikitext);
  }

  @Test
  void headingsAndOrderedListsNeverLookLikePrompts() {
    assertEquals("## T\n1. step one", r("== T ==\n# step one"));
    assertEquals("= Title =", r("= Title ="));
    assertEquals("### [[Link]] kept", r("=== [[Link]] kept ==="));
  }

  @Test
  void blockTemplatesAreLiftedOntoTheirOwnLines() {
    assertEquals("x\n```\na\n```\ny {{App|n|d}} z", r("x {{bc|a}} y {{App|n|d}} z"));
    assertEquals("1.\n**Note:** x\ntail", r("# {{Note|x}} tail"));
    assertEquals("`/etc/default/grub`\n```\nGRUB_X=y\n```", r("{{hc|/etc/default/grub|GRUB_X=y}}"));
    assertEquals("`# efibootmgr -u`\n```\nBoot0001\n```", r("{{hc|# efibootmgr -u|Boot0001}}"));
  }

  @Test
  void admonitionsBecomeLabelledProse() {
    assertEquals("**Tip:**\n    - first\n    - second", r("{{Tip|\n#** first\n#** second\n}}"));
    assertEquals("**Tip:**\nouter\n**Note:** inner\nend", r("{{Tip|outer {{Note|inner}} end}}"));
    assertEquals("**Note:** Secure Boot", r("{{Note (Español)| Secure Boot}}"));
    assertEquals("**Note:** ", r("{{Note}}"));
    assertEquals("**Warning:**\n```\nrm\n```", r("{{Warning|{{bc|rm}}}}"));
  }

  @Test
  void unknownTemplatesAndAliasesStayVerbatim() {
    assertEquals("{{Accuracy|Use {{ic|sleep 5}}}}", r("{{Accuracy|Use {{ic|sleep 5}}}}"));
    assertEquals("{{Astuce|#** x}}", r("{{Astuce|#** x}}"));
    assertEquals("see {{Nowrap|''a'' {{ic|b}}}}", r("see {{Nowrap|''a'' {{ic|b}}}}"));
  }

  @Test
  void inlineTemplatesLinksAndNowikiResolveInPlace() {
    assertEquals(
        "Install pacman and see add users (x).",
        r("Install {{Pkg|pacman}} and see [[Users and groups|add users]] ({{ic|x}})."));
    assertEquals("literal {{bc|x}} and [[L]]", r("literal <nowiki>{{bc|x}} and [[L]]</nowiki>"));
    assertEquals(" # mount <device>", r(" # mount ''device''"));
    assertEquals("- emphasis", r("* ''emphasis''"));
  }
}
