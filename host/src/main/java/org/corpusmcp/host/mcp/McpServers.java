package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.time.Duration;
import java.util.List;
import org.corpusmcp.host.BuildInfo;
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

  /** What a server needs, built once in main. */
  public record Parts(
      JsonMapper json,
      McpJsonMapper mcpJson,
      JsonSchemaValidator schemaValidator,
      List<SyncToolSpecification> tools,
      McpPromptBridge prompts,
      McpResourceBridge resources,
      Completions completions,
      RequestStates requestStates,
      String instructions,
      Duration requestTimeout) {

    public Parts {
      tools = List.copyOf(tools);
    }

    /** The names clients may call; the protocol gate refuses others before the SDK sees them. */
    public java.util.Set<String> toolNames() {
      return tools.stream()
          .map(t -> t.tool().name())
          .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /** The prompts clients may get; empty means the prompt methods are not served at all. */
    public java.util.Set<String> promptNames() {
      return prompts.names();
    }

    /** The gate that goes in front of a server built from these parts. */
    public ProtocolGate gate() {
      return new ProtocolGate(
          json, toolNames(), promptNames(), !resources.isEmpty(), !completions.isEmpty());
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

  public static McpSyncServer stdio(McpServerTransportProvider transport, Parts parts) {
    return configure(McpServer.sync(transport), parts).build();
  }

  public static McpSyncServer http(McpStreamableServerTransportProvider transport, Parts parts) {
    return configure(McpServer.sync(transport), parts).build();
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
        .tools(parts.tools())
        .prompts(parts.prompts().specifications())
        .resources(parts.resources().resources())
        .resourceTemplates(parts.resources().templates())
        .completions(parts.completions().specifications());
  }

  private static McpSchema.ServerCapabilities capabilities(Parts parts) {
    // Tools and prompts are fixed for the life of the process: no list_changed notifications.
    McpSchema.ServerCapabilities.Builder capabilities =
        McpSchema.ServerCapabilities.builder().tools(false);
    if (!parts.prompts().isEmpty()) {
      // The SDK registers prompts/list and prompts/get only with this capability, so a server
      // without prompts answers neither (the gate says -32601 first).
      capabilities.prompts(false);
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
