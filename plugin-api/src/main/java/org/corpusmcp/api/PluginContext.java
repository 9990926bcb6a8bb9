package org.corpusmcp.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the host tells a plugin about its environment and lends it. Built by the host (tests build
 * one with the plugin-testkit); plugins never see PF4J's {@code PluginWrapper} or any SDK object.
 *
 * <p>A final class with a factory rather than a record, so the host can lend plugins more services
 * later without breaking a plugin compiled against this version.
 */
public final class PluginContext {

  private final String pluginId;
  private final Map<String, String> settings;
  private final PluginJson json;
  private final ResourceChanges resourceChanges;
  private final ListChanges listChanges;

  private PluginContext(
      String pluginId,
      Map<String, String> settings,
      PluginJson json,
      ResourceChanges resourceChanges,
      ListChanges listChanges) {
    this.pluginId = Objects.requireNonNull(pluginId, "pluginId");
    this.settings = Map.copyOf(settings);
    this.json = Objects.requireNonNull(json, "json");
    this.resourceChanges = Objects.requireNonNull(resourceChanges, "resourceChanges");
    this.listChanges = Objects.requireNonNull(listChanges, "listChanges");
  }

  /**
   * A context for one plugin.
   *
   * @param pluginId the plugin's id from its descriptor
   * @param settings operator settings for this plugin: the process environment, so a plugin reads
   *     {@code ARCHWIKI_OFFLINE} the same way whether it runs in the server or the CLI
   * @param json the host's JSON reader and writer
   */
  public static PluginContext of(String pluginId, Map<String, String> settings, PluginJson json) {
    return new PluginContext(pluginId, settings, json, ResourceChanges.NONE, ListChanges.NONE);
  }

  /**
   * A context for one plugin whose resource changes reach subscribed clients.
   *
   * @param resourceChanges where {@link #resourceChanges()} announcements go
   * @see #of(String, Map, PluginJson)
   */
  public static PluginContext of(
      String pluginId,
      Map<String, String> settings,
      PluginJson json,
      ResourceChanges resourceChanges) {
    return new PluginContext(pluginId, settings, json, resourceChanges, ListChanges.NONE);
  }

  /**
   * A context for one plugin whose resource changes reach subscribed clients and whose changes of
   * its tool or prompt list are served and announced.
   *
   * @param listChanges where {@link #listChanges()} announcements go
   * @see #of(String, Map, PluginJson, ResourceChanges)
   */
  public static PluginContext of(
      String pluginId,
      Map<String, String> settings,
      PluginJson json,
      ResourceChanges resourceChanges,
      ListChanges listChanges) {
    return new PluginContext(pluginId, settings, json, resourceChanges, listChanges);
  }

  /** The plugin's id from its descriptor. */
  public String pluginId() {
    return pluginId;
  }

  /** All operator settings (an unmodifiable copy). */
  public Map<String, String> settings() {
    return settings;
  }

  /** The host's JSON reader and writer; plugins need no JSON library of their own. */
  public PluginJson json() {
    return json;
  }

  /**
   * Where to say that a resource this plugin serves has changed; subscribed clients are told. In a
   * context built without a host (a plugin's own tests), it tells no one.
   */
  public ResourceChanges resourceChanges() {
    return resourceChanges;
  }

  /**
   * Where to say that this plugin's tool or prompt list has changed; the host reads it again and
   * tells clients. In a context built without a host (a plugin's own tests), it tells no one.
   */
  public ListChanges listChanges() {
    return listChanges;
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

  @Override
  public String toString() {
    return "PluginContext[" + pluginId + "]";
  }
}
