package org.corpusmcp.host.plugins;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.corpusmcp.api.PluginApi;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.host.config.HostSettings;
import org.pf4j.DefaultPluginManager;
import org.pf4j.DefaultPluginStatusProvider;
import org.pf4j.PluginState;
import org.pf4j.PluginStatusProvider;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and starts the plugins of one directory, and closes the gaps where PF4J only logs: a plugin
 * that fails to load, resolve or start, one whose extension classes cannot be instantiated, and one
 * that contributes nothing all stop startup with the plugin named, because a server that starts
 * with a plugin missing serves fewer tools than its operator configured and says so only in a log
 * nobody reads. Disabled plugins (by settings, or PF4J's own {@code disabled.txt} / {@code
 * enabled.txt} in the plugins directory) are skipped quietly.
 */
public final class PluginRuntime implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PluginRuntime.class);

  private final FailClosedPluginManager manager;
  private final List<LoadedPlugin> plugins;

  private PluginRuntime(FailClosedPluginManager manager, List<LoadedPlugin> plugins) {
    this.manager = manager;
    this.plugins = plugins;
  }

  /** Loads and starts every enabled plugin in {@code settings.pluginsDir()}. */
  public static PluginRuntime start(HostSettings settings) {
    Path dir = settings.pluginsDir().toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new PluginStartupException(
          "plugins directory "
              + dir
              + " does not exist; create it or point "
              + HostSettings.ENV_PLUGINS_DIR
              + " / --plugins-dir at the directory holding plugin jars");
    }
    FailClosedPluginManager manager = new FailClosedPluginManager(dir, settings);
    try {
      manager.loadPlugins();
      manager.failOnLoadErrors();
      manager.startPlugins();
      List<LoadedPlugin> loaded = new ArrayList<>();
      for (PluginWrapper wrapper : manager.getPlugins()) {
        String id = wrapper.getPluginId();
        if (manager.isOperatorDisabled(id)) {
          log.info("plugin {} is disabled", id);
          continue;
        }
        if (wrapper.getPluginState() != PluginState.STARTED) {
          throw failed(wrapper, manager);
        }
        loaded.add(describe(wrapper, manager));
      }
      loaded.sort(Comparator.comparing(LoadedPlugin::id));
      return new PluginRuntime(manager, List.copyOf(loaded));
    } catch (RuntimeException e) {
      stopAll(manager);
      throw e;
    }
  }

  /** The started plugins, sorted by id. */
  public List<LoadedPlugin> plugins() {
    return plugins;
  }

  /** Stops plugins in reverse order. PF4J 3.15's stopPlugins() skips some (pf4j#656). */
  @Override
  public void close() {
    stopAll(manager);
  }

  private static void stopAll(FailClosedPluginManager manager) {
    List<PluginWrapper> started = new ArrayList<>(manager.getStartedPlugins());
    Collections.reverse(started);
    for (PluginWrapper wrapper : started) {
      try {
        manager.stopPlugin(wrapper.getPluginId());
      } catch (RuntimeException e) {
        log.warn("plugin {} did not stop cleanly: {}", wrapper.getPluginId(), e.toString());
      }
    }
  }

  private static LoadedPlugin describe(PluginWrapper wrapper, FailClosedPluginManager manager) {
    String id = wrapper.getPluginId();
    Set<String> declared = manager.getExtensionClassNames(id);
    List<Object> extensions;
    try {
      @SuppressWarnings("unchecked")
      List<Object> raw = manager.getExtensions(id);
      extensions = List.copyOf(raw);
    } catch (RuntimeException | LinkageError e) {
      throw new PluginStartupException(
          "plugin '"
              + id
              + "' ("
              + wrapper.getPluginPath()
              + "): its extensions cannot be created: "
              + e,
          e);
    }
    if (declared.isEmpty()) {
      throw new PluginStartupException(
          "plugin '"
              + id
              + "' ("
              + wrapper.getPluginPath()
              + ") contributes no extensions: its jar"
              + " has no META-INF/extensions.idx entries. Was it compiled with annotation"
              + " processing (javac -proc:full) and an @Extension class?");
    }
    if (extensions.size() != declared.size()) {
      Set<String> created = new TreeSet<>();
      extensions.forEach(e -> created.add(e.getClass().getName()));
      Set<String> missing = new TreeSet<>(declared);
      missing.removeAll(created);
      throw new PluginStartupException(
          "plugin '"
              + id
              + "' ("
              + wrapper.getPluginPath()
              + "): extension classes "
              + missing
              + " could not be loaded or instantiated (a missing dependency, or a class that"
              + " does not implement a corpus-mcp extension point of this plugin-api)");
    }
    List<ToolProvider> providers =
        extensions.stream()
            .filter(ToolProvider.class::isInstance)
            .map(ToolProvider.class::cast)
            .toList();
    return new LoadedPlugin(
        id,
        wrapper.getDescriptor().getVersion(),
        wrapper.getPluginPath(),
        wrapper.getPluginClassLoader(),
        providers,
        extensions);
  }

  private static PluginStartupException failed(
      PluginWrapper wrapper, FailClosedPluginManager manager) {
    String id = wrapper.getPluginId();
    String where = "plugin '" + id + "' (" + wrapper.getPluginPath() + ")";
    if (wrapper.getPluginState() == PluginState.DISABLED) {
      return new PluginStartupException(
          where
              + " requires plugin-api "
              + wrapper.getDescriptor().getRequires()
              + " but this host provides "
              + manager.getSystemVersion()
              + "; install a matching plugin version or disable it");
    }
    Throwable cause = wrapper.getFailedException();
    return new PluginStartupException(
        where
            + " did not start (state "
            + wrapper.getPluginState()
            + ")"
            + (cause == null ? "" : ": " + cause),
        cause == null
            ? new IllegalStateException(String.valueOf(wrapper.getPluginState()))
            : cause);
  }

  /** PF4J's manager with load failures recorded instead of only logged. */
  private static final class FailClosedPluginManager extends DefaultPluginManager {
    private final HostSettings settings;
    private final Map<Path, RuntimeException> loadFailures = new LinkedHashMap<>();

    FailClosedPluginManager(Path dir, HostSettings settings) {
      super(dir);
      this.settings = settings;
      setSystemVersion(PluginApi.VERSION);
    }

    @Override
    protected PluginStatusProvider createPluginStatusProvider() {
      // Constructed from the super constructor: `settings` is not assigned yet, so the
      // operator's lists are consulted later, in isOperatorDisabled / isPluginDisabled.
      return new DefaultPluginStatusProvider(getPluginsRoot());
    }

    @Override
    protected boolean isPluginDisabled(String pluginId) {
      return isOperatorDisabled(pluginId);
    }

    boolean isOperatorDisabled(String pluginId) {
      if (settings.disabledPlugins().contains(pluginId)) {
        return true;
      }
      if (!settings.enabledPlugins().isEmpty() && !settings.enabledPlugins().contains(pluginId)) {
        return true;
      }
      return super.isPluginDisabled(pluginId);
    }

    @Override
    protected PluginWrapper loadPluginFromPath(Path pluginPath) {
      try {
        return super.loadPluginFromPath(pluginPath);
      } catch (RuntimeException e) {
        loadFailures.put(pluginPath, e);
        throw e;
      }
    }

    void failOnLoadErrors() {
      if (loadFailures.isEmpty()) {
        return;
      }
      var first = loadFailures.entrySet().iterator().next();
      throw new PluginStartupException(
          "cannot load plugin "
              + first.getKey()
              + ": "
              + first.getValue().getMessage()
              + (loadFailures.size() > 1 ? " (and " + (loadFailures.size() - 1) + " more)" : ""),
          first.getValue());
    }
  }
}
