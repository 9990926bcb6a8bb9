package org.corpusmcp.host.plugins;

import java.util.ArrayList;
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
 * plugin's in plugin-id order, each plugin's tools in the order it declared them. Built at startup;
 * a plugin may change its list later ({@link org.corpusmcp.api.ListChanges}), and {@link #reread}
 * then swaps in a new immutable snapshot, so readers never lock and a call that already found its
 * tool keeps it.
 *
 * <p>Everything a client could trip over is checked here, before any transport starts and again on
 * every change: names must match {@link ToolSpec#NAME_PATTERN} after prefixing, two tools may not
 * share a name (the message names both owners), and every schema must be a JSON object schema. At
 * startup a broken rule stops the host; at run time it refuses the one plugin's new list, so no
 * plugin can take over a name another already serves.
 */
public final class ToolCatalog {

  /** The owner recorded for tools the host itself provides. */
  public static final String HOST_OWNER = "host";

  private static final Map<String, Object> ANY_OBJECT = Map.of("type", "object");

  /** How to read one plugin's tools again, as at startup. */
  @FunctionalInterface
  private interface Reader {
    List<RegisteredTool> read();
  }

  private final Map<String, Reader> readers;
  private final boolean changeable;

  /** Each owner's tools, in catalogue order of owners; replaced whole, under this object's lock. */
  private Map<String, List<RegisteredTool>> byOwner;

  private volatile Map<String, RegisteredTool> byName;
  private volatile long generation;

  private ToolCatalog(Map<String, List<RegisteredTool>> byOwner, Map<String, Reader> readers) {
    this.byOwner = byOwner;
    this.readers = Map.copyOf(readers);
    this.changeable = !readers.isEmpty();
    this.byName = merge(byOwner);
  }

  /** Collects and checks the tools of {@code hostTools} and every plugin's providers. */
  public static ToolCatalog build(
      List<ToolSpec> hostTools,
      List<LoadedPlugin> plugins,
      HostSettings settings,
      JsonMapper json) {
    return build(hostTools, plugins, settings, json, ResourceChanges.NONE, new ListUpdates());
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
    return build(hostTools, plugins, settings, json, changes, new ListUpdates());
  }

  /**
   * The same, with {@code lists} lending each plugin its {@link PluginContext#listChanges()}: a
   * plugin that changes its tools says so there, and {@link #reread} reads them again.
   */
  public static ToolCatalog build(
      List<ToolSpec> hostTools,
      List<LoadedPlugin> plugins,
      HostSettings settings,
      JsonMapper json,
      ResourceChanges changes,
      ListUpdates lists) {
    Map<String, List<RegisteredTool>> byOwner = new LinkedHashMap<>();
    Map<String, Reader> readers = new LinkedHashMap<>();
    ClassLoader hostLoader = ToolCatalog.class.getClassLoader();
    List<RegisteredTool> own = new ArrayList<>();
    for (ToolSpec spec : hostTools) {
      own.add(registered(HOST_OWNER, spec.name(), spec, hostLoader, json));
    }
    byOwner.put(HOST_OWNER, List.copyOf(own));
    merge(byOwner);
    for (LoadedPlugin plugin : plugins) {
      if (plugin.toolProviders().isEmpty()) {
        continue;
      }
      PluginContext context =
          PluginContexts.forPlugin(
              plugin.id(), settings.environment(), changes, lists.forPlugin(plugin.id()));
      Reader reader = () -> read(plugin, context, settings, json);
      byOwner.put(plugin.id(), reader.read());
      // checked owner by owner, so the message names the two plugins in catalogue order
      merge(byOwner);
      readers.put(plugin.id(), reader);
    }
    return new ToolCatalog(byOwner, readers);
  }

  /**
   * Reads the tools of plugin {@code pluginId} again and serves them, checked as at startup.
   *
   * @throws org.corpusmcp.api.ListChangeRefusedException when the new list breaks a rule: the
   *     previous one stays served
   * @return false when the plugin provides no such list, so nothing changed
   */
  synchronized boolean reread(String pluginId) {
    Reader reader = readers.get(pluginId);
    if (reader == null) {
      return false; // the plugin has no tool provider: it has no tools to change
    }
    Map<String, List<RegisteredTool>> next = new LinkedHashMap<>(byOwner);
    Map<String, RegisteredTool> merged;
    try {
      next.put(pluginId, reader.read());
      merged = merge(next);
    } catch (PluginStartupException e) {
      throw ListUpdates.refused(pluginId, "tool", e);
    }
    byOwner = next;
    byName = merged;
    generation++;
    return true;
  }

  /** Counts the changes served so far: a reader's cache of the list is stale when it moved. */
  public long generation() {
    return generation;
  }

  /** Whether a plugin may change its tools while the server runs: some plugin provides tools. */
  public boolean changeable() {
    return changeable;
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

  private static List<RegisteredTool> read(
      LoadedPlugin plugin, PluginContext context, HostSettings settings, JsonMapper json) {
    List<RegisteredTool> out = new ArrayList<>();
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
        out.add(
            registered(plugin.id(), spec.name(), spec.withName(name), plugin.classLoader(), json));
      }
    }
    return List.copyOf(out);
  }

  /** Every owner's tools by name, in order; a name two tools share stops it, naming both owners. */
  private static Map<String, RegisteredTool> merge(Map<String, List<RegisteredTool>> byOwner) {
    Map<String, RegisteredTool> byName = new LinkedHashMap<>();
    for (List<RegisteredTool> tools : byOwner.values()) {
      for (RegisteredTool tool : tools) {
        RegisteredTool clash = byName.putIfAbsent(tool.name(), tool);
        if (clash != null) {
          throw new PluginStartupException(
              "tool name '"
                  + tool.name()
                  + "' is provided twice: by "
                  + describeOwner(clash.owner())
                  + " and by "
                  + describeOwner(tool.owner())
                  + ". Disable one plugin or give one a different"
                  + " tool prefix ("
                  + HostSettings.ENV_TOOL_PREFIXES
                  + "=pluginId=prefix_).");
        }
      }
    }
    return Collections.unmodifiableMap(byName);
  }

  private static RegisteredTool registered(
      String owner, String baseName, ToolSpec spec, ClassLoader loader, JsonMapper json) {
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
    return new RegisteredTool(owner, baseName, spec, input, output, loader);
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
