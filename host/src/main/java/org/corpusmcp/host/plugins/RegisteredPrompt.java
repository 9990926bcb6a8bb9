package org.corpusmcp.host.plugins;

import org.corpusmcp.api.PromptSpec;

/**
 * A prompt as the host serves it, and who contributed it.
 *
 * @param owner the plugin id
 * @param spec the plugin's declaration
 */
public record RegisteredPrompt(String owner, PromptSpec spec) {

  public String name() {
    return spec.name();
  }
}
