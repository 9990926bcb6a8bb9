package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.corpusmcp.api.CompletionHandler;
import org.corpusmcp.api.CompletionRequest;
import org.corpusmcp.host.plugins.RegisteredResourceTemplate;
import org.corpusmcp.host.plugins.ResourceCatalog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code completion/complete} for resource-template variables, for both protocol revisions: the
 * plugin's handler runs with its class loader as context loader, and its suggestions are cut to the
 * 100 MCP allows, with {@code total} and {@code hasMore} saying what was cut. A variable without a
 * handler gets no suggestions; a handler that throws is {@code -32603} in our words.
 */
public final class TemplateCompletions {

  private static final Logger log = LoggerFactory.getLogger(TemplateCompletions.class);

  /** The most values one completion result may carry (MCP: "maximum 100 items"). */
  static final int MAX_VALUES = 100;

  static final String FAILED =
      "Internal error: completing the argument failed; the details are in the server log";

  /** What completing came to. */
  public sealed interface Outcome permits Values, UnknownTemplate, UnknownArgument, Failed {}

  public record Values(McpSchema.CompleteResult result) implements Outcome {}

  public record UnknownTemplate(String uriTemplate) implements Outcome {}

  public record UnknownArgument(String uriTemplate, String argument) implements Outcome {}

  public record Failed() implements Outcome {}

  private final Map<String, RegisteredResourceTemplate> templates = new LinkedHashMap<>();

  public TemplateCompletions(ResourceCatalog catalog) {
    catalog.templates().forEach(t -> templates.put(t.spec().uriTemplate(), t));
  }

  /** True when some template has a completion handler: only then is the capability advertised. */
  public boolean isEmpty() {
    return templates.values().stream().allMatch(t -> t.spec().completions().isEmpty());
  }

  /** One SDK specification per template with a completion handler, for the legacy server. */
  public List<SyncCompletionSpecification> specifications() {
    return templates.values().stream()
        .filter(t -> !t.spec().completions().isEmpty())
        .map(
            t ->
                new SyncCompletionSpecification(
                    new McpSchema.ResourceReference(t.spec().uriTemplate()),
                    (exchange, request) -> legacy(request)))
        .toList();
  }

  private McpSchema.CompleteResult legacy(McpSchema.CompleteRequest request) {
    McpSchema.CompleteRequest.CompleteContext context = request.context();
    Outcome outcome =
        complete(
            ((McpSchema.ResourceReference) request.ref()).uri(),
            request.argument().name(),
            request.argument().value(),
            context == null || context.arguments() == null ? Map.of() : context.arguments());
    if (outcome instanceof Values values) {
      return values.result();
    }
    if (outcome instanceof UnknownArgument unknown) {
      throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
          .message(unknownArgument(unknown))
          .build();
    }
    throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(FAILED).build();
  }

  static String unknownArgument(UnknownArgument unknown) {
    return "Unknown argument: "
        + unknown.argument()
        + " in resource template: "
        + unknown.uriTemplate();
  }

  /** Suggestions for {@code argument} of the template {@code uriTemplate}. */
  public Outcome complete(
      String uriTemplate, String argument, @Nullable String value, Map<String, String> context) {
    RegisteredResourceTemplate template = templates.get(uriTemplate);
    if (template == null) {
      return new UnknownTemplate(uriTemplate);
    }
    if (!template.spec().variables().contains(argument)) {
      return new UnknownArgument(uriTemplate, argument);
    }
    CompletionHandler handler = template.spec().completions().get(argument);
    if (handler == null) {
      return values(List.of());
    }
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(template.classLoader());
    List<String> suggested;
    try {
      suggested =
          handler.complete(new CompletionRequest(argument, value == null ? "" : value, context));
    } catch (RuntimeException | LinkageError e) {
      log.warn(
          "plugin '{}' failed to complete {} of {}", template.owner(), argument, uriTemplate, e);
      return new Failed();
    } finally {
      thread.setContextClassLoader(previous);
    }
    if (suggested == null || suggested.stream().anyMatch(Objects::isNull)) {
      log.warn("plugin '{}' completed {} of {} with null", template.owner(), argument, uriTemplate);
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
