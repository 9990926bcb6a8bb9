package org.corpusmcp.archwiki;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** Every result on every recorded page conforms to the output schema its tool declares. */
class OutputSchemaTest {

  static final List<String> PAGES = Fixtures.PAGES;

  @ParameterizedTest
  @FieldSource("PAGES")
  void resultsConformToTheirDeclaredSchemas(String page) {
    List<ToolSpec> tools = ArchWikiToolProvider.tools(Fixtures.client());
    Map<String, ToolSpec> byName = new java.util.HashMap<>();
    tools.forEach(t -> byName.put(t.name(), t));
    String anchor =
        (String) Fixtures.list(Fixtures.wiki().sections(page), "sections").get(1).get("anchor");
    check(byName.get("page"), Map.of("title_or_url", page));
    check(byName.get("sections"), Map.of("title_or_url", page));
    check(byName.get("section"), Map.of("title_or_url", page, "anchor", anchor));
    for (String tool : List.of("commands", "warnings", "links")) {
      check(byName.get(tool), Map.of("title_or_url", page));
      check(byName.get(tool), Map.of("title_or_url", page, "anchor", anchor));
    }
    Map<String, Object> commands = check(byName.get("commands"), Map.of("title_or_url", page));
    check(byName.get("verify"), Map.of("result", json().write(commands)));
    check(byName.get("search"), Map.of("query", "C++", "limit", 10L));
  }

  @org.junit.jupiter.api.Test
  void theCheckerRejectsADriftedPayload() {
    Map<String, Object> block =
        new java.util.LinkedHashMap<>(
            Fixtures.list(Fixtures.wiki().commands("GRUB", "Installation"), "commands").get(0));
    block.put("revid", "858930");
    block.put("placeholders", List.of());
    block.remove("content_hash");
    List<String> errors =
        MiniSchema.validate(OutputSchemas.COMMANDS, Map.of("commands", List.of(block)));
    assertEquals(3, errors.size(), errors.toString());
  }

  private static Map<String, Object> check(ToolSpec spec, Map<String, Object> args) {
    ToolResult r = spec.handler().call(ToolArguments.of(args));
    ToolResult.Success s =
        assertInstanceOf(ToolResult.Success.class, r, () -> spec.name() + ": " + r);
    assertNotNull(spec.outputSchema());
    List<String> errors = MiniSchema.validate(spec.outputSchema(), s.body());
    assertTrue(errors.isEmpty(), spec.name() + " " + args.keySet() + ": " + errors);
    assertEquals(List.of(), MiniSchema.validate(spec.outputSchema(), s.body()));
    return s.body();
  }
}
