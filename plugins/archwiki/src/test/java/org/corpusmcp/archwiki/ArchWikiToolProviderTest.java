package org.corpusmcp.archwiki;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.archwiki.wiki.HttpTransport;
import org.corpusmcp.archwiki.wiki.ReplayTransport;
import org.corpusmcp.testkit.TestContexts;
import org.junit.jupiter.api.Test;

/** What the host sees: names, schemas (CLI positional order), hints, error codes, settings. */
class ArchWikiToolProviderTest {

  private final ArchWikiToolProvider provider = new ArchWikiToolProvider();

  private List<ToolSpec> offlineTools() {
    return provider.tools(
        TestContexts.of(
            "archwiki",
            Map.of("ARCHWIKI_OFFLINE", "1", "ARCHWIKI_FIXTURES", Fixtures.dir().toString())));
  }

  private static ToolResult call(List<ToolSpec> tools, String name, Map<String, Object> args) {
    return tools.stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow()
        .handler()
        .call(ToolArguments.of(args));
  }

  @Test
  void toolsAreTheSeedsSevenPlusVerifyUnderThePrefix() {
    assertEquals("archwiki_", provider.defaultToolPrefix());
    List<String> names = offlineTools().stream().map(ToolSpec::name).toList();
    assertEquals(
        List.of("search", "page", "sections", "section", "commands", "warnings", "links", "verify"),
        names);
    for (ToolSpec t : offlineTools()) {
      assertTrue(t.hints().readOnly() && t.hints().openWorld() && t.hints().idempotent());
      assertTrue(ToolSpec.NAME_PATTERN.matcher("archwiki_" + t.name()).matches());
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void schemasDeclareWhatTheCliMapsPositionalArgumentsOnto() {
    Map<String, List<String>> expected =
        Map.of(
            "search", List.of("query", "limit"),
            "page", List.of("title_or_url"),
            "sections", List.of("title_or_url"),
            "section", List.of("title_or_url", "anchor"),
            "commands", List.of("title_or_url", "anchor"),
            "warnings", List.of("title_or_url", "anchor"),
            "links", List.of("title_or_url", "anchor"),
            "verify", List.of("result"));
    for (ToolSpec t : offlineTools()) {
      Map<String, Object> schema = (Map<String, Object>) json().parse(t.inputSchema());
      assertEquals("object", schema.get("type"));
      assertEquals(false, schema.get("additionalProperties"));
      Map<String, Object> props = (Map<String, Object>) schema.get("properties");
      assertEquals(expected.get(t.name()), List.copyOf(props.keySet()), t.name());
      for (Object p : props.values()) {
        Map<String, Object> prop = (Map<String, Object>) p;
        if ("string".equals(prop.get("type"))) {
          assertEquals(1L, prop.get("minLength"));
          assertEquals("\\S", prop.get("pattern"));
        }
      }
    }
    Map<String, Object> search =
        (Map<String, Object>) json().parse(offlineTools().get(0).inputSchema());
    Map<String, Object> limit =
        (Map<String, Object>) ((Map<String, Object>) search.get("properties")).get("limit");
    assertEquals(
        Map.of(
            "type",
            "integer",
            "minimum",
            1L,
            "maximum",
            50L,
            "default",
            10L,
            "description",
            "Max results (default 10)"),
        limit);
    assertEquals(List.of("query"), search.get("required"));
  }

  @Test
  void failuresCarryTheContractsCodes() {
    List<ToolSpec> tools = offlineTools();
    ToolResult.Failure missing =
        assertInstanceOf(
            ToolResult.Failure.class,
            call(tools, "commands", Map.of("title_or_url", "Nonexistent page xyz")));
    assertEquals("page_not_found", missing.code());
    assertEquals(
        "malformed_wiki_url",
        ((ToolResult.Failure)
                call(tools, "page", Map.of("title_or_url", "ftp://wiki.archlinux.org/title/GRUB")))
            .code());
    assertEquals(
        "section_not_found",
        ((ToolResult.Failure)
                call(tools, "warnings", Map.of("title_or_url", "GRUB", "anchor", "installation")))
            .code());
    ToolResult.Failure unrecorded =
        assertInstanceOf(
            ToolResult.Failure.class,
            call(tools, "page", Map.of("title_or_url", "Never recorded")));
    assertEquals("internal_error", unrecorded.code());
    assertTrue(unrecorded.message().startsWith("Offline mode enabled but fixture missing: "));
  }

  @Test
  void offlineSettingsSelectReplayAndOtherwiseTheLiveWiki() {
    assertInstanceOf(
        ReplayTransport.class,
        ArchWikiToolProvider.newClient(json(), Map.of("ARCHWIKI_OFFLINE", "1")).transport());
    assertInstanceOf(
        HttpTransport.class,
        ArchWikiToolProvider.newClient(json(), Map.of("ARCHWIKI_OFFLINE", "")).transport());
    assertInstanceOf(
        HttpTransport.class, ArchWikiToolProvider.newClient(json(), Map.of()).transport());
    assertEquals("0.1.0", ArchWikiToolProvider.version());
  }

  @Test
  void successBodiesAreTheToolPayloads() {
    ToolResult.Success s =
        assertInstanceOf(
            ToolResult.Success.class,
            call(
                offlineTools(),
                "commands",
                Map.of(
                    "title_or_url",
                    "https://wiki.archlinux.org/title/GRUB",
                    "anchor",
                    "Installation")));
    assertTrue(((List<?>) s.body().get("commands")).size() > 0);
  }
}
