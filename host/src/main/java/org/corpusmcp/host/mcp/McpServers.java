package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.corpusmcp.host.BuildInfo;
import org.corpusmcp.host.plugins.ListUpdates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds MCP SDK servers the same way for both transports: our own argument validation (the SDK's
 * is turned off: it reports through a different path with worse messages), tools, prompts and
 * resources only when a plugin contributes some (so a server without them advertises no such
 * capability), no logging capability, and the JSON mapper and schema validator passed in explicitly
 * rather than found by the SDK's ServiceLoader, which sees only the thread context class loader's
 * classes.
 */
public final class McpServers {

  /**
   * The tools a server serves, as they are now: a plugin may change its list while the server runs
   * ({@link McpToolBridge} over the catalogue).
   */
  public interface ToolList {

    /** No tools, ever. */
    ToolList NONE =
        new ToolList() {
          @Override
          public List<SyncToolSpecification> specifications() {
            return List.of();
          }

          @Override
          public Set<String> names() {
            return Set.of();
          }

          @Override
          public boolean changes() {
            return false;
          }
        };

    /** One SDK specification per tool, in {@code tools/list} order. */
    List<SyncToolSpecification> specifications();

    /** The names clients may call now. */
    Set<String> names();

    /** Whether the list may change while the server runs (then {@code listChanged} is declared). */
    boolean changes();
  }

  /** What a server needs, built once in main. */
  public record Parts(
      JsonMapper json,
      McpJsonMapper mcpJson,
      JsonSchemaValidator schemaValidator,
      ToolList tools,
      McpPromptBridge prompts,
      McpResourceBridge resources,
      Completions completions,
      ListUpdates lists,
      RequestStates requestStates,
      String instructions,
      Duration requestTimeout) {

    /**
     * The names clients may call now; the protocol gate refuses others before the SDK sees them.
     */
    public Set<String> toolNames() {
      return tools.names();
    }

    /** The prompts clients may get now. */
    public Set<String> promptNames() {
      return prompts.names();
    }

    /** The gate that goes in front of a server built from these parts: it reads the lists live. */
    public ProtocolGate gate() {
      return new ProtocolGate(
          json,
          tools::names,
          prompts::names,
          !prompts.isEmpty(),
          !resources.isEmpty(),
          !completions.isEmpty());
    }

    /** The stateless 2026-07-28 front door to the same tools and prompts. */
    public ModernProtocol modern() {
      return new ModernProtocol(this);
    }
  }

  private static final Logger LOG = LoggerFactory.getLogger(McpServers.class);

  private McpServers() {}

  /** The SDK-side JSON objects for a host mapper. */
  public static McpJsonMapper mcpMapper(JsonMapper json) {
    return new JacksonMcpJsonMapper(json);
  }

  /** The JSON Schema 2020-12 validator used for inputs, outputs and schema checks. */
  public static JsonSchemaValidator schemaValidator(JsonMapper json) {
    return new DefaultJsonSchemaValidator(json);
  }

  /**
   * A {@link #schemaValidator} that has already checked one schema of the shape tools declare, so
   * that the classes and the parts of the meta-schema such a check needs are loaded and set up: for
   * a start to make beside other work before the SDK checks every tool's schema. What the check
   * finds is of no interest.
   */
  public static JsonSchemaValidator warmSchemaValidator(JsonMapper json) {
    JsonSchemaValidator validator = schemaValidator(json);
    // no catch: the SDK's validator reports any failure of a check in its answer, and throws only
    // for a null schema; a throw here would be a bug, rethrown where the start takes the value
    validator.validateSchema(WARM_UP_SCHEMA);
    return validator;
  }

  /** A schema of the shape tools declare; valid (McpServersTest checks), so it is checked fully. */
  static final Map<String, Object> WARM_UP_SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of(
              "query",
              Map.of("type", "string", "description", "words", "minLength", 1),
              "limit",
              Map.of("type", "integer", "minimum", 1, "maximum", 50, "default", 10),
              "kind",
              Map.of("type", "array", "items", Map.of("type", "string", "enum", List.of("a")))),
          "required",
          List.of("query"),
          "additionalProperties",
          false);

  public static McpSyncServer stdio(McpServerTransportProvider transport, Parts parts) {
    return configure(McpServer.sync(transport), parts).build();
  }

  public static McpSyncServer http(McpStreamableServerTransportProvider transport, Parts parts) {
    return configure(McpServer.sync(transport), parts).build();
  }

  /**
   * Has {@code server} relay every change a plugin says, until the returned handle is closed: its
   * resources' updates ({@link #relayResourceUpdates}) and its tool and prompt lists ({@link
   * #relayListChanges}).
   */
  public static AutoCloseable relayChanges(McpSyncServer server, Parts parts) {
    AutoCloseable resources = relayResourceUpdates(server, parts);
    AutoCloseable lists = relayListChanges(server, parts);
    return () -> {
      try (resources) {
        lists.close();
      }
    };
  }

  /**
   * Has {@code server} tell its sessions subscribed to a resource when a plugin says it changed,
   * until the returned handle is closed. The notification is sent without waiting for it: the
   * plugin's thread may be one that must not block.
   */
  public static AutoCloseable relayResourceUpdates(McpSyncServer server, Parts parts) {
    return parts
        .resources()
        .updates()
        .listen(
            uri ->
                server
                    .getAsyncServer()
                    .notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri))
                    // writing to a slow client's stream must not hold the plugin's thread
                    .subscribeOn(Schedulers.boundedElastic())
                    .subscribe(
                        null,
                        e ->
                            LOG.warn(
                                "telling subscribers that {} changed: {}", uri, e.toString())));
  }

  /**
   * Has {@code server} serve the new list and tell its sessions when a plugin changes its tools or
   * prompts, until the returned handle is closed: the SDK's own {@code addTool}/{@code removeTool}
   * (and the prompt pair) bring its list to the catalogue's, each sending {@code
   * notifications/tools/list_changed} (or {@code prompts}) to every session. That runs on a thread
   * of the relay's own, one change after another: the SDK writes to each session's stream before it
   * returns, and a slow client must not hold the plugin's thread. Until it has run (milliseconds),
   * the SDK may still list the previous tools; a call to one no longer served is refused as
   * unknown.
   */
  public static AutoCloseable relayListChanges(McpSyncServer server, Parts parts) {
    ThreadPoolExecutor relay =
        new ThreadPoolExecutor(
            1,
            1,
            2,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, "list-changes");
              thread.setDaemon(true);
              return thread;
            });
    // no idle thread is kept: lists change rarely, and most servers never see a change
    relay.allowCoreThreadTimeOut(true);
    AutoCloseable listening =
        parts
            .lists()
            .listen(
                kind -> {
                  try {
                    relay.execute(
                        () -> {
                          try {
                            if (kind == ListUpdates.Kind.TOOLS) {
                              syncTools(server, parts);
                            } else {
                              syncPrompts(server, parts);
                            }
                          } catch (RuntimeException e) {
                            LOG.warn("serving the changed {} list: {}", kind, e.toString());
                          }
                        });
                  } catch (RejectedExecutionException stopping) {
                    // the server is stopping: no session is left to tell
                  }
                });
    return () -> {
      listening.close();
      relay.shutdown();
    };
  }

  /** Brings the SDK's tools to the catalogue's: removed, added, and replaced where they differ. */
  private static void syncTools(McpSyncServer server, Parts parts) {
    // the SDK's handler calls the invoker by name, so an unchanged description needs nothing
    sync(
        server.listTools(),
        McpSchema.Tool::name,
        parts.tools().specifications(),
        SyncToolSpecification::tool,
        server::removeTool,
        server::addTool);
  }

  /** Brings the SDK's prompts to the catalogue's, as {@link #syncTools} does tools. */
  private static void syncPrompts(McpSyncServer server, Parts parts) {
    sync(
        server.listPrompts(),
        McpSchema.Prompt::name,
        parts.prompts().specifications(),
        SyncPromptSpecification::prompt,
        server::removePrompt,
        server::addPrompt);
  }

  /**
   * Makes a list the SDK serves ({@code served}, descriptions named by {@code name}) equal to the
   * catalogue's specifications ({@code wanted}): a name no longer wanted is removed, and a
   * specification whose description is new or different is added (the SDK replaces by name).
   */
  private static <D, S> void sync(
      List<D> served,
      Function<D, String> name,
      List<S> wanted,
      Function<S, D> description,
      Consumer<String> remove,
      Consumer<S> add) {
    Map<String, D> byName = new LinkedHashMap<>();
    served.forEach(d -> byName.put(name.apply(d), d));
    Set<String> kept = new HashSet<>();
    wanted.forEach(w -> kept.add(name.apply(description.apply(w))));
    byName.keySet().stream().filter(n -> !kept.contains(n)).forEach(remove);
    for (S specification : wanted) {
      D d = description.apply(specification);
      if (!d.equals(byName.get(name.apply(d)))) {
        add.accept(specification);
      }
    }
  }

  /** The same configuration for every transport's builder. */
  private static McpServer.SyncSpecification<?> configure(
      McpServer.SyncSpecification<?> spec, Parts parts) {
    return spec.serverInfo(BuildInfo.NAME, BuildInfo.version())
        .instructions(parts.instructions())
        .capabilities(capabilities(parts))
        .jsonMapper(parts.mcpJson())
        .jsonSchemaValidator(parts.schemaValidator())
        .validateToolInputs(false)
        .requestTimeout(parts.requestTimeout())
        .tools(parts.tools().specifications())
        .prompts(parts.prompts().specifications())
        .resources(parts.resources().resources())
        .resourceTemplates(parts.resources().templates())
        .completions(parts.completions().specifications());
  }

  private static McpSchema.ServerCapabilities capabilities(Parts parts) {
    // A plugin may change its tools or prompts while the server runs (ListChanges): then
    // relayListChanges has the SDK tell every session.
    McpSchema.ServerCapabilities.Builder capabilities =
        McpSchema.ServerCapabilities.builder().tools(parts.tools().changes());
    if (!parts.prompts().isEmpty()) {
      // The SDK registers prompts/list and prompts/get only with this capability, so a server
      // without prompt providers answers neither (the gate says -32601 first).
      capabilities.prompts(true);
    }
    if (!parts.resources().isEmpty()) {
      // The list is fixed for the life of the process, but what a resource reads may change: a
      // plugin says so through its ResourceChanges, and subscribers are told.
      capabilities.resources(true, false);
    }
    if (!parts.completions().isEmpty()) {
      capabilities.completions();
    }
    return capabilities.build();
  }
}
