package org.corpusmcp.host.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.corpusmcp.api.ToolHints;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.plugins.RegisteredPrompt;
import org.corpusmcp.host.plugins.RegisteredTool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code corpus-mcp tools}: what the loaded plugins provide, as JSON. Prompts sit beside the tools
 * (an empty list when no plugin has any) so one command still answers "what do I get".
 */
@Command(name = "tools", mixinStandardHelpOptions = true,
    description = "Print what the loaded plugins provide, as JSON: the tools in tools/list"
        + " order, then the prompts in prompts/list order.")
final class ToolsCommand implements Callable<Integer> {

  @ParentCommand CorpusMcpCommand root;

  @Mixin HostOptions options = new HostOptions();

  @Override
  public Integer call() {
    try (Host host = root.startHost(options)) {
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
        entry.put("annotations", Map.of(
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
}
