package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.corpusmcp.api.CompletionHandler;
import org.corpusmcp.api.CompletionRequest;
import org.corpusmcp.api.PromptArgument;
import org.corpusmcp.host.plugins.PromptCatalog;
import org.corpusmcp.host.plugins.RegisteredPrompt;
import org.corpusmcp.host.plugins.RegisteredResourceTemplate;
import org.corpusmcp.host.plugins.ResourceCatalog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code completion/complete} for prompt arguments and resource-template variables, for both
 * protocol revisions: the plugin's handler runs with its class loader as context loader, and its
 * suggestions are cut to the 100 MCP allows, with {@code total} and {@code hasMore} saying what was
 * cut. An argument without a handler gets no suggestions; an unknown prompt, template or argument
 * is {@code -32602}; a handler that throws is {@code -32603} in our words.
 */
public final class Completions {

  private static final Logger log = LoggerFactory.getLogger(Completions.class);

  /** The most values one completion result may carry (MCP: "maximum 100 items"). */
  static final int MAX_VALUES = 100;

  static final String FAILED =
      "Internal error: completing the argument failed; the details are in the server log";

  /** What completing came to. */
  public sealed interface Outcome permits Values, Refused, Failed {}

  public record Values(McpSchema.CompleteResult result) implements Outcome {}

  /** The reference or the argument is unknown: {@code -32602} with {@code message}. */
  public record Refused(String message) implements Outcome {}

  public record Failed() implements Outcome {}

  private final Map<String, RegisteredResourceTemplate> templates = new LinkedHashMap<>();

  /** Read live: a plugin may change its prompts while the server runs. */
  private final PromptCatalog prompts;

  public Completions(ResourceCatalog resources, PromptCatalog prompts) {
    resources.templates().forEach(t -> templates.put(t.spec().uriTemplate(), t));
    this.prompts = prompts;
  }

  /**
   * True when no argument has a completion handler: only otherwise is the capability advertised.
   */
  public boolean isEmpty() {
    return templates.values().stream().allMatch(t -> t.spec().completions().isEmpty())
        && prompts.prompts().stream().allMatch(p -> p.spec().completions().isEmpty());
  }

  /** One SDK specification per prompt or template with a completion handler, for legacy. */
  public List<SyncCompletionSpecification> specifications() {
    List<SyncCompletionSpecification> out = new ArrayList<>();
    prompts.prompts().stream()
        .filter(p -> !p.spec().completions().isEmpty())
        .forEach(
            p ->
                out.add(
                    new SyncCompletionSpecification(
                        new McpSchema.PromptReference(p.name()),
                        (exchange, request) -> legacy(request))));
    templates.values().stream()
        .filter(t -> !t.spec().completions().isEmpty())
        .forEach(
            t ->
                out.add(
                    new SyncCompletionSpecification(
                        new McpSchema.ResourceReference(t.spec().uriTemplate()),
                        (exchange, request) -> legacy(request))));
    return out;
  }

  private McpSchema.CompleteResult legacy(McpSchema.CompleteRequest request) {
    McpSchema.CompleteRequest.CompleteContext context = request.context();
    Map<String, String> chosen =
        context == null || context.arguments() == null ? Map.of() : context.arguments();
    String argument = request.argument().name();
    String value = request.argument().value();
    Outcome outcome =
        request.ref() instanceof McpSchema.PromptReference prompt
            ? completePrompt(prompt.name(), argument, value, chosen)
            : completeTemplate(
                ((McpSchema.ResourceReference) request.ref()).uri(), argument, value, chosen);
    if (outcome instanceof Values values) {
      return values.result();
    }
    if (outcome instanceof Refused refused) {
      throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
          .message(refused.message())
          .build();
    }
    throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(FAILED).build();
  }

  /** Suggestions for {@code argument} of the template {@code uriTemplate}. */
  public Outcome completeTemplate(
      String uriTemplate, String argument, @Nullable String value, Map<String, String> context) {
    RegisteredResourceTemplate template = templates.get(uriTemplate);
    if (template == null) {
      return new Refused("Unknown resource template: " + uriTemplate);
    }
    if (!template.spec().variables().contains(argument)) {
      return new Refused("Unknown argument: " + argument + " in resource template: " + uriTemplate);
    }
    return run(
        template.spec().completions().get(argument),
        template.classLoader(),
        template.owner(),
        argument + " of " + uriTemplate,
        new CompletionRequest(argument, value == null ? "" : value, context));
  }

  /** Suggestions for {@code argument} of the prompt {@code name}. */
  public Outcome completePrompt(
      String name, String argument, @Nullable String value, Map<String, String> context) {
    RegisteredPrompt prompt = prompts.find(name);
    if (prompt == null) {
      return new Refused("Unknown prompt: " + name);
    }
    if (prompt.spec().arguments().stream().map(PromptArgument::name).noneMatch(argument::equals)) {
      return new Refused("Unknown argument: " + argument + " in prompt: " + name);
    }
    return run(
        prompt.spec().completions().get(argument),
        prompt.classLoader(),
        prompt.owner(),
        argument + " of prompt " + name,
        new CompletionRequest(argument, value == null ? "" : value, context));
  }

  private static Outcome run(
      @Nullable CompletionHandler handler,
      ClassLoader loader,
      String owner,
      String what,
      CompletionRequest request) {
    if (handler == null) {
      return values(List.of());
    }
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    List<String> suggested;
    try {
      suggested = handler.complete(request);
    } catch (RuntimeException | LinkageError e) {
      log.warn("plugin '{}' failed to complete {}", owner, what, e);
      return new Failed();
    } finally {
      thread.setContextClassLoader(previous);
    }
    if (suggested == null || suggested.stream().anyMatch(Objects::isNull)) {
      log.warn("plugin '{}' completed {} with null", owner, what);
      return new Failed();
    }
    return values(suggested);
  }

  private static Values values(List<String> suggested) {
    boolean cut = suggested.size() > MAX_VALUES;
    return new Values(
        new McpSchema.CompleteResult(
            new McpSchema.CompleteResult.CompleteCompletion(
                List.copyOf(cut ? suggested.subList(0, MAX_VALUES) : suggested),
                suggested.size(),
                cut)));
  }
}
