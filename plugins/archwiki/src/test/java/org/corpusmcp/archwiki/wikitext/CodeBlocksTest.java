package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Code-block extraction (bc, hc and indented blocks) on hand-written wikitext. */
class CodeBlocksTest {

  private static List<CodeBlock> blocks(String wikitext) {
    return CodeBlocks.extract(wikitext);
  }

  @Test
  void bcBodyIsVerbatimAndPipesAreShell() {
    List<CodeBlock> b =
        blocks("Run:\n{{bc|1=DRI_PRIME{{=}}1 glxinfo | grep \"OpenGL renderer\"}}\n");
    assertEquals(1, b.size());
    assertEquals("DRI_PRIME{{=}}1 glxinfo | grep \"OpenGL renderer\"", b.get(0).contentRaw());
    assertEquals("DRI_PRIME=1 glxinfo | grep \"OpenGL renderer\"", b.get(0).content());
    assertEquals(CodeBlock.Kind.TEMPLATE_BC, b.get(0).kind());
    assertNull(b.get(0).placeholders());
    assertNull(b.get(0).header());
  }

  @Test
  void hcCarriesItsCleanedHeaderAndOutputAlias() {
    List<CodeBlock> b = blocks("{{hc|/etc/default/''grub''|output=\nGRUB_ENABLE_CRYPTODISK=y\n}}");
    assertEquals(1, b.size());
    assertEquals("/etc/default/<grub>", b.get(0).header());
    assertEquals("\nGRUB_ENABLE_CRYPTODISK=y\n", b.get(0).contentRaw());
    assertEquals("GRUB_ENABLE_CRYPTODISK=y", b.get(0).content());
    assertNull(b.get(0).placeholders(), "header italics are not body placeholders");
    assertEquals("a|b", blocks("{{hc|f|a|b}}").get(0).content());
    assertNull(blocks("{{hc||body}}").get(0).header());
  }

  @Test
  void emptyBodiesAreNotCommands() {
    for (String empty :
        List.of("{{bc}}", "{{bc|}}", "{{bc|1=}}", "{{hc|/etc/f|}}", "{{bc|\n\n}}")) {
      assertEquals(List.of(), blocks(empty), empty);
    }
  }

  @Test
  void nowikiHidesTemplatesAndIndentedLines() {
    assertEquals(List.of(), blocks("<nowiki>{{bc|echo hi}}</nowiki>"));
    assertEquals(List.of(), blocks("<nowiki>\n # not code\n</nowiki>"));
  }

  @Test
  void indentedBlocksFollowTemplatesAndSkipBulletsAndTabs() {
    List<CodeBlock> b = blocks(" # first\n # second\ntext\n{{bc|x}}\n\t# tab\n * bullet\n last\n");
    assertEquals(3, b.size());
    assertEquals("x", b.get(0).content());
    assertEquals("# first\n# second", b.get(1).contentRaw());
    assertEquals(CodeBlock.Kind.INDENTED_BLOCK, b.get(1).kind());
    assertEquals("last", b.get(2).content());
  }

  @Test
  void aTemplateBodyIsNotAlsoAnIndentedBlock() {
    List<CodeBlock> b = blocks("{{bc|\n # inside\n}}");
    assertEquals(1, b.size());
    assertEquals(CodeBlock.Kind.TEMPLATE_BC, b.get(0).kind());
  }

  @Test
  void indentedPayloadComesFromTheWikitextNotTheMask() {
    // the reference sliced this line from its blanked copy and emitted NULs instead of the URL
    List<CodeBlock> b = blocks(" # pacman -U ''<nowiki>http://x.org/a.pkg.tar.zst</nowiki>''\n");
    assertEquals(1, b.size());
    assertEquals(
        "# pacman -U ''<nowiki>http://x.org/a.pkg.tar.zst</nowiki>''", b.get(0).contentRaw());
    assertEquals("# pacman -U <http://x.org/a.pkg.tar.zst>", b.get(0).content());
    assertEquals(List.of("http://x.org/a.pkg.tar.zst"), b.get(0).placeholders());
  }

  @Test
  void codeTemplateNamesAreExact() {
    // MediaWiki trims template names, so "{{ bc|…}}" is Template:Bc; "{{bc-x}}" is another
    // template.
    assertEquals("echo spaced", blocks("{{ bc |echo spaced}}").get(0).content());
    assertEquals(List.of(), blocks("{{bc-x|echo no}}"));
    assertEquals("ok", blocks("{{Bc|ok}}").get(0).content());
    assertEquals("ok", blocks("{{HC|h|ok}}").get(0).content());
  }

  @Test
  void nestedBcInsideANoteIsStillACommand() {
    List<CodeBlock> b = blocks("{{Note|Run {{bc|# fsck}} first}}");
    assertEquals(1, b.size());
    assertEquals("# fsck", b.get(0).content());
  }

  @Test
  void preTagsAreLiteralBlocks() {
    List<CodeBlock> b =
        blocks("{{bc|first}}\n<pre>\n$ echo ''x'' &lt;y&gt; {{ic|z}}\n</pre>\n{{bc|third}}");
    assertEquals(3, b.size());
    assertEquals(CodeBlock.Kind.PRE_TAG, b.get(1).kind());
    assertEquals("\n$ echo ''x'' &lt;y&gt; {{ic|z}}\n", b.get(1).contentRaw());
    assertEquals("$ echo ''x'' <y> {{ic|z}}", b.get(1).content());
    assertEquals("third", b.get(2).content());
    assertEquals(1, blocks("<pre>{{bc|not a second block}}</pre>").size());
    assertTrue(blocks("<pre>\n</pre>").isEmpty());
  }
}
