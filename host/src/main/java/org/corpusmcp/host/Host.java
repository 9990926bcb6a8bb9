package org.corpusmcp.host;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.Completions;
import org.corpusmcp.host.mcp.McpPromptBridge;
import org.corpusmcp.host.mcp.McpResourceBridge;
import org.corpusmcp.host.mcp.McpServers;
import org.corpusmcp.host.mcp.McpToolBridge;
import org.corpusmcp.host.mcp.RequestStates;
import org.corpusmcp.host.plugins.ListUpdates;
import org.corpusmcp.host.plugins.LoadedPlugin;
import org.corpusmcp.host.plugins.PluginRuntime;
import org.corpusmcp.host.plugins.PromptCatalog;
import org.corpusmcp.host.plugins.ResourceCatalog;
import org.corpusmcp.host.plugins.ResourceUpdates;
import org.corpusmcp.host.plugins.ToolCatalog;
import org.corpusmcp.host.tools.ArgumentValidator;
import org.corpusmcp.host.tools.ToolInvoker;
import org.corpusmcp.host.tools.Warmup;
import tools.jackson.databind.json.JsonMapper;

/**
 * One running host: the started plugins, the tool and prompt catalogues built from them, and the
 * invoker every front end (stdio, HTTP, CLI) calls tools through. Built once per process by the
 * command that needs it and closed when that command ends.
 */
public final class Host implements AutoCloseable {

  private static final String INSTRUCTIONS =
      "Reference knowledge with provenance. Each tool's description says what it returns and"
          + " how to cite it; results carry identifiers (refs, revision URLs, content hashes)"
          + " that let a claim be re-checked. Quote what the tools return rather than paraphrasing"
          + " from memory, and treat an error result as an answer: it says what is missing.";

  /**
   * The host's own tools, made once the plugins are loaded, what to close with them, and the calls
   * a fresh server may make on itself while idle to warm them up ({@link Warmup}).
   */
  public record HostTools(
      List<ToolSpec> tools, AutoCloseable resources, Supplier<List<Warmup.Call>> warmUp) {
    public HostTools(List<ToolSpec> tools, AutoCloseable resources) {
      this(tools, resources, List::of);
    }

    public static HostTools none() {
      return new HostTools(List.of(), () -> {});
    }
  }

  /** Makes the host's own tools from the loaded plugins (the corpus needs their adapters). */
  @FunctionalInterface
  public interface HostToolsFactory {
    HostTools create(List<LoadedPlugin> plugins);
  }

  private final PluginRuntime runtime;
  private final AutoCloseable hostResources;
  private final Supplier<List<Warmup.Call>> warmUp;
  private final ToolInvoker invoker;
  private final ExecutorService toolThreads;
  private final PromptCatalog prompts;
  private final ResourceCatalog resources;
  private final ListUpdates lists;
  private final JsonMapper json;
  private final JsonSchemaValidator schemaValidator;
  private final RequestStates requestStates;

  private Host(
      PluginRuntime runtime,
      AutoCloseable hostResources,
      Supplier<List<Warmup.Call>> warmUp,
      ToolInvoker invoker,
      ExecutorService toolThreads,
      PromptCatalog prompts,
      ResourceCatalog resources,
      ListUpdates lists,
      JsonMapper json,
      JsonSchemaValidator schemaValidator,
      RequestStates requestStates) {
    this.runtime = runtime;
    this.hostResources = hostResources;
    this.warmUp = warmUp;
    this.invoker = invoker;
    this.toolThreads = toolThreads;
    this.prompts = prompts;
    this.resources = resources;
    this.lists = lists;
    this.json = json;
    this.schemaValidator = schemaValidator;
    this.requestStates = requestStates;
  }

  /** A host with only plugin tools, or with fixed host tools (tests). */
  public static Host start(HostSettings settings, JsonMapper json, List<ToolSpec> hostTools) {
    return start(settings, json, plugins -> new HostTools(hostTools, () -> {}));
  }

  /** Loads the plugins and builds the catalogue; fails closed (PluginStartupException). */
  public static Host start(HostSettings settings, JsonMapper json, HostToolsFactory factory) {
    // The validator compiles the JSON Schema 2020-12 meta-schema, and its first check of a tool's
    // schema loads most of the library: made beside the plugins and the corpus, which do not use
    // it, and ready when the catalogue does. Logging is set up here first: a logger asked for on
    // two threads while SLF4J initialises is a stand-in that leaves a warning on stderr.
    org.slf4j.LoggerFactory.getILoggerFactory();
    StartupTask<JsonSchemaValidator> validator =
        StartupTask.start("schema-validator", () -> McpServers.warmSchemaValidator(json));
    PluginRuntime runtime = PluginRuntime.start(settings);
    HostTools hostTools = null;
    ExecutorService toolThreads = null;
    try {
      hostTools = factory.create(runtime.plugins());
      JsonSchemaValidator schemaValidator = validator.get();
      // one place for every plugin's resource-change announcements, whichever extension makes them
      ResourceUpdates updates = new ResourceUpdates();
      // and one for their word that a tool or prompt list changed: the catalogues re-read it
      ListUpdates lists = new ListUpdates();
      ToolCatalog catalog =
          ToolCatalog.build(hostTools.tools(), runtime.plugins(), settings, json, updates, lists);
      PromptCatalog prompts = PromptCatalog.build(runtime.plugins(), settings, updates, lists);
      ResourceCatalog resources =
          ResourceCatalog.build(runtime.plugins(), settings, updates, lists);
      lists.serve(catalog, prompts);
      toolThreads = ToolInvoker.handlerThreads();
      ToolInvoker invoker =
          new ToolInvoker(catalog, new ArgumentValidator(schemaValidator), toolThreads);
      return new Host(
          runtime,
          hostTools.resources(),
          hostTools.warmUp(),
          invoker,
          toolThreads,
          prompts,
          resources,
          lists,
          json,
          schemaValidator,
          // one signing key per process, or the operator's, shared by replicas
          RequestStates.from(json, settings.environment()));
    } catch (RuntimeException e) {
      if (toolThreads != null) {
        toolThreads.shutdownNow();
      }
      closeQuietly(hostTools);
      runtime.close();
      throw e;
    }
  }

  private static void closeQuietly(@org.jspecify.annotations.Nullable HostTools tools) {
    if (tools != null) {
      try {
        tools.resources().close();
      } catch (Exception ignored) {
        // already failing; the original exception is the one to report
      }
    }
  }

  public List<LoadedPlugin> plugins() {
    return runtime.plugins();
  }

  public ToolCatalog catalog() {
    return invoker.catalog();
  }

  public PromptCatalog prompts() {
    return prompts;
  }

  public ResourceCatalog resources() {
    return resources;
  }

  public ToolInvoker invoker() {
    return invoker;
  }

  /** The calls an idle fresh server may make on itself to warm its tools up ({@link Warmup}). */
  public Supplier<List<Warmup.Call>> warmUpCalls() {
    return warmUp;
  }

  public JsonMapper json() {
    return json;
  }

  /**
   * What the MCP transports need to serve this host's tools and prompts.
   *
   * @param requestTimeout the deadline of every tool call, and how long the server waits for a
   *     client to answer a request of its own
   */
  public McpServers.Parts mcpParts(Duration requestTimeout) {
    return new McpServers.Parts(
        json,
        McpServers.mcpMapper(json),
        schemaValidator,
        new McpToolBridge(invoker, json, requestTimeout),
        new McpPromptBridge(prompts, json),
        new McpResourceBridge(resources),
        new Completions(resources, prompts),
        lists,
        requestStates,
        INSTRUCTIONS,
        requestTimeout);
  }

  @Override
  public void close() {
    // handlers first: they may be reading the corpus and the plugins closed below; one that
    // ignores the interrupt is a daemon and cannot keep the process alive
    toolThreads.shutdownNow();
    try {
      hostResources.close();
    } catch (Exception e) {
      org.slf4j.LoggerFactory.getLogger(Host.class).warn("closing host tools: {}", e.toString());
    }
    runtime.close();
  }
}
