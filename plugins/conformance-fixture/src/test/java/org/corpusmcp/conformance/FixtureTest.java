package org.corpusmcp.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.CompletionRequest;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.LogLevel;
import org.corpusmcp.api.MissingClientCapabilityException;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptArgument;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptRequest;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.ResourceContents;
import org.corpusmcp.api.ResourceRequest;
import org.corpusmcp.api.ResourceTemplateSpec;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolCall;
import org.corpusmcp.api.ToolContent;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.testkit.TestContexts;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The fixtures against the suite's descriptions of them (the scenario texts of
 * {@code @modelcontextprotocol/conformance}): names, contents, and the reports of the logging and
 * progress tools, through plugin-api alone.
 */
class FixtureTest {

  static final PluginContext CONTEXT = TestContexts.of("conformance-fixture", Map.of());

  /** A call that keeps what the tool reports. */
  static final class RecordingCall implements ToolCall {
    final List<String> reports = new ArrayList<>();

    @Override
    public ToolArguments arguments() {
      return ToolArguments.of(Map.of());
    }

    @Override
    public void progress(double done, @Nullable Double total, @Nullable String message) {
      reports.add("progress " + (int) done + "/" + (total == null ? "?" : total.intValue()));
    }

    @Override
    public void log(LogLevel level, String message) {
      reports.add(level.wireName() + " " + message);
    }
  }

  static ToolSpec tool(String name) {
    return new FixtureTools()
        .tools(CONTEXT).stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  static List<ToolContent> content(String name, ToolCall call) {
    return assertInstanceOf(ToolResult.Success.class, tool(name).callHandler().call(call))
        .content();
  }

  @Test
  void theContentToolsAnswerAsTheSuiteDescribes() {
    RecordingCall call = new RecordingCall();
    assertEquals(
        List.of(ToolContent.text("This is a simple text response for testing.")),
        content("test_simple_text", call));
    ToolContent.Image image =
        assertInstanceOf(ToolContent.Image.class, content("test_image_content", call).get(0));
    assertEquals("image/png", image.mimeType());
    ToolContent.Audio audio =
        assertInstanceOf(ToolContent.Audio.class, content("test_audio_content", call).get(0));
    assertEquals("audio/wav", audio.mimeType());
    assertEquals(
        List.of(
            ToolContent.resource(
                ResourceContents.text(
                    "test://embedded-resource",
                    "text/plain",
                    "This is an embedded resource content."))),
        content("test_embedded_resource", call));
    List<ToolContent> mixed = content("test_multiple_content_types", call);
    assertEquals(ToolContent.text("Multiple content types test:"), mixed.get(0));
    assertInstanceOf(ToolContent.Image.class, mixed.get(1));
    assertEquals(
        ToolContent.resource(
            ResourceContents.text(
                "test://mixed-content-resource",
                "application/json",
                "{\"test\":\"data\",\"value\":123}")),
        mixed.get(2));
  }

  @Test
  void theErrorToolFailsWithTheSuitesMessage() {
    ToolResult.Failure failure =
        assertInstanceOf(
            ToolResult.Failure.class,
            tool("test_error_handling").callHandler().call(new RecordingCall()));
    assertEquals("This tool intentionally returns an error for testing", failure.message());
  }

  @Test
  void theLoggingAndProgressToolsReportThreeTimes() {
    RecordingCall logging = new RecordingCall();
    content("test_tool_with_logging", logging);
    assertEquals(
        List.of(
            "info Tool execution started",
            "info Tool processing data",
            "info Tool execution completed"),
        logging.reports);
    RecordingCall progress = new RecordingCall();
    content("test_tool_with_progress", progress);
    assertEquals(
        List.of("progress 0/100", "progress 50/100", "progress 100/100"), progress.reports);
  }

  @Test
  void theTemplateEchoesItsIdAsJson() {
    ResourceTemplateSpec template = new FixtureResources().resourceTemplates(CONTEXT).get(0);
    assertEquals("test://template/{id}/data", template.uriTemplate());
    List<ResourceContents> read =
        template
            .reader()
            .read(new ResourceRequest("test://template/1\"2/data", Map.of("id", "1\"2")));
    assertEquals(
        Map.of("id", "1\"2", "templateTest", true, "data", "Data for ID: 1\"2"),
        CONTEXT.json().parseObject(read.get(0).text()));
  }

  static PromptSpec prompt(String name) {
    return new FixturePrompts()
        .prompts(CONTEXT).stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void thePromptsAnswerAsTheSuiteDescribes() {
    PromptSpec withArguments = prompt("test_prompt_with_arguments");
    assertEquals(
        List.of(
            PromptArgument.required("arg1", "First test argument"),
            PromptArgument.required("arg2", "Second test argument")),
        withArguments.arguments());
    assertEquals(
        List.of(PromptMessage.user("Prompt with arguments: arg1='hello', arg2='world'")),
        withArguments.handler().render(PromptRequest.of(Map.of("arg1", "hello", "arg2", "world"))));
    assertEquals(
        List.of("paris", "park", "party"),
        withArguments
            .completions()
            .get("arg1")
            .complete(new CompletionRequest("arg1", "par", Map.of())));

    assertEquals(
        List.of(
            PromptMessage.user(
                ToolContent.resource(
                    ResourceContents.text(
                        "test://example-resource",
                        "text/plain",
                        "Embedded resource content for testing."))),
            PromptMessage.user("Please process the embedded resource above.")),
        prompt("test_prompt_with_embedded_resource")
            .handler()
            .render(PromptRequest.of(Map.of("resourceUri", "test://example-resource"))));

    List<PromptMessage> image =
        prompt("test_prompt_with_image").handler().render(PromptRequest.of(Map.of()));
    assertEquals(
        "image/png", assertInstanceOf(ToolContent.Image.class, image.get(0).content()).mimeType());
    assertEquals(PromptMessage.user("Please analyze the image above."), image.get(1));
  }

  /** A call whose client answers: every question with {@code name = "Ada"}, the model "Paris". */
  static final class AnsweringCall implements ToolCall {
    final List<Object> asked = new ArrayList<>();
    final Map<String, Object> arguments;
    final boolean canElicit;

    AnsweringCall(Map<String, Object> arguments, boolean canElicit) {
      this.arguments = arguments;
      this.canElicit = canElicit;
    }

    @Override
    public ToolArguments arguments() {
      return ToolArguments.of(arguments);
    }

    @Override
    public void progress(double done, @Nullable Double total, @Nullable String message) {}

    @Override
    public void log(LogLevel level, String message) {}

    @Override
    public ElicitationResult elicit(Elicitation elicitation) {
      if (!canElicit) {
        throw new MissingClientCapabilityException("elicitation");
      }
      asked.add(elicitation);
      return new ElicitationResult(ElicitationResult.Action.ACCEPT, Map.of("name", "Ada"));
    }

    @Override
    public SamplingResult sample(Sampling sampling) {
      asked.add(sampling);
      return new SamplingResult(
          PromptMessage.Role.ASSISTANT, ToolContent.text("Paris"), "test-model", "endTurn");
    }
  }

  static String text(String tool, ToolCall call) {
    return ((ToolContent.Text)
            assertInstanceOf(
                    ToolResult.Success.class,
                    new FixtureInputTools()
                        .tools(CONTEXT).stream()
                            .filter(t -> t.name().equals(tool))
                            .findFirst()
                            .orElseThrow()
                            .callHandler()
                            .call(call))
                .content()
                .get(0))
        .text();
  }

  @Test
  void theInputToolsAskAsTheSuiteDescribes() {
    AnsweringCall sampling = new AnsweringCall(Map.of("prompt", "Capital of France?"), true);
    assertEquals("LLM response: Paris", text("test_sampling", sampling));
    Sampling sent = (Sampling) sampling.asked.get(0);
    assertEquals(List.of(PromptMessage.user("Capital of France?")), sent.messages());
    assertEquals(100, sent.maxTokens());

    AnsweringCall elicitation = new AnsweringCall(Map.of("message", "Who are you?"), true);
    assertEquals(
        "User response: action=accept, content={name=Ada}", text("test_elicitation", elicitation));
    assertEquals("Who are you?", ((Elicitation) elicitation.asked.get(0)).message());

    AnsweringCall named = new AnsweringCall(Map.of(), true);
    assertEquals("Hello, Ada!", text("test_input_required_result_elicitation", named));
    assertEquals("user_name", ((Elicitation) named.asked.get(0)).key());

    AnsweringCall modelOnly = new AnsweringCall(Map.of(), false);
    assertEquals("Model: Paris", text("test_input_required_result_capabilities", modelOnly));
    assertInstanceOf(Sampling.class, modelOnly.asked.get(0));
  }

  @Test
  void withoutAClientAToolThatAsksFailsNamingTheCapabilityItNeeds() {
    MissingClientCapabilityException missing =
        org.junit.jupiter.api.Assertions.assertThrows(
            MissingClientCapabilityException.class,
            () -> text("test_missing_capability", ToolCall.of(ToolArguments.of(Map.of()))));
    assertEquals("sampling", missing.capability());
  }

  @Test
  void theInputPromptAsksForItsContext() {
    PromptRequest answering =
        new PromptRequest() {
          @Override
          public Map<String, String> arguments() {
            return Map.of();
          }

          @Override
          public ElicitationResult elicit(Elicitation elicitation) {
            assertEquals("user_context", elicitation.key());
            return new ElicitationResult(
                ElicitationResult.Action.ACCEPT, Map.of("context", "tests"));
          }
        };
    assertEquals(
        List.of(PromptMessage.user("Use this context: tests")),
        prompt("test_input_required_result_prompt").handler().render(answering));
  }

  @Test
  void theResourceTheSuiteSubscribesToIsServed() {
    // resources-subscribe and resources-unsubscribe name test://watched-resource
    var watched =
        new FixtureResources()
            .resources(CONTEXT).stream()
                .filter(r -> r.uri().equals("test://watched-resource"))
                .findFirst()
                .orElseThrow();
    List<ResourceContents> contents =
        watched.reader().read(ResourceRequest.of("test://watched-resource"));
    assertEquals(1, contents.size());
    assertEquals("test://watched-resource", contents.get(0).uri());
  }
}
