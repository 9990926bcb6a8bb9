package org.corpusmcp.host.plugins;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceChanges;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.host.config.HostSettings;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools this process serves, in {@code tools/list} order: the host's own tools first, then each
 * plugin's in plugin-id order, each plugin's tools in the order it declared them. Built once at
 * startup; immutable and thread-safe afterwards.
 *
 * <p>Everything a client could trip over is checked here, before any transport starts: names must
 * match {@link ToolSpec#NAME_PATTERN} after prefixing, two tools may not share a name (the message
 * names both owners), and every schema must be a JSON object schema.
 */
public final class ToolCatalog {

  /** The owner recorded for tools the host itself provides. */
  public static final String HOST_OWNER = "host";

  private static final Map<String, Object> ANY_OBJECT = Map.of("type", "object");

  private final Map<String, RegisteredTool> byName;

  private ToolCatalog(Map<String, RegisteredTool> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** Collects and checks the tools of {@code hostTools} and every plugin's providers. */
  public static ToolCatalog build(
      List<ToolSpec> hostTools,
      List<LoadedPlugin> plugins,
      HostSettings settings,
      JsonMapper json) {
    return build(hostTools, plugins, settings, json, ResourceChanges.NONE);
  }

  /**
   * The same, with {@code changes} as every plugin's {@link PluginContext#resourceChanges()}: a
   * tool that changes what a resource reads says so there.
   */
  public static ToolCatalog build(
      List<ToolSpec> hostTools,
      List<LoadedPlugin> plugins,
      HostSettings settings,
      JsonMapper json,
      ResourceChanges changes) {
    Map<String, RegisteredTool> byName = new LinkedHashMap<>();
    ClassLoader hostLoader = ToolCatalog.class.getClassLoader();
    for (ToolSpec spec : hostTools) {
      register(byName, HOST_OWNER, spec.name(), spec, hostLoader, json);
    }
    for (LoadedPlugin plugin : plugins) {
      PluginContext context =
          PluginContexts.forPlugin(plugin.id(), settings.environment(), changes);
      for (ToolProvider provider : plugin.toolProviders()) {
        List<ToolSpec> specs = plugin.ask(provider, "tools()", () -> provider.tools(context));
        String configured = settings.toolPrefixFor(plugin.id());
        String prefix = configured != null ? configured : provider.defaultToolPrefix();
        for (ToolSpec spec : specs) {
          String name = prefix + spec.name();
          if (!ToolSpec.NAME_PATTERN.matcher(name).matches()) {
            throw new PluginStartupException(
                "plugin '"
                    + plugin.id()
                    + "': tool name '"
                    + name
                    + "' (prefix '"
                    + prefix
                    + "') must match "
                    + ToolSpec.NAME_PATTERN.pattern()
                    + "; choose another prefix with "
                    + HostSettings.ENV_TOOL_PREFIXES);
          }
          register(
              byName, plugin.id(), spec.name(), spec.withName(name), plugin.classLoader(), json);
        }
      }
    }
    return new ToolCatalog(byName);
  }

  /** All tools in {@code tools/list} order. */
  public List<RegisteredTool> tools() {
    return List.copyOf(byName.values());
  }

  /** The tool called {@code name}, or {@code null}. */
  public @Nullable RegisteredTool find(String name) {
    return byName.get(name);
  }

  /** The tools contributed by one owner (a plugin id or {@link #HOST_OWNER}), in order. */
  public List<RegisteredTool> ownedBy(String owner) {
    return byName.values().stream().filter(t -> t.owner().equals(owner)).toList();
  }

  public int size() {
    return byName.size();
  }

  private static void register(
      Map<String, RegisteredTool> byName,
      String owner,
      String baseName,
      ToolSpec spec,
      ClassLoader loader,
      JsonMapper json) {
    RegisteredTool clash = byName.get(spec.name());
    if (clash != null) {
      throw new PluginStartupException(
          "tool name '"
              + spec.name()
              + "' is provided twice: by "
              + describeOwner(clash.owner())
              + " and by "
              + describeOwner(owner)
              + ". Disable one plugin or give one a different"
              + " tool prefix ("
              + HostSettings.ENV_TOOL_PREFIXES
              + "=pluginId=prefix_).");
    }
    Map<String, Object> input = parseSchema(owner, spec.name(), "input", spec.inputSchema(), json);
    if (!"object".equals(input.get("type"))) {
      throw new PluginStartupException(
          describeOwner(owner)
              + ": tool '"
              + spec.name()
              + "' input schema must have \"type\": \"object\"");
    }
    // Every tool result is a JSON object, so a tool that declares no output schema still gets
    // the one schema that is true of it: clients then receive structuredContent from every tool.
    String outputText = spec.outputSchema();
    Map<String, Object> output =
        outputText == null
            ? ANY_OBJECT
            : parseSchema(owner, spec.name(), "output", outputText, json);
    if (!"object".equals(output.get("type"))) {
      throw new PluginStartupException(
          describeOwner(owner)
              + ": tool '"
              + spec.name()
              + "' output schema must have \"type\": \"object\" (MCP structured content)");
    }
    byName.put(spec.name(), new RegisteredTool(owner, baseName, spec, input, output, loader));
  }

  private static Map<String, Object> parseSchema(
      String owner, String tool, String which, String text, JsonMapper json) {
    try {
      Map<String, Object> schema =
          json.readValue(text, new TypeReference<Map<String, Object>>() {});
      if (schema == null) {
        throw new PluginStartupException(
            describeOwner(owner) + ": tool '" + tool + "' " + which + " schema is null");
      }
      return Collections.unmodifiableMap(schema);
    } catch (JacksonException e) {
      throw new PluginStartupException(
          describeOwner(owner)
              + ": tool '"
              + tool
              + "' "
              + which
              + " schema is not a JSON object: "
              + e.getOriginalMessage(),
          e);
    }
  }

  private static String describeOwner(String owner) {
    return HOST_OWNER.equals(owner) ? "the host" : "plugin '" + owner + "'";
  }
}
