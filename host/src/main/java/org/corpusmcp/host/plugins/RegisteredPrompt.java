package org.corpusmcp.host.plugins;

import org.corpusmcp.api.PromptSpec;

/**
 * A prompt as the host serves it, and who contributed it.
 *
 * @param owner the plugin id
 * @param spec the plugin's declaration
 * @param classLoader the owner's class loader, the context loader while its handlers run
 */
public record RegisteredPrompt(String owner, PromptSpec spec, ClassLoader classLoader) {

  public String name() {
    return spec.name();
  }
}
