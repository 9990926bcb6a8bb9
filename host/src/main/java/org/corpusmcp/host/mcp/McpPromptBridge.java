package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.ClientInputException;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.InputAnswers;
import org.corpusmcp.api.InputRequest;
import org.corpusmcp.api.PromptArgument;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptRequest;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.Root;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
import org.corpusmcp.host.plugins.PromptCatalog;
import org.corpusmcp.host.plugins.RegisteredPrompt;
import org.corpusmcp.host.tools.InputRequired;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The prompt catalogue for both revisions: what {@code prompts/list} shows, and one {@code
 * prompts/get} path ({@link #get}) that the SDK's specifications (2025-11-25) and {@link
 * ModernProtocol} (2026-07-28) both answer from, so a prompt reads the same on either and only the
 * wording of errors is each revision's. An unknown name never reaches it (the {@link ProtocolGate}
 * answers it).
 */
public final class McpPromptBridge {

  private static final Logger log = LoggerFactory.getLogger(McpPromptBridge.class);

  static final String GET_FAILED =
      "Internal error: writing the prompt failed; the details are in the server log";

  /** What a {@code prompts/get} came to. */
  public sealed interface Outcome permits Written, Refused, Asking, Failed {}

  /** The handler stopped to ask the client (2026-07-28); the front end's input holds the asks. */
  public record Asking() implements Outcome {}

  /** The prompt's messages. */
  public record Written(McpSchema.GetPromptResult result) implements Outcome {}

  /** The arguments do not fit the prompt: {@code -32602} with {@code message}. */
  public record Refused(String message) implements Outcome {}

  /** The plugin's handler failed (logged); the client gets {@link #GET_FAILED}. */
  public record Failed() implements Outcome {}

  /** Read live: a plugin may change its prompts while the server runs. */
  private final PromptCatalog prompts;

  private final JsonMapper json;

  public McpPromptBridge(PromptCatalog catalog, JsonMapper json) {
    this.prompts = catalog;
    this.json = json;
  }

  /**
   * True when no plugin provides prompts: then no prompt method is served. A plugin that does may
   * have none at the moment and some later.
   */
  public boolean isEmpty() {
    return !prompts.served();
  }

  /** The names {@code prompts/get} accepts now. */
  public java.util.Set<String> names() {
    return java.util.Set.copyOf(prompts.prompts().stream().map(RegisteredPrompt::name).toList());
  }

  /** What {@code prompts/list} shows now, in catalogue order. */
  public List<McpSchema.Prompt> listed() {
    return prompts.prompts().stream().map(McpPromptBridge::describe).toList();
  }

  /** One SDK specification per prompt, in catalogue order, each answering through {@link #get}. */
  public List<SyncPromptSpecification> specifications() {
    return prompts.prompts().stream()
        .map(
            p ->
                new SyncPromptSpecification(
                    describe(p),
                    (exchange, request) ->
                        legacy(
                            request.name(), request.arguments(), SessionInput.of(exchange, json))))
        .toList();
  }

  private McpSchema.GetPromptResult legacy(
      String name, @Nullable Map<String, Object> arguments, ClientInput input) {
    Outcome outcome = get(name, arguments, input);
    if (outcome instanceof Written written) {
      return written.result();
    }
    if (outcome instanceof Refused refused) {
      throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
          .message(refused.message())
          .build();
    }
    throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(GET_FAILED).build();
  }

  /**
   * Writes the prompt {@code name} for {@code arguments} (null: none sent): every required argument
   * must be present and every value a string, else {@link Refused} naming the argument; then the
   * plugin's handler runs with the plugin's class loader as context loader, asking {@code input}
   * when it needs the client's input. A handler that lets a request for input the client cannot
   * answer end it is {@link Refused}, saying so.
   */
  public Outcome get(
      String name, @Nullable Map<String, ? extends @Nullable Object> arguments, ClientInput input) {
    RegisteredPrompt prompt = prompts.find(name);
    if (prompt == null) {
      // the gate checked the name, but its plugin may have changed its prompts since
      return new Refused("Unknown prompt: " + name);
    }
    PromptSpec spec = prompt.spec();
    Map<String, String> values = new LinkedHashMap<>();
    if (arguments != null) {
      for (Map.Entry<String, ? extends @Nullable Object> e : arguments.entrySet()) {
        if (!(e.getValue() instanceof String value)) {
          return new Refused(
              "Invalid params: argument '"
                  + e.getKey()
                  + "' of prompt '"
                  + name
                  + "' must be a string");
        }
        values.put(e.getKey(), value);
      }
    }
    for (PromptArgument argument : spec.arguments()) {
      if (argument.required() && !values.containsKey(argument.name())) {
        return new Refused(
            "Invalid params: prompt '"
                + name
                + "' needs the argument '"
                + argument.name()
                + "'"
                + (argument.description() == null ? "" : " (" + argument.description() + ")"));
      }
    }
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(prompt.classLoader());
    List<PromptMessage> messages;
    try {
      messages = spec.handler().render(new AskingRequest(Map.copyOf(values), input));
    } catch (InputRequired e) {
      return new Asking();
    } catch (ClientInputException e) {
      return new Refused(
          "Invalid params: prompt '"
              + name
              + "' needs input the client did not give: "
              + e.getMessage());
    } catch (RuntimeException | LinkageError e) {
      log.warn("plugin '{}' failed to write prompt {}", prompt.owner(), name, e);
      return new Failed();
    } finally {
      thread.setContextClassLoader(previous);
    }
    if (messages == null || messages.isEmpty() || messages.stream().anyMatch(Objects::isNull)) {
      log.warn("plugin '{}' wrote prompt {} without messages", prompt.owner(), name);
      return new Failed();
    }
    return new Written(
        new McpSchema.GetPromptResult(
            spec.description(), messages.stream().map(McpPromptBridge::message).toList(), null));
  }

  /** A request whose asks go to the front end's input. */
  private record AskingRequest(Map<String, String> arguments, ClientInput input)
      implements PromptRequest {

    @Override
    public ElicitationResult elicit(Elicitation elicitation) {
      return input.elicit(elicitation);
    }

    @Override
    public SamplingResult sample(Sampling sampling) {
      return input.sample(sampling);
    }

    @Override
    public List<Root> roots() {
      return input.roots();
    }

    @Override
    public InputAnswers ask(InputRequest... requests) {
      return input.ask(requests);
    }
  }

  /** The prompt as {@code prompts/list} shows it: {@code arguments} is always present. */
  public static McpSchema.Prompt describe(RegisteredPrompt prompt) {
    PromptSpec spec = prompt.spec();
    return McpSchema.Prompt.builder(spec.name())
        .title(spec.title())
        .description(spec.description())
        .arguments(
            spec.arguments().stream()
                .map(
                    a ->
                        McpSchema.PromptArgument.builder(a.name())
                            .description(a.description())
                            .required(a.required())
                            .build())
                .toList())
        .build();
  }

  private static McpSchema.PromptMessage message(PromptMessage message) {
    McpSchema.Role role =
        switch (message.role()) {
          case USER -> McpSchema.Role.USER;
          case ASSISTANT -> McpSchema.Role.ASSISTANT;
        };
    return new McpSchema.PromptMessage(role, McpToolBridge.content(message.content()));
  }
}
