package org.corpusmcp.conformance;

import java.util.List;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptProvider;
import org.corpusmcp.api.PromptSpec;
import org.pf4j.Extension;

/**
 * The suite's fixture prompt without arguments. Its prompts with arguments, an image or an embedded
 * resource need what plugin-api's prompts cannot say yet (arguments, non-text messages).
 */
@Extension
public final class FixturePrompts implements PromptProvider {

  @Override
  public List<PromptSpec> prompts(PluginContext context) {
    return List.of(
        PromptSpec.builder("test_simple_prompt")
            .description("A simple prompt without arguments")
            .message(PromptMessage.user("This is a simple prompt for testing."))
            .build());
  }
}
