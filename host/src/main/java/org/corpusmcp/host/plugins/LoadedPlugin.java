package org.corpusmcp.host.plugins;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
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

  /**
   * Asks one of this plugin's extensions for what it contributes (its tools, its prompts) with the
   * plugin's class loader as context loader. The answer is copied here, so that a broken element
   * fails now with the plugin named rather than later in a transport; any failure stops startup.
   *
   * @param call e.g. {@code "tools()"}, for the message
   */
  public <T> List<T> ask(
      Object extension, String call, Supplier<? extends Collection<? extends T>> answer) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(classLoader);
    try {
      List<T> copy = new ArrayList<>(answer.get());
      if (copy.contains(null)) {
        throw new NullPointerException("a null element");
      }
      return copy;
    } catch (RuntimeException | LinkageError e) {
      // The plugin's own words, not its exception's class: an operator reads this, and the
      // cause (kept below) carries the stack trace for the plugin's author.
      String said = e.getMessage();
      throw new PluginStartupException(
          "plugin '"
              + id
              + "' could not start: its "
              + call
              + " failed: "
              + (said == null || said.isBlank()
                  ? "an internal error of the plugin (report it to its author)"
                  : said),
          e);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }
}
