package org.corpusmcp.testkit;

import java.util.Map;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceChanges;
import org.corpusmcp.pluginjson.JacksonPluginJson;

/**
 * {@link PluginContext}s for a plugin's own tests, lending the same services the host lends (JSON
 * through {@link JacksonPluginJson}), so a provider can be called without starting a host.
 */
public final class TestContexts {

  private static final JacksonPluginJson JSON = new JacksonPluginJson();

  private TestContexts() {}

  /** A context for {@code pluginId} with these settings (the host passes the environment). */
  public static PluginContext of(String pluginId, Map<String, String> settings) {
    return PluginContext.of(pluginId, settings, JSON);
  }

  /**
   * A context whose {@link PluginContext#resourceChanges()} is {@code changes}: a {@link
   * ResourceChangesRecorder} to see what the plugin reports.
   */
  public static PluginContext of(
      String pluginId, Map<String, String> settings, ResourceChanges changes) {
    return PluginContext.of(pluginId, settings, JSON, changes);
  }

  /** The JSON implementation the contexts lend, for code that takes a {@code PluginJson}. */
  public static JacksonPluginJson json() {
    return JSON;
  }
}
