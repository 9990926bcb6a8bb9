package org.corpusmcp.api;

import java.util.List;
import org.pf4j.ExtensionPoint;

/**
 * Contributes MCP tools. Annotate the implementation with {@code @org.pf4j.Extension}.
 *
 * <p>The host calls {@link #tools} once at startup, prefixes every name with the plugin's tool
 * prefix, validates the result (names, schemas, duplicates across plugins) and refuses to start if
 * anything is wrong, naming the plugin. Handlers may then be called concurrently from several
 * threads for the life of the process; they must be thread-safe and should not block forever.
 */
public interface ToolProvider extends ExtensionPoint {

  /** The tools this provider serves, in the order {@code tools/list} should show them. */
  List<ToolSpec> tools(PluginContext context);

  /**
   * The prefix the host puts before each tool name unless the operator configures another one, for
   * example {@code "archwiki_"}. The empty string means bare names.
   */
  default String defaultToolPrefix() {
    return "";
  }
}
