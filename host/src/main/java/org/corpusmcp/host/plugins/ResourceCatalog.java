package org.corpusmcp.host.plugins;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceProvider;
import org.corpusmcp.api.ResourceSpec;
import org.corpusmcp.api.ResourceTemplateSpec;
import org.corpusmcp.host.config.HostSettings;

/**
 * The resources and resource templates this process serves, in list order: each plugin's in
 * plugin-id order, each plugin's in the order it declared them. Built once at startup; immutable
 * and thread-safe afterwards. Often empty: then the host advertises no resources capability.
 *
 * <p>URIs carry no plugin prefix, so two plugins can claim one URI or one template; that stops
 * startup naming both, as for tools and prompts.
 */
public final class ResourceCatalog {

  private final List<RegisteredResource> resources;
  private final List<RegisteredResourceTemplate> templates;
  private final ResourceUpdates updates;

  private ResourceCatalog(
      List<RegisteredResource> resources,
      List<RegisteredResourceTemplate> templates,
      ResourceUpdates updates) {
    this.resources = List.copyOf(resources);
    this.templates = List.copyOf(templates);
    this.updates = updates;
  }

  /** A catalogue with nothing in it. */
  public static ResourceCatalog empty() {
    return new ResourceCatalog(List.of(), List.of(), new ResourceUpdates());
  }

  /** Collects and checks the resources and templates of every plugin's resource providers. */
  public static ResourceCatalog build(List<LoadedPlugin> plugins, HostSettings settings) {
    return build(plugins, settings, new ResourceUpdates());
  }

  /**
   * The same, with {@code updates} as every plugin's {@link PluginContext#resourceChanges()}: the
   * host shares one among all its catalogues, so a tool can say that a resource changed.
   */
  public static ResourceCatalog build(
      List<LoadedPlugin> plugins, HostSettings settings, ResourceUpdates updates) {
    return build(plugins, settings, updates, new ListUpdates());
  }

  /**
   * The same, with {@code lists} lending each plugin its {@link PluginContext#listChanges()}, so a
   * plugin's contexts are alike whichever extension is handed one.
   */
  public static ResourceCatalog build(
      List<LoadedPlugin> plugins,
      HostSettings settings,
      ResourceUpdates updates,
      ListUpdates lists) {
    Map<String, RegisteredResource> byUri = new LinkedHashMap<>();
    Map<String, RegisteredResourceTemplate> byTemplate = new LinkedHashMap<>();
    for (LoadedPlugin plugin : plugins) {
      PluginContext context =
          PluginContexts.forPlugin(
              plugin.id(), settings.environment(), updates, lists.forPlugin(plugin.id()));
      for (ResourceProvider provider : plugin.extensionsOf(ResourceProvider.class)) {
        for (ResourceSpec spec :
            plugin.<ResourceSpec>ask(provider, "resources()", () -> provider.resources(context))) {
          RegisteredResource clash = byUri.get(spec.uri());
          if (clash != null) {
            throw twice("resource URI", spec.uri(), clash.owner(), plugin.id());
          }
          byUri.put(spec.uri(), new RegisteredResource(plugin.id(), spec, plugin.classLoader()));
        }
        for (ResourceTemplateSpec spec :
            plugin.<ResourceTemplateSpec>ask(
                provider, "resourceTemplates()", () -> provider.resourceTemplates(context))) {
          RegisteredResourceTemplate clash = byTemplate.get(spec.uriTemplate());
          if (clash != null) {
            throw twice("resource URI template", spec.uriTemplate(), clash.owner(), plugin.id());
          }
          byTemplate.put(
              spec.uriTemplate(),
              new RegisteredResourceTemplate(plugin.id(), spec, plugin.classLoader()));
        }
      }
    }
    return new ResourceCatalog(
        new ArrayList<>(byUri.values()), new ArrayList<>(byTemplate.values()), updates);
  }

  private static PluginStartupException twice(
      String what, String value, String first, String second) {
    return new PluginStartupException(
        what
            + " '"
            + value
            + "' is provided twice: by plugin '"
            + first
            + "' and by plugin '"
            + second
            + "'. Resource URIs are not prefixed; disable one of the plugins ("
            + HostSettings.ENV_DISABLED
            + ").");
  }

  /** The resources with a fixed URI, in {@code resources/list} order. */
  public List<RegisteredResource> resources() {
    return resources;
  }

  /** The templates, in {@code resources/templates/list} order. */
  public List<RegisteredResourceTemplate> templates() {
    return templates;
  }

  /** Where plugins' announcements that a resource changed go; servers listen to it. */
  public ResourceUpdates updates() {
    return updates;
  }

  /** True when no plugin contributes a resource or a template. */
  public boolean isEmpty() {
    return resources.isEmpty() && templates.isEmpty();
  }
}
