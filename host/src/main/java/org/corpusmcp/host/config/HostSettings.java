package org.corpusmcp.host.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Everything the host needs to know about its plugins, resolved once from flags and the
 * environment. Flags win over environment variables; both win over defaults.
 *
 * @param pluginsDir where drop-in plugin jars (and zips) live
 * @param disabledPlugins plugin ids never to load
 * @param enabledPlugins if not empty, the only plugin ids to load
 * @param toolPrefixes per plugin id, the prefix that replaces the plugin's default tool prefix
 * @param environment the process environment handed to plugins as their settings
 */
public record HostSettings(
    Path pluginsDir,
    Set<String> disabledPlugins,
    Set<String> enabledPlugins,
    Map<String, String> toolPrefixes,
    Map<String, String> environment) {

  /** Environment variable naming the plugins directory. */
  public static final String ENV_PLUGINS_DIR = "CORPUS_MCP_PLUGINS_DIR";

  /** Comma-separated plugin ids to skip. */
  public static final String ENV_DISABLED = "CORPUS_MCP_DISABLED_PLUGINS";

  /** Comma-separated plugin ids to load exclusively. */
  public static final String ENV_ENABLED = "CORPUS_MCP_ENABLED_PLUGINS";

  /** Comma-separated {@code pluginId=prefix} pairs; an empty prefix gives bare tool names. */
  public static final String ENV_TOOL_PREFIXES = "CORPUS_MCP_TOOL_PREFIXES";

  /** System property the launcher sets to the distribution's root directory. */
  public static final String HOME_PROPERTY = "corpusmcp.home";

  public HostSettings {
    disabledPlugins = Set.copyOf(disabledPlugins);
    enabledPlugins = Set.copyOf(enabledPlugins);
    toolPrefixes = Map.copyOf(toolPrefixes);
    environment = Map.copyOf(environment);
  }

  /** The prefix configured for {@code pluginId}, or {@code null} to use the plugin's default. */
  public @Nullable String toolPrefixFor(String pluginId) {
    return toolPrefixes.get(pluginId);
  }

  /** The distribution's root directory as the launcher set it, or null when run from a build. */
  public static @Nullable Path home() {
    String home = System.getProperty(HOME_PROPERTY);
    return home == null ? null : Path.of(home);
  }

  /** The default plugins directory: {@code plugins/} in the distribution, else in the CWD. */
  public static Path defaultPluginsDir() {
    String home = System.getProperty(HOME_PROPERTY);
    return home == null ? Path.of("plugins") : Path.of(home, "plugins");
  }

  /** Splits {@code a,b, c} into a set, ignoring blanks. */
  public static Set<String> parseList(@Nullable String value) {
    if (value == null || value.isBlank()) {
      return Set.of();
    }
    Set<String> out = new java.util.LinkedHashSet<>();
    for (String part : value.split(",", -1)) {
      if (!part.isBlank()) {
        out.add(part.trim());
      }
    }
    return out;
  }

  /**
   * Parses {@code archwiki=,foo=foo_} into a map. Throws {@link IllegalArgumentException} naming
   * the bad pair when one has no {@code =}.
   */
  public static Map<String, String> parsePrefixes(@Nullable String value) {
    Map<String, String> out = new LinkedHashMap<>();
    if (value == null || value.isBlank()) {
      return out;
    }
    for (String pair : value.split(",", -1)) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "tool prefix '"
                + pair.trim()
                + "' must look like pluginId=prefix (prefix may be empty)");
      }
      out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    return out;
  }

  /** Reads the {@code CORPUS_MCP_*} variables, with no flags applied. */
  public static HostSettings fromEnvironment(Map<String, String> env) {
    String dir = env.get(ENV_PLUGINS_DIR);
    return new HostSettings(
        dir == null || dir.isBlank() ? defaultPluginsDir() : Path.of(dir),
        parseList(env.get(ENV_DISABLED)),
        parseList(env.get(ENV_ENABLED)),
        parsePrefixes(env.get(ENV_TOOL_PREFIXES)),
        env);
  }

  /** Reads a boolean environment flag the way operators write them: 1/true/yes/on. */
  public static boolean isTrue(@Nullable String value) {
    if (value == null) {
      return false;
    }
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "1", "true", "yes", "on" -> true;
      default -> false;
    };
  }
}
