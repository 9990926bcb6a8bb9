package org.corpusmcp.host.plugins;

import java.util.Map;
import org.corpusmcp.api.ToolSpec;

/**
 * A tool as the host serves it: its final (prefixed) name, who contributed it, its parsed schemas,
 * and the class loader to set as context loader while its handler runs.
 *
 * @param owner the plugin id, or {@code host} for the host's own tools
 * @param baseName the name the plugin declared, before its prefix was applied
 * @param spec the plugin's declaration, renamed to the final name
 * @param inputSchema the parsed input schema
 * @param outputSchema the parsed output schema ({@code {"type":"object"}} when undeclared)
 */
public record RegisteredTool(
    String owner,
    String baseName,
    ToolSpec spec,
    Map<String, Object> inputSchema,
    Map<String, Object> outputSchema,
    ClassLoader classLoader) {

  public String name() {
    return spec.name();
  }
}
