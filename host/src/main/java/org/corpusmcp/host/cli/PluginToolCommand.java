package org.corpusmcp.host.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.corpusmcp.api.CommandProvider;
import org.corpusmcp.api.CommandSpec;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.plugins.LoadedPlugin;
import org.corpusmcp.host.plugins.RegisteredTool;
import org.corpusmcp.host.tools.NearestName;
import org.corpusmcp.host.tools.ToolInvoker;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;

/**
 * {@code corpus-mcp <plugin-id> <tool> [ARG...]}: a plugin's tool with positional arguments, the
 * way the Arch wiki seed's CLI works ({@code corpus-mcp archwiki commands GRUB Installation}).
 * Arguments fill the tool's parameters in order: its {@code required} list first, then the rest in
 * declaration order; an array parameter takes all remaining arguments.
 *
 * <p>When the plugin has no tool of that name, one of its {@link CommandProvider command-line
 * commands} is looked for ({@code corpus-mcp archwiki record GRUB --force}) and run with the
 * arguments as given; those are operator work, never MCP tools.
 */
@Command(
    name = "corpus-mcp <plugin-id>",
    mixinStandardHelpOptions = true,
    description = "Run a plugin's tool with positional arguments, or one of its commands.")
public final class PluginToolCommand implements Callable<Integer> {

  private final CorpusMcpCommand root;

  @Mixin HostOptions options = new HostOptions();

  @Parameters(index = "0", paramLabel = "PLUGIN")
  String pluginId;

  @Parameters(index = "1", paramLabel = "TOOL", arity = "0..1")
  @Nullable String toolName;

  @Parameters(index = "2..*", paramLabel = "ARG")
  List<String> values = new ArrayList<>();

  public PluginToolCommand(CorpusMcpCommand root) {
    this.root = root;
  }

  @Override
  public Integer call() {
    try (Host host = root.startHost(options)) {
      List<RegisteredTool> owned = host.catalog().ownedBy(pluginId);
      LoadedPlugin plugin =
          host.plugins().stream().filter(p -> p.id().equals(pluginId)).findFirst().orElse(null);
      List<CommandSpec> commands = plugin == null ? List.of() : commands(root, plugin);
      if (owned.isEmpty() && commands.isEmpty()) {
        // Most often a mistyped command ("serv"), so the commands are candidates beside the
        // plugins.
        List<String> names = new ArrayList<>(root.commandNames());
        host.plugins().forEach(p -> names.add(p.id()));
        root.err()
            .println(
                "Unknown command or plugin: '"
                    + pluginId
                    + "'"
                    + NearestName.hint(pluginId, names)
                    + ". Commands: "
                    + root.commandNames()
                    + "; plugins with tools: "
                    + host.plugins().stream().map(p -> p.id()).toList()
                    + ". Run 'corpus-mcp --help'.");
        return 2;
      }
      if (toolName == null) {
        root.err()
            .println(
                "Plugin '"
                    + pluginId
                    + "' has: "
                    + offered(owned, commands)
                    + ". Run 'corpus-mcp "
                    + pluginId
                    + " <tool> [ARG...]'.");
        return 2;
      }
      String wanted = toolName;
      RegisteredTool tool =
          owned.stream()
              .filter(t -> t.baseName().equals(wanted) || t.name().equals(wanted))
              .findFirst()
              .orElse(null);
      if (tool == null) {
        CommandSpec command =
            commands.stream().filter(c -> c.name().equals(wanted)).findFirst().orElse(null);
        if (command != null) {
          return runCommand(plugin, command);
        }
        List<String> names = new ArrayList<>();
        owned.forEach(t -> names.add(t.baseName()));
        commands.forEach(c -> names.add(c.name()));
        root.err()
            .println(
                "Unknown tool or command: "
                    + wanted
                    + NearestName.hint(wanted, names)
                    + ". Plugin '"
                    + pluginId
                    + "' has: "
                    + offered(owned, commands));
        return 2;
      }
      Object mapped = bind(tool, values);
      if (mapped instanceof String problem) {
        return CallCommand.print(root, ToolResult.error(ToolInvoker.INVALID_PARAMS, problem));
      }
      @SuppressWarnings("unchecked")
      Map<String, @Nullable Object> args = (Map<String, @Nullable Object>) mapped;
      return CallCommand.print(root, host.invoker().call(tool.name(), args));
    }
  }

  private List<String> offered(List<RegisteredTool> owned, List<CommandSpec> commands) {
    List<String> offered = new ArrayList<>();
    owned.forEach(t -> offered.add(t.baseName() + usage(t)));
    commands.forEach(c -> offered.add(c.name() + (c.usage().isEmpty() ? "" : " " + c.usage())));
    return offered;
  }

  /** The plugin's command-line commands (not MCP tools); also listed by {@code tools}. */
  static List<CommandSpec> commands(CorpusMcpCommand root, LoadedPlugin plugin) {
    PluginContext context =
        org.corpusmcp.host.plugins.PluginContexts.forPlugin(plugin.id(), root.env());
    List<CommandSpec> out = new ArrayList<>();
    for (CommandProvider provider : plugin.extensionsOf(CommandProvider.class)) {
      out.addAll(plugin.<CommandSpec>ask(provider, "commands()", () -> provider.commands(context)));
    }
    return out;
  }

  /** Runs a plugin command under the plugin's class loader; a throw is a message, not a trace. */
  private int runCommand(LoadedPlugin plugin, CommandSpec command) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(plugin.classLoader());
    try {
      return command.handler().run(List.copyOf(values), root.out(), root.err());
    } catch (RuntimeException e) {
      root.err().println(pluginId + " " + command.name() + " failed: " + e.getMessage());
      return CorpusMcpCommand.EXIT_FAILED;
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** The parameter names in positional order. */
  static List<String> order(RegisteredTool tool) {
    Set<String> out = new LinkedHashSet<>();
    if (tool.inputSchema().get("required") instanceof List<?> required) {
      required.forEach(r -> out.add(String.valueOf(r)));
    }
    if (tool.inputSchema().get("properties") instanceof Map<?, ?> properties) {
      properties.keySet().forEach(k -> out.add(String.valueOf(k)));
    }
    return List.copyOf(out);
  }

  private static String usage(RegisteredTool tool) {
    StringBuilder out = new StringBuilder();
    List<?> required = tool.inputSchema().get("required") instanceof List<?> r ? r : List.of();
    for (String name : order(tool)) {
      out.append(required.contains(name) ? " <" + name + ">" : " [" + name + "]");
    }
    return out.toString();
  }

  /** The argument map, or a String saying why the values do not fit. */
  private Object bind(RegisteredTool tool, List<String> given) {
    List<String> names = order(tool);
    Map<String, @Nullable Object> args = new LinkedHashMap<>();
    int i = 0;
    for (String name : names) {
      if (i >= given.size()) {
        break;
      }
      Map<?, ?> property = propertyOf(tool, name);
      String type = property.get("type") instanceof String t ? t : "string";
      if (type.equals("array")) {
        args.put(name, List.copyOf(given.subList(i, given.size())));
        i = given.size();
        break;
      }
      String raw = given.get(i++);
      Object value = convert(tool.baseName() + "." + name, type, raw);
      if (value instanceof Problem p) {
        return p.message();
      }
      args.put(name, value);
    }
    if (i < given.size()) {
      return tool.baseName()
          + " takes at most "
          + names.size()
          + " argument(s), got "
          + given.size()
          + ": "
          + String.join(" ", given.subList(i, given.size()));
    }
    return args;
  }

  private record Problem(String message) {}

  private Object convert(String label, String type, String raw) {
    try {
      return switch (type) {
        case "integer" -> Long.parseLong(raw.trim().replace("_", ""));
        case "number" -> Double.parseDouble(raw.trim());
        case "boolean" -> {
          if (!raw.equalsIgnoreCase("true") && !raw.equalsIgnoreCase("false")) {
            yield new Problem(label + " must be true or false, got '" + raw + "'");
          }
          yield Boolean.parseBoolean(raw);
        }
        case "object" -> root.json().readValue(raw, new TypeReference<Map<String, Object>>() {});
        default -> raw;
      };
    } catch (NumberFormatException e) {
      return new Problem(
          label
              + " must be "
              + (type.equals("integer") ? "an integer" : "a number")
              + ", got '"
              + raw
              + "'");
    } catch (JacksonException e) {
      return new Problem(label + " must be a JSON object, got '" + raw + "'");
    }
  }

  private static Map<?, ?> propertyOf(RegisteredTool tool, String name) {
    if (tool.inputSchema().get("properties") instanceof Map<?, ?> properties
        && properties.get(name) instanceof Map<?, ?> property) {
      return property;
    }
    return Map.of();
  }
}
