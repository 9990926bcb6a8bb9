package org.corpusmcp.host.plugins;

import java.util.ArrayList;
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
 * each plugin's prompts in the order it declared them. Built at startup; a plugin may change its
 * list later ({@link org.corpusmcp.api.ListChanges}), and {@link #reread} swaps in a new immutable
 * snapshot. Often not {@link #served() served} at all: then the host advertises no prompts
 * capability.
 *
 * <p>Prompt names carry no plugin prefix (they are what a user picks from a client's menu), so two
 * plugins can collide; that stops startup naming both, as for tools, and at run time refuses the
 * changing plugin's new list.
 */
public final class PromptCatalog {

  /** How to read one plugin's prompts again, as at startup. */
  @FunctionalInterface
  private interface Reader {
    List<RegisteredPrompt> read();
  }

  private final Map<String, Reader> readers;

  /** Each plugin's prompts, in plugin-id order; replaced whole, under this object's lock. */
  private Map<String, List<RegisteredPrompt>> byOwner;

  private volatile Map<String, RegisteredPrompt> byName;

  private PromptCatalog(Map<String, List<RegisteredPrompt>> byOwner, Map<String, Reader> readers) {
    this.byOwner = byOwner;
    this.readers = Map.copyOf(readers);
    this.byName = merge(byOwner);
  }

  /** No prompts: for a server built without plugins. */
  public static PromptCatalog empty() {
    return new PromptCatalog(new LinkedHashMap<>(), Map.of());
  }

  /** Collects and checks the prompts of every plugin's prompt providers. */
  public static PromptCatalog build(List<LoadedPlugin> plugins, HostSettings settings) {
    return build(plugins, settings, ResourceChanges.NONE, new ListUpdates());
  }

  /** The same, with {@code changes} as every plugin's {@link PluginContext#resourceChanges()}. */
  public static PromptCatalog build(
      List<LoadedPlugin> plugins, HostSettings settings, ResourceChanges changes) {
    return build(plugins, settings, changes, new ListUpdates());
  }

  /**
   * The same, with {@code lists} lending each plugin its {@link PluginContext#listChanges()}: a
   * plugin that changes its prompts says so there, and {@link #reread} reads them again.
   */
  public static PromptCatalog build(
      List<LoadedPlugin> plugins,
      HostSettings settings,
      ResourceChanges changes,
      ListUpdates lists) {
    Map<String, List<RegisteredPrompt>> byOwner = new LinkedHashMap<>();
    Map<String, Reader> readers = new LinkedHashMap<>();
    for (LoadedPlugin plugin : plugins) {
      List<PromptProvider> providers = plugin.extensionsOf(PromptProvider.class);
      if (providers.isEmpty()) {
        continue;
      }
      PluginContext context =
          PluginContexts.forPlugin(
              plugin.id(), settings.environment(), changes, lists.forPlugin(plugin.id()));
      Reader reader = () -> read(plugin, providers, context);
      byOwner.put(plugin.id(), reader.read());
      merge(byOwner);
      readers.put(plugin.id(), reader);
    }
    return new PromptCatalog(byOwner, readers);
  }

  /**
   * Reads the prompts of plugin {@code pluginId} again and serves them, checked as at startup.
   *
   * @throws org.corpusmcp.api.ListChangeRefusedException when the new list breaks a rule: the
   *     previous one stays served
   * @return false when the plugin provides no such list, so nothing changed
   */
  synchronized boolean reread(String pluginId) {
    Reader reader = readers.get(pluginId);
    if (reader == null) {
      return false; // the plugin has no prompt provider: it has no prompts to change
    }
    Map<String, List<RegisteredPrompt>> next = new LinkedHashMap<>(byOwner);
    Map<String, RegisteredPrompt> merged;
    try {
      next.put(pluginId, reader.read());
      merged = merge(next);
    } catch (PluginStartupException e) {
      throw ListUpdates.refused(pluginId, "prompt", e);
    }
    byOwner = next;
    byName = merged;
    return true;
  }

  /** All prompts in {@code prompts/list} order. */
  public List<RegisteredPrompt> prompts() {
    return List.copyOf(byName.values());
  }

  /** The prompt called {@code name}, or {@code null}. */
  public @Nullable RegisteredPrompt find(String name) {
    return byName.get(name);
  }

  /**
   * Whether prompts are served at all: some plugin provides prompts, so its list may have some now
   * or later. Only then is the prompts capability advertised.
   */
  public boolean served() {
    return !readers.isEmpty();
  }

  /** No prompt now. */
  public boolean isEmpty() {
    return byName.isEmpty();
  }

  public int size() {
    return byName.size();
  }

  private static List<RegisteredPrompt> read(
      LoadedPlugin plugin, List<PromptProvider> providers, PluginContext context) {
    List<RegisteredPrompt> out = new ArrayList<>();
    for (PromptProvider provider : providers) {
      for (PromptSpec spec : plugin.ask(provider, "prompts()", () -> provider.prompts(context))) {
        out.add(new RegisteredPrompt(plugin.id(), spec, plugin.classLoader()));
      }
    }
    return List.copyOf(out);
  }

  /** Every plugin's prompts by name; a name two share stops it, naming both plugins. */
  private static Map<String, RegisteredPrompt> merge(Map<String, List<RegisteredPrompt>> byOwner) {
    Map<String, RegisteredPrompt> byName = new LinkedHashMap<>();
    for (List<RegisteredPrompt> prompts : byOwner.values()) {
      for (RegisteredPrompt prompt : prompts) {
        RegisteredPrompt clash = byName.putIfAbsent(prompt.name(), prompt);
        if (clash != null) {
          throw new PluginStartupException(
              "prompt name '"
                  + prompt.name()
                  + "' is provided twice: by plugin '"
                  + clash.owner()
                  + "' and by plugin '"
                  + prompt.owner()
                  + "'. Prompt names are not prefixed;"
                  + " disable one of the plugins ("
                  + HostSettings.ENV_DISABLED
                  + ").");
        }
      }
    }
    return Collections.unmodifiableMap(byName);
  }
}
