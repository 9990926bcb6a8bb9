package org.corpusmcp.api;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the host tells a plugin about its environment. Built by the host; plugins never see
 * PF4J's {@code PluginWrapper} or any SDK object.
 *
 * @param pluginId the plugin's id from its descriptor
 * @param settings operator settings for this plugin: the process environment, so a plugin reads
 *     {@code ARCHWIKI_OFFLINE} the same way whether it runs in the server or the CLI
 */
public record PluginContext(String pluginId, Map<String, String> settings) {

  public PluginContext {
    settings = Map.copyOf(settings);
  }

  /** The setting, or {@code null} when it is unset. */
  public @Nullable String setting(String key) {
    return settings.get(key);
  }

  /** The setting, or {@code fallback} when it is unset or blank. */
  public String setting(String key, String fallback) {
    String value = settings.get(key);
    return value == null || value.isBlank() ? fallback : value;
  }
}
