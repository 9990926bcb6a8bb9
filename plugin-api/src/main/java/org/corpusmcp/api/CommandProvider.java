package org.corpusmcp.api;

import java.util.List;
import org.pf4j.ExtensionPoint;

/**
 * Contributes command-line commands, run as {@code corpus-mcp <plugin-id> <command> [ARG...]}.
 * Annotate the implementation with {@code @org.pf4j.Extension}.
 *
 * <p>For work an operator starts and an agent must not: anything that writes files or changes state
 * (recording test fixtures, building an index). Commands are never offered over MCP. The host asks
 * for them only when a command line names one; a tool of the same plugin with the same name is
 * found first.
 */
public interface CommandProvider extends ExtensionPoint {

  /** The commands this provider offers, in the order help should list them. */
  List<CommandSpec> commands(PluginContext context);
}
