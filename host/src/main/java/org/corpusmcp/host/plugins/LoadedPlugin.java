package org.corpusmcp.host.plugins;

import java.nio.file.Path;
import java.util.List;
import org.corpusmcp.api.ToolProvider;

/**
 * A started plugin and the extensions it contributed.
 *
 * @param id the plugin id from its descriptor
 * @param version the plugin version from its descriptor
 * @param path the jar, zip or directory it was loaded from
 * @param classLoader the plugin's own class loader, set as context loader around its calls
 * @param toolProviders its tool providers, in PF4J's extension order
 * @param extensions every extension it contributed, of any extension point
 */
public record LoadedPlugin(
    String id,
    String version,
    Path path,
    ClassLoader classLoader,
    List<ToolProvider> toolProviders,
    List<Object> extensions) {

  public LoadedPlugin {
    toolProviders = List.copyOf(toolProviders);
    extensions = List.copyOf(extensions);
  }

  /** The extensions implementing {@code type}. */
  public <T> List<T> extensionsOf(Class<T> type) {
    return extensions.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
