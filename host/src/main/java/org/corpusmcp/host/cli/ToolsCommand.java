package org.corpusmcp.host.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.corpusmcp.api.CommandSpec;
import org.corpusmcp.api.ToolHints;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.plugins.LoadedPlugin;
import org.corpusmcp.host.plugins.RegisteredPrompt;
import org.corpusmcp.host.plugins.RegisteredTool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code corpus-mcp tools}: what the loaded plugins provide. A person reads a short table (tools,
 * prompts, then the plugins' operator commands); {@code --json} gives scripts the full catalogue
 * with schemas and annotations. Prompts sit beside the tools (an empty list when no plugin has any)
 * so one command still answers "what do I get".
 */
@Command(
    name = "tools",
    mixinStandardHelpOptions = true,
    description = {
      "Print the tools, prompts and commands the loaded plugins provide.",
      "A table by default; with --json the tools in tools/list order (with their schemas) and the"
          + " prompts in prompts/list order."
    })
final class ToolsCommand implements Callable<Integer> {

  @ParentCommand CorpusMcpCommand root;

  @Mixin HostOptions options = new HostOptions();

  @Option(names = "--json", description = "Print the full catalogue as JSON instead of a table.")
  boolean asJson;

  @Override
  public Integer call() {
    try (Host host = root.startHost(options)) {
      if (!asJson) {
        printTable(host);
        return 0;
      }
      List<Map<String, Object>> tools = new ArrayList<>();
      for (RegisteredTool tool : host.catalog().tools()) {
        Map<String, Object> entry = new LinkedHashMap<>();
        ToolHints hints = tool.spec().hints();
        entry.put("name", tool.name());
        entry.put("plugin", tool.owner());
        entry.put("title", tool.spec().title());
        entry.put("description", tool.spec().description());
        entry.put("inputSchema", tool.inputSchema());
        entry.put("outputSchema", tool.outputSchema());
        entry.put(
            "annotations",
            Map.of(
                "readOnlyHint", hints.readOnly(),
                "destructiveHint", hints.destructive(),
                "idempotentHint", hints.idempotent(),
                "openWorldHint", hints.openWorld()));
        tools.add(entry);
      }
      List<Map<String, Object>> prompts = new ArrayList<>();
      for (RegisteredPrompt prompt : host.prompts().prompts()) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("name", prompt.name());
        entry.put("plugin", prompt.owner());
        entry.put("title", prompt.spec().title());
        entry.put("description", prompt.spec().description());
        entry.put("arguments", List.of());
        prompts.add(entry);
      }
      Map<String, Object> catalogue = new LinkedHashMap<>();
      catalogue.put("tools", tools);
      catalogue.put("prompts", prompts);
      root.out().println(JsonText.pretty(root.json(), catalogue));
      return 0;
    }
  }

  private void printTable(Host host) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"TOOL", "PLUGIN", "TITLE"});
    for (RegisteredTool tool : host.catalog().tools()) {
      rows.add(new String[] {tool.name(), tool.owner(), tool.spec().title()});
    }
    for (RegisteredPrompt prompt : host.prompts().prompts()) {
      rows.add(new String[] {prompt.name() + " (prompt)", prompt.owner(), prompt.spec().title()});
    }
    for (LoadedPlugin plugin : host.plugins()) {
      for (CommandSpec command : PluginToolCommand.commands(root, plugin)) {
        rows.add(
            new String[] {
              plugin.id() + " " + command.name() + " (command)", plugin.id(), command.description()
            });
      }
    }
    int[] width = new int[2];
    for (String[] row : rows) {
      width[0] = Math.max(width[0], row[0].length());
      width[1] = Math.max(width[1], row[1].length());
    }
    for (String[] row : rows) {
      root.out()
          .println(
              String.format("%-" + width[0] + "s  %-" + width[1] + "s  %s", row[0], row[1], row[2])
                  .stripTrailing());
    }
    root.out().println();
    root.out().println("Run one: corpus-mcp call NAME '{...}'; schemas: corpus-mcp tools --json");
  }
}
