package org.corpusmcp.api;

import java.util.List;
import org.pf4j.ExtensionPoint;

/**
 * Contributes MCP prompts: ready-made messages a client offers its user (for example as a slash
 * command) to put in front of a model. Annotate the implementation with
 * {@code @org.pf4j.Extension}.
 *
 * <p>The host calls {@link #prompts} once at startup and serves the result for the life of the
 * process. Prompt names are not prefixed: they are what a user picks from a menu, so they should
 * already name their subject ({@code arch-wiki-usage}). Two plugins that contribute one prompt name
 * stop startup, naming both. A host advertises the MCP prompts capability only when some plugin
 * contributes a prompt.
 */
public interface PromptProvider extends ExtensionPoint {

  /** The prompts this provider serves, in the order {@code prompts/list} should show them. */
  List<PromptSpec> prompts(PluginContext context);
}
