package org.corpusmcp.host.plugins;

import java.util.Map;
import org.corpusmcp.api.ListChanges;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceChanges;
import org.corpusmcp.pluginjson.JacksonPluginJson;

/** Builds the {@link PluginContext} each plugin is handed, with the services the host lends. */
public final class PluginContexts {

  /** One JSON implementation for every plugin: it holds no per-plugin state and is thread-safe. */
  static final JacksonPluginJson JSON = new JacksonPluginJson();

  private PluginContexts() {}

  /** The context for {@code pluginId}, with {@code settings} (the process environment). */
  public static PluginContext forPlugin(String pluginId, Map<String, String> settings) {
    return PluginContext.of(pluginId, settings, JSON);
  }

  /** The same, with {@code changes} as the plugin's {@link PluginContext#resourceChanges()}. */
  public static PluginContext forPlugin(
      String pluginId, Map<String, String> settings, ResourceChanges changes) {
    return PluginContext.of(pluginId, settings, JSON, changes);
  }

  /**
   * The same, with {@code lists} as the plugin's {@link PluginContext#listChanges()}: what it says
   * there has the host read its tools or prompts again.
   */
  public static PluginContext forPlugin(
      String pluginId, Map<String, String> settings, ResourceChanges changes, ListChanges lists) {
    return PluginContext.of(pluginId, settings, JSON, changes, lists);
  }
}
