package org.corpusmcp.host.corpus;

import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.corpus.AdapterBinding;
import org.corpusmcp.corpus.CorpusConfig;
import org.corpusmcp.host.plugins.LoadedPlugin;
import org.corpusmcp.host.plugins.PluginStartupException;

/** Collects the corpus adapters of the loaded plugins by name, refusing two with one name. */
public final class Adapters {

  private Adapters() {}

  public static Map<String, AdapterBinding> collect(Iterable<LoadedPlugin> plugins) {
    Map<String, AdapterBinding> out = new LinkedHashMap<>();
    for (LoadedPlugin plugin : plugins) {
      for (CorpusAdapter adapter : plugin.extensionsOf(CorpusAdapter.class)) {
        String name;
        try {
          name = adapter.name();
        } catch (RuntimeException | LinkageError e) {
          throw new PluginStartupException(
              "plugin '"
                  + plugin.id()
                  + "': adapter "
                  + adapter.getClass().getName()
                  + ".name() failed: "
                  + e,
              e);
        }
        if (name.equals(CorpusConfig.AUTO)) {
          throw new PluginStartupException(
              "plugin '" + plugin.id() + "': adapter name 'auto' is reserved");
        }
        AdapterBinding clash = out.get(name);
        if (clash != null) {
          throw new PluginStartupException(
              "adapter name '"
                  + name
                  + "' is provided twice: by plugin '"
                  + clash.pluginId()
                  + "' and by plugin '"
                  + plugin.id()
                  + "'; disable one of them");
        }
        out.put(name, new AdapterBinding(adapter, plugin.id(), plugin.classLoader()));
      }
    }
    return out;
  }
}
