package org.corpusmcp.host.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.host.config.HostSettings;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** The options every command that starts a host shares: plugins and corpus (a picocli mixin). */
public final class HostOptions {

  @Option(
      names = "--plugins-dir",
      paramLabel = "DIR",
      description =
          "Directory of plugin jars (env ${sys:line.separator}  "
              + HostSettings.ENV_PLUGINS_DIR
              + "; default: the distribution's plugins/).")
  @Nullable Path pluginsDir;

  @Option(
      names = "--disable-plugin",
      paramLabel = "ID",
      description = "Do not load this plugin (repeatable; env " + HostSettings.ENV_DISABLED + ").")
  List<String> disabled = new ArrayList<>();

  @Option(
      names = "--enable-plugin",
      paramLabel = "ID",
      description = "Load only these plugins (repeatable; env " + HostSettings.ENV_ENABLED + ").")
  List<String> enabled = new ArrayList<>();

  @Option(
      names = "--tool-prefix",
      paramLabel = "ID=PREFIX",
      description =
          "Replace a plugin's tool-name prefix, e.g. archwiki= for bare names"
              + " (repeatable; env "
              + HostSettings.ENV_TOOL_PREFIXES
              + "=archwiki=,other=x_).")
  List<String> prefixes = new ArrayList<>();

  @Option(
      names = "--corpus-config",
      paramLabel = "FILE",
      description =
          "corpus.toml to serve (env CORPUS_CONFIG; default: the distribution's"
              + " bundled corpus/corpus.toml).")
  @Nullable Path corpusConfig;

  /** Environment settings with these flags applied on top. */
  HostSettings resolve(Map<String, String> env) {
    HostSettings base = HostSettings.fromEnvironment(env);
    Set<String> disabledIds = new LinkedHashSet<>(base.disabledPlugins());
    disabledIds.addAll(disabled);
    Set<String> enabledIds = enabled.isEmpty() ? base.enabledPlugins() : Set.copyOf(enabled);
    Map<String, String> toolPrefixes = new LinkedHashMap<>(base.toolPrefixes());
    toolPrefixes.putAll(HostSettings.parsePrefixes(String.join(",", prefixes)));
    return new HostSettings(
        pluginsDir != null ? pluginsDir : base.pluginsDir(),
        disabledIds,
        enabledIds,
        toolPrefixes,
        env);
  }
}
