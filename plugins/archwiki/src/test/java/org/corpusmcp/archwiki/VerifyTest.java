package org.corpusmcp.archwiki;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.junit.jupiter.api.Test;

/** The "prove it" flow: a result is re-checked against the revision's wikitext. */
class VerifyTest {

  private final ArchWiki wiki = Fixtures.wiki();

  private static ToolResult verify(Object result) {
    ToolSpec spec =
        ArchWikiToolProvider.tools(Fixtures.client()).stream()
            .filter(s -> s.name().equals("verify"))
            .findFirst()
            .orElseThrow();
    return spec.handler().call(ToolArguments.of(Map.of("result", json().writePretty(result))));
  }

  private static Map<String, Object> body(ToolResult r) {
    return assertInstanceOf(ToolResult.Success.class, r, () -> r.toString()).body();
  }

  @Test
  void everyKindOfEvidenceOnTheRecordedPagesVerifies() {
    for (String page : Fixtures.PAGES) {
      assertEquals("verified", body(verify(wiki.commands(page, null))).get("verdict"), page);
      assertEquals("verified", body(verify(wiki.warnings(page, null))).get("verdict"), page);
      assertEquals("verified", body(verify(wiki.page(page))).get("verdict"), page);
    }
    Map<String, Object> report =
        body(verify(wiki.section("Installation guide", "Boot_the_live_environment")));
    assertEquals("verified", report.get("verdict"));
    assertEquals(1, report.get("checked"));
  }

  @Test
  void aForgedCommandIsCaught() {
    Map<String, Object> result = wiki.commands("GRUB", null);
    List<Map<String, Object>> blocks = Fixtures.list(result, "commands");
    Map<String, Object> forged = new LinkedHashMap<>(blocks.get(0));
    forged.put("content", "# grub-install --target=x86_64-efi --efi-directory=/ --removable");
    ToolResult r = verify(Map.of("commands", List.of(blocks.get(1), forged)));
    ToolResult.Failure f = assertInstanceOf(ToolResult.Failure.class, r);
    assertEquals("evidence_mismatch", f.code());
    assertTrue(f.message().contains("[command 1, revid 858930]"), f.message());
    assertEquals(1, f.details().get("failed"));
  }

  @Test
  void aRawTextNotInTheRevisionIsCaughtEvenWithAConsistentHash() {
    Map<String, Object> block =
        new LinkedHashMap<>(
            Fixtures.list(wiki.commands("GRUB", "Installation"), "commands").get(0));
    String invented = "# rm -rf --no-preserve-root /";
    block.put("content_raw", invented);
    block.put("content", invented);
    block.put("content_hash", org.corpusmcp.archwiki.wikitext.Hashes.sha256(invented));
    block.put("content_hash_cleaned", org.corpusmcp.archwiki.wikitext.Hashes.sha256(invented));
    ToolResult.Failure f =
        assertInstanceOf(ToolResult.Failure.class, verify(Map.of("commands", List.of(block))));
    assertTrue(f.message().contains("not a contiguous slice"), f.message());
  }

  @Test
  void theFrenchAliasIsCheckedWhenRecordedAndOtherwiseSaysSo() {
    Map<String, Object> report = body(verify(wiki.warnings("Installation guide (Français)", null)));
    assertEquals("verified", report.get("verdict"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> items = (List<Map<String, Object>>) report.get("items");
    Map<String, Object> attention =
        items.stream()
            .filter(i -> "unchecked".equals(((Map<?, ?>) i.get("checks")).get("alias_revision")))
            .findFirst()
            .orElseThrow();
    assertTrue(attention.get("notes").toString().contains("not in the replay directory"));
  }

  @Test
  void pointersAndFailuresAreRefusedNotVerified() {
    for (Object notEvidence :
        List.of(
            wiki.search("C++", 5),
            wiki.sections("GRUB"),
            wiki.links("GRUB", "Installation"),
            Map.of("error", "x", "code", "page_not_found"))) {
      ToolResult.Failure f = assertInstanceOf(ToolResult.Failure.class, verify(notEvidence));
      assertEquals("invalid_params", f.code());
    }
    ToolSpec spec = ArchWikiToolProvider.tools(Fixtures.client()).get(7);
    ToolResult.Failure f =
        assertInstanceOf(
            ToolResult.Failure.class,
            spec.handler().call(ToolArguments.of(Map.of("result", "not json"))));
    assertEquals("invalid_params", f.code());
  }
}
