package org.corpusmcp.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptProvider;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.ToolContent;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.pf4j.Extension;

/**
 * The suite's hooks that change the server's lists while it runs ({@code test_trigger_tool_change},
 * {@code test_trigger_prompt_change}, scenario {@code server-stateless}): each call switches one
 * extra tool ({@code test_dynamic_tool}) or prompt ({@code test_dynamic_prompt}) on or off, then
 * says so through the context's {@code listChanges()}, which has the host read these lists again
 * and tell the clients that asked.
 */
@Extension
public final class FixtureListChanges implements ToolProvider, PromptProvider {

  static final String DYNAMIC_TOOL = "test_dynamic_tool";
  static final String DYNAMIC_PROMPT = "test_dynamic_prompt";

  private final AtomicBoolean toolShown = new AtomicBoolean();
  private final AtomicBoolean promptShown = new AtomicBoolean();

  @Override
  public List<ToolSpec> tools(PluginContext context) {
    List<ToolSpec> tools = new ArrayList<>();
    tools.add(
        trigger(
            "test_trigger_tool_change",
            "Switches the tool " + DYNAMIC_TOOL + " on or off: the tool list changes",
            () -> {
              boolean shown = flip(toolShown);
              context.listChanges().toolsChanged();
              return DYNAMIC_TOOL + (shown ? " added" : " removed");
            }));
    tools.add(
        trigger(
            "test_trigger_prompt_change",
            "Switches the prompt " + DYNAMIC_PROMPT + " on or off: the prompt list changes",
            () -> {
              boolean shown = flip(promptShown);
              context.listChanges().promptsChanged();
              return DYNAMIC_PROMPT + (shown ? " added" : " removed");
            }));
    if (toolShown.get()) {
      tools.add(
          ToolSpec.builder(DYNAMIC_TOOL)
              .description("A tool that test_trigger_tool_change switched on")
              .inputSchema(FixtureTools.NO_ARGUMENTS)
              .handler(args -> ToolResult.content(ToolContent.text("A dynamic tool.")))
              .build());
    }
    return tools;
  }

  @Override
  public List<PromptSpec> prompts(PluginContext context) {
    if (!promptShown.get()) {
      return List.of();
    }
    return List.of(
        PromptSpec.builder(DYNAMIC_PROMPT)
            .description("A prompt that test_trigger_prompt_change switched on")
            .message(PromptMessage.user("This prompt was added while the server ran."))
            .build());
  }

  /** Switches {@code state} and returns its new value; two calls at once switch it twice. */
  private static boolean flip(AtomicBoolean state) {
    boolean was;
    do {
      was = state.get();
    } while (!state.compareAndSet(was, !was));
    return !was;
  }

  /** What a trigger does: changes a list and says which way. */
  @FunctionalInterface
  private interface Change {
    String apply();
  }

  private static ToolSpec trigger(String name, String description, Change change) {
    return ToolSpec.builder(name)
        .description(description)
        .inputSchema(FixtureTools.NO_ARGUMENTS)
        .handler(args -> ToolResult.content(ToolContent.text(change.apply())))
        .build();
  }
}
