package org.corpusmcp.conformance;

import java.util.List;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.InputAnswers;
import org.corpusmcp.api.MissingClientCapabilityException;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.Root;
import org.corpusmcp.api.RootsRequest;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
import org.corpusmcp.api.ToolCall;
import org.corpusmcp.api.ToolContent;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.pf4j.Extension;

/**
 * The suite's fixture tools that ask the client for input: sampling and elicitation in a 2025-11-25
 * session ({@code test_sampling}, {@code test_elicitation}, the SEP-1034 and SEP-1330 schemas), and
 * the 2026-07-28 multi round-trip ones ({@code test_input_required_result_*}, {@code
 * test_missing_capability}, {@code test_streaming_elicitation}). Each asks once, in straight-line
 * code, through {@link ClientInput}; the host carries the ask as each revision wants it.
 */
@Extension
public final class FixtureInputTools implements ToolProvider {

  static final String NAME_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}";

  static final String USER_SCHEMA =
      """
      {"type":"object","properties":{
        "username":{"type":"string","description":"User's response"},
        "email":{"type":"string","description":"User's email address"}},
       "required":["username","email"]}""";

  /** SEP-1034: a default for every primitive type. */
  static final String DEFAULTS_SCHEMA =
      """
      {"type":"object","properties":{
        "name":{"type":"string","default":"John Doe"},
        "age":{"type":"integer","default":30},
        "score":{"type":"number","default":95.5},
        "status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},
        "verified":{"type":"boolean","default":true}}}""";

  /** SEP-1330: the five kinds of enum. */
  static final String ENUMS_SCHEMA =
      """
      {"type":"object","properties":{
        "untitledSingle":{"type":"string","enum":["option1","option2","option3"]},
        "titledSingle":{"type":"string","oneOf":[
          {"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},
          {"const":"value3","title":"Third Option"}]},
        "legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],
          "enumNames":["Option One","Option Two","Option Three"]},
        "untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},
        "titledMulti":{"type":"array","items":{"anyOf":[
          {"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},
          {"const":"value3","title":"Third Choice"}]}}}}""";

  static final String OK_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}";

  @Override
  public List<ToolSpec> tools(PluginContext context) {
    return List.of(
        withArgument("test_sampling", "Asks the client's model to answer a prompt", "prompt")
            .callHandler(
                call ->
                    text(
                        "LLM response: "
                            + call.sample(Sampling.of(call.arguments().string("prompt"), 100))
                                .text()))
            .build(),
        withArgument("test_elicitation", "Asks the user for a name and an email", "message")
            .callHandler(
                call ->
                    text(
                        "User response: "
                            + described(
                                call.elicit(call.arguments().string("message"), USER_SCHEMA))))
            .build(),
        noArguments("test_elicitation_sep1034_defaults", "Asks with a default for every field")
            .callHandler(
                call ->
                    text(
                        "Elicitation completed: "
                            + described(
                                call.elicit("Please review your details", DEFAULTS_SCHEMA))))
            .build(),
        noArguments("test_elicitation_sep1330_enums", "Asks with every kind of enum")
            .callHandler(
                call ->
                    text(
                        "Elicitation completed: "
                            + described(call.elicit("Please choose your options", ENUMS_SCHEMA))))
            .build(),
        noArguments("test_input_required_result_elicitation", "Asks the user's name")
            .callHandler(
                call ->
                    text(
                        "Hello, "
                            + call.elicit(
                                    new Elicitation("user_name", "What is your name?", NAME_SCHEMA))
                                .content()
                                .get("name")
                            + "!"))
            .build(),
        noArguments("test_input_required_result_sampling", "Asks the model a question")
            .callHandler(
                call ->
                    text(
                        call.sample(
                                Sampling.of("What is the capital of France?", 100)
                                    .withKey("capital_question"))
                            .text()))
            .build(),
        noArguments("test_input_required_result_list_roots", "Asks for the client's roots")
            .callHandler(
                call ->
                    text(
                        "Roots: "
                            + String.join(", ", call.roots().stream().map(Root::uri).toList())))
            .build(),
        noArguments("test_input_required_result_request_state", "Asks for a confirmation")
            .callHandler(FixtureInputTools::confirmed)
            .build(),
        noArguments("test_input_required_result_tampered_state", "Asks for a confirmation")
            .callHandler(FixtureInputTools::confirmed)
            .build(),
        noArguments(
                "test_input_required_result_multiple_inputs",
                "Asks the user, the model and for the roots at once")
            .callHandler(
                call -> {
                  Elicitation name =
                      new Elicitation("user_name", "What is your name?", NAME_SCHEMA);
                  Sampling greeting = Sampling.of("Generate a greeting", 50).withKey("greeting");
                  RootsRequest roots = new RootsRequest("client_roots");
                  InputAnswers answers = call.ask(name, greeting, roots);
                  return text(
                      answers.get(greeting).text()
                          + ", "
                          + answers.get(name).content().get("name")
                          + " ("
                          + answers.get(roots).size()
                          + " roots)");
                })
            .build(),
        noArguments("test_input_required_result_multi_round", "Asks two questions in turn")
            .callHandler(
                call -> {
                  ElicitationResult name =
                      call.elicit(
                          new Elicitation("step1", "Step 1: What is your name?", NAME_SCHEMA));
                  ElicitationResult color =
                      call.elicit(
                          new Elicitation(
                              "step2",
                              "Step 2: What is your favorite color?",
                              "{\"type\":\"object\",\"properties\":{\"color\":{\"type\":\"string\"}},"
                                  + "\"required\":[\"color\"]}"));
                  return text(
                      name.content().get("name") + " likes " + color.content().get("color"));
                })
            .build(),
        noArguments(
                "test_input_required_result_capabilities",
                "Asks only for what the client can give: the user, else the model")
            .callHandler(
                call -> {
                  try {
                    return text("User: " + described(call.elicit("Who are you?", NAME_SCHEMA)));
                  } catch (MissingClientCapabilityException e) {
                    SamplingResult answer = call.sample(Sampling.of("Who is the user?", 50));
                    return text("Model: " + answer.text());
                  }
                })
            .build(),
        noArguments("test_missing_capability", "Needs sampling, which the client must declare")
            .callHandler(call -> text(call.sample(Sampling.of("Say hello", 20)).text()))
            .build(),
        noArguments("test_streaming_elicitation", "Asks the user's name")
            .callHandler(
                call ->
                    text(
                        "Hello, "
                            + call.elicit("What is your name?", NAME_SCHEMA).content().get("name")))
            .build());
  }

  private static ToolResult confirmed(ToolCall call) {
    ElicitationResult confirm =
        call.elicit(new Elicitation("confirm", "Please confirm", OK_SCHEMA));
    return text(
        Boolean.TRUE.equals(confirm.content().get("ok"))
            ? "state-ok: confirmed"
            : "state-ok: not confirmed");
  }

  private static String described(ElicitationResult result) {
    return "action="
        + result.action().name().toLowerCase(java.util.Locale.ROOT)
        + ", content="
        + result.content();
  }

  private static ToolResult text(String text) {
    return ToolResult.content(ToolContent.text(text));
  }

  private static ToolSpec.Builder noArguments(String name, String description) {
    return ToolSpec.builder(name).description(description).inputSchema(FixtureTools.NO_ARGUMENTS);
  }

  private static ToolSpec.Builder withArgument(String name, String description, String argument) {
    return ToolSpec.builder(name)
        .description(description)
        .inputSchema(
            "{\"type\":\"object\",\"properties\":{\""
                + argument
                + "\":{\"type\":\"string\"}},\"required\":[\""
                + argument
                + "\"]}");
  }
}
