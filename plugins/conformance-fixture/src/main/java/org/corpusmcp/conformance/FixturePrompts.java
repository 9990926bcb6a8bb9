package org.corpusmcp.conformance;

import java.util.List;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptArgument;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptProvider;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.ResourceContents;
import org.corpusmcp.api.ToolContent;
import org.pf4j.Extension;

/**
 * The suite's fixture prompts: a fixed one, one with two required arguments (and completions for
 * the first, as the completion scenario asks), one that embeds the resource it is given, one that
 * shows an image, and one that asks the user first (2026-07-28's input on a prompt).
 */
@Extension
public final class FixturePrompts implements PromptProvider {

  /** What {@code arg1} completes to: the suite's example ("par" gives all three). */
  static final List<String> ARG1_VALUES = List.of("paris", "park", "party");

  @Override
  public List<PromptSpec> prompts(PluginContext context) {
    return List.of(
        PromptSpec.builder("test_simple_prompt")
            .description("A simple prompt without arguments")
            .message(PromptMessage.user("This is a simple prompt for testing."))
            .build(),
        PromptSpec.builder("test_prompt_with_arguments")
            .description("A prompt with two required arguments")
            .argument(PromptArgument.required("arg1", "First test argument"))
            .argument(PromptArgument.required("arg2", "Second test argument"))
            .handler(
                request ->
                    List.of(
                        PromptMessage.user(
                            "Prompt with arguments: arg1='"
                                + request.string("arg1")
                                + "', arg2='"
                                + request.string("arg2")
                                + "'")))
            .complete(
                "arg1",
                request -> ARG1_VALUES.stream().filter(v -> v.startsWith(request.value())).toList())
            .build(),
        PromptSpec.builder("test_prompt_with_embedded_resource")
            .description("A prompt that embeds the resource it is given")
            .argument(PromptArgument.required("resourceUri", "URI of the resource to embed"))
            .handler(
                request ->
                    List.of(
                        PromptMessage.user(
                            ToolContent.resource(
                                ResourceContents.text(
                                    request.string("resourceUri"),
                                    "text/plain",
                                    "Embedded resource content for testing."))),
                        PromptMessage.user("Please process the embedded resource above.")))
            .build(),
        PromptSpec.builder("test_prompt_with_image")
            .description("A prompt that shows an image")
            .message(PromptMessage.user(ToolContent.image(FixtureMedia.RED_PIXEL_PNG, "image/png")))
            .message(PromptMessage.user("Please analyze the image above."))
            .build(),
        PromptSpec.builder("test_input_required_result_prompt")
            .description("A prompt that asks the user for its context first")
            .handler(
                request ->
                    List.of(
                        PromptMessage.user(
                            "Use this context: "
                                + request
                                    .elicit(
                                        new Elicitation(
                                            "user_context",
                                            "What context should the prompt use?",
                                            "{\"type\":\"object\",\"properties\":{\"context\":"
                                                + "{\"type\":\"string\"}},\"required\":[\"context\"]}"))
                                    .content()
                                    .get("context"))))
            .build());
  }
}
