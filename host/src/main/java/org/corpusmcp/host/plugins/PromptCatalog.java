package org.corpusmcp.host.plugins;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptProvider;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.ResourceChanges;
import org.corpusmcp.host.config.HostSettings;
import org.jspecify.annotations.Nullable;

/**
 * The prompts this process serves, in {@code prompts/list} order: each plugin's in plugin-id order,
 * each plugin's prompts in the order it declared them. Built once at startup; immutable and
 * thread-safe afterwards. Often empty: then the host advertises no prompts capability at all.
 *
 * <p>Prompt names carry no plugin prefix (they are what a user picks from a client's menu), so two
 * plugins can collide; that stops startup naming both, as for tools.
 */
public final class PromptCatalog {

  private final Map<String, RegisteredPrompt> byName;

  private PromptCatalog(Map<String, RegisteredPrompt> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** No prompts: for a server built without plugins. */
  public static PromptCatalog empty() {
    return new PromptCatalog(new LinkedHashMap<>());
  }

  /** Collects and checks the prompts of every plugin's prompt providers. */
  public static PromptCatalog build(List<LoadedPlugin> plugins, HostSettings settings) {
    return build(plugins, settings, ResourceChanges.NONE);
  }

  /** The same, with {@code changes} as every plugin's {@link PluginContext#resourceChanges()}. */
  public static PromptCatalog build(
      List<LoadedPlugin> plugins, HostSettings settings, ResourceChanges changes) {
    Map<String, RegisteredPrompt> byName = new LinkedHashMap<>();
    for (LoadedPlugin plugin : plugins) {
      PluginContext context =
          PluginContexts.forPlugin(plugin.id(), settings.environment(), changes);
      for (PromptProvider provider : plugin.extensionsOf(PromptProvider.class)) {
        for (PromptSpec spec : plugin.ask(provider, "prompts()", () -> provider.prompts(context))) {
          RegisteredPrompt clash = byName.get(spec.name());
          if (clash != null) {
            throw new PluginStartupException(
                "prompt name '"
                    + spec.name()
                    + "' is provided twice: by plugin '"
                    + clash.owner()
                    + "' and by plugin '"
                    + plugin.id()
                    + "'. Prompt names are not prefixed;"
                    + " disable one of the plugins ("
                    + HostSettings.ENV_DISABLED
                    + ").");
          }
          byName.put(spec.name(), new RegisteredPrompt(plugin.id(), spec, plugin.classLoader()));
        }
      }
    }
    return new PromptCatalog(byName);
  }

  /** All prompts in {@code prompts/list} order. */
  public List<RegisteredPrompt> prompts() {
    return List.copyOf(byName.values());
  }

  /** The prompt called {@code name}, or {@code null}. */
  public @Nullable RegisteredPrompt find(String name) {
    return byName.get(name);
  }

  public boolean isEmpty() {
    return byName.isEmpty();
  }

  public int size() {
    return byName.size();
  }
}
