package org.corpusmcp.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ListChanges;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.ResourceChanges;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolContent;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.junit.jupiter.api.Test;

/**
 * The suite's list-changing hooks ({@code server-stateless}): each call switches the extra tool or
 * prompt and says which list changed, once, through the context's {@code listChanges()}.
 */
class FixtureListChangesTest {

  /** What the plugin said changed, in order. */
  private final List<String> said = new ArrayList<>();

  private final PluginContext context =
      PluginContext.of(
          "conformance-fixture",
          Map.of(),
          FixtureTest.CONTEXT.json(),
          ResourceChanges.NONE,
          new ListChanges() {
            @Override
            public void toolsChanged() {
              said.add("tools");
            }

            @Override
            public void promptsChanged() {
              said.add("prompts");
            }
          });

  private final FixtureListChanges fixture = new FixtureListChanges();

  @Test
  void theToolTriggerSwitchesTheDynamicToolAndSaysSo() {
    assertEquals(List.of(), names());
    assertEquals("test_dynamic_tool added", call("test_trigger_tool_change"));
    assertEquals(List.of("test_dynamic_tool"), names());
    assertEquals("test_dynamic_tool removed", call("test_trigger_tool_change"));
    assertEquals(List.of(), names());
    assertEquals(List.of("tools", "tools"), said);
  }

  @Test
  void thePromptTriggerSwitchesTheDynamicPromptAndSaysSo() {
    assertEquals(List.of(), fixture.prompts(context));
    call("test_trigger_prompt_change");
    assertEquals(
        List.of("test_dynamic_prompt"),
        fixture.prompts(context).stream().map(PromptSpec::name).toList());
    call("test_trigger_prompt_change");
    assertEquals(List.of(), fixture.prompts(context));
    assertEquals(List.of("prompts", "prompts"), said);
  }

  /** The tools beyond the two triggers. */
  private List<String> names() {
    return fixture.tools(context).stream()
        .map(ToolSpec::name)
        .filter(name -> !name.startsWith("test_trigger_"))
        .toList();
  }

  private String call(String name) {
    ToolSpec tool =
        fixture.tools(context).stream()
            .filter(t -> t.name().equals(name))
            .findFirst()
            .orElseThrow();
    ToolResult result = tool.handler().call(ToolArguments.of(Map.of()));
    return ((ToolContent.Text) assertInstanceOf(ToolResult.Success.class, result).content().get(0))
        .text();
  }
}
