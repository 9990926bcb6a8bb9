package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.ToolContent;
import org.corpusmcp.api.ToolHints;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.plugins.RegisteredTool;
import org.corpusmcp.host.plugins.ToolCatalog;
import org.corpusmcp.host.tools.CallReports;
import org.corpusmcp.host.tools.ToolInvoker;
import org.corpusmcp.host.tools.ToolResultBody;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns the catalogue into MCP SDK tool specifications, and the invoker's {@link ToolResult}s into
 * {@link CallToolResult}s: the JSON body ({@link ToolResultBody}) as {@code structuredContent} and,
 * for clients that ignore structured output, the same JSON as a text block; {@code isError} on
 * failures, which carry the text block only.
 */
public final class McpToolBridge implements McpServers.ToolList {

  private final ToolInvoker invoker;
  private final JsonMapper json;
  private final Duration deadline;

  /**
   * @param deadline how long each call may run before it ends with a {@code timeout} result
   */
  public McpToolBridge(ToolInvoker invoker, JsonMapper json, Duration deadline) {
    this.invoker = invoker;
    this.json = json;
    this.deadline = deadline;
  }

  /** The specifications of one generation of the catalogue. */
  private record Built(long generation, List<SyncToolSpecification> list, Set<String> names) {}

  private volatile @Nullable Built built;

  /**
   * One SDK specification per catalogue entry, in catalogue order, as the catalogue is now: built
   * again only after a plugin changed its tools, so a request pays nothing for the list.
   */
  @Override
  public List<SyncToolSpecification> specifications() {
    return current().list();
  }

  /** The names {@code tools/call} accepts now. */
  @Override
  public Set<String> names() {
    return current().names();
  }

  /** Whether a plugin may change the list while the server runs. */
  @Override
  public boolean changes() {
    return invoker.catalog().changeable();
  }

  private Built current() {
    ToolCatalog catalog = invoker.catalog();
    Built now = built;
    long generation = catalog.generation();
    if (now == null || now.generation() != generation) {
      List<SyncToolSpecification> out = new ArrayList<>();
      for (RegisteredTool tool : catalog.tools()) {
        out.add(
            SyncToolSpecification.builder()
                .tool(describe(tool))
                .callHandler(new BridgedCall(tool))
                .build());
      }
      now =
          new Built(
              generation,
              List.copyOf(out),
              out.stream().map(t -> t.tool().name()).collect(Collectors.toUnmodifiableSet()));
      // a race rebuilds twice at worst; both builds describe the same generation
      built = now;
    }
    return now;
  }

  /** The tool as {@code tools/list} shows it. */
  public static McpSchema.Tool describe(RegisteredTool tool) {
    ToolHints hints = tool.spec().hints();
    McpSchema.Tool.Builder builder =
        McpSchema.Tool.builder(tool.name(), tool.inputSchema())
            .title(tool.spec().title())
            .description(tool.spec().description())
            .annotations(
                McpSchema.ToolAnnotations.builder()
                    .title(tool.spec().title())
                    .readOnlyHint(hints.readOnly())
                    .destructiveHint(hints.destructive())
                    .idempotentHint(hints.idempotent())
                    .openWorldHint(hints.openWorld())
                    .build());
    return builder.outputSchema(tool.outputSchema()).build();
  }

  /**
   * The SDK's handler of one tool, which the stateless revision can also call with reports of its
   * own ({@link #call(McpSchema.CallToolRequest, CallReports)}): it has no SDK exchange to report
   * through.
   */
  public final class BridgedCall
      implements BiFunction<McpSyncServerExchange, McpSchema.CallToolRequest, CallToolResult> {

    private final RegisteredTool tool;

    BridgedCall(RegisteredTool tool) {
      this.tool = tool;
    }

    @Override
    public CallToolResult apply(
        @Nullable McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
      return call(request, SessionReports.of(exchange, request), SessionInput.of(exchange, json));
    }

    /**
     * One call, its progress and log messages sent through {@code reports}, its requests for input
     * through {@code input}.
     */
    public CallToolResult call(
        McpSchema.CallToolRequest request, CallReports reports, ClientInput input) {
      return McpToolBridge.this.call(tool, request.arguments(), reports, input);
    }
  }

  private CallToolResult call(
      RegisteredTool tool,
      @Nullable Map<String, Object> arguments,
      CallReports reports,
      ClientInput input) {
    @SuppressWarnings("unchecked")
    Map<String, @Nullable Object> args = (Map<String, @Nullable Object>) (Map<?, ?>) arguments;
    ToolResult outcome = invoker.call(tool.name(), args, deadline, reports, input);
    CallToolResult.Builder result =
        CallToolResult.builder().isError(outcome instanceof ToolResult.Failure);
    List<ToolContent> content =
        outcome instanceof ToolResult.Success success ? success.content() : List.of();
    if (content.isEmpty()) {
      result.addTextContent(JsonText.pretty(json, ToolResultBody.of(outcome)));
    } else {
      content.forEach(block -> result.addContent(content(block)));
    }
    if (outcome instanceof ToolResult.Success success) {
      result.structuredContent(success.body());
    }
    return result.build();
  }

  /** A plugin's content block as MCP carries it. */
  static McpSchema.Content content(ToolContent block) {
    if (block instanceof ToolContent.Image image) {
      return new McpSchema.ImageContent(null, image.base64(), image.mimeType(), null);
    }
    if (block instanceof ToolContent.Audio audio) {
      return new McpSchema.AudioContent(null, audio.base64(), audio.mimeType(), null);
    }
    if (block instanceof ToolContent.Resource resource) {
      return new McpSchema.EmbeddedResource(
          null, ResourceReads.contents(resource.contents()), null);
    }
    return new McpSchema.TextContent(null, ((ToolContent.Text) block).text(), null);
  }
}
