package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.corpusmcp.host.BuildInfo;
import org.corpusmcp.host.tools.CallReports;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP revision 2026-07-28, served statelessly beside the SDK's session-based server for the earlier
 * revisions. That revision has no {@code initialize} handshake and no session: every request names
 * its protocol version and the client's capabilities in {@code params._meta}, a client learns the
 * server through {@code server/discover}, every result says {@code resultType}, list results carry
 * cache hints, and {@code ping} and {@code logging/setLevel} are gone. The SDK's session-based
 * server implements none of this (2.2.0's separate stateless server refuses {@code initialize}, so
 * it cannot serve the earlier revisions on the same endpoint), so modern requests never reach it:
 * they are answered here, from the same tool, prompt and resource specifications the SDK server is
 * built from, so a tool call or a read gives the same result on both revisions, after the same
 * {@link ProtocolGate} checks (unknown tool, argument and params shape) with the same codes.
 *
 * <p>Transport-neutral: both the HTTP front and the stdio transport call {@link #handle}. The
 * HTTP-only rules (the mirrored {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code
 * Mcp-Name} headers) are {@link ModernHeaders}'; they run after the {@code _meta} checks here, in
 * the order the revision's error examples need (see {@link #handle}).
 *
 * <p>{@code subscriptions/listen} opens a stream ({@link ListenStreams}, which this class owns and
 * {@link #close} ends) on the channel the transport gives: the acknowledgement first, then {@code
 * notifications/resources/updated} for the URIs the client named, each tagged with the listen
 * request's id; and {@code notifications/tools/list_changed} or {@code
 * notifications/prompts/list_changed} to the streams that asked for them ({@code toolsListChanged},
 * {@code promptsListChanged}) when a plugin changes its list. Resource lists never change while the
 * process runs, so {@code resourcesListChanged} is acknowledged as not carried.
 *
 * <p>Not implemented, because nothing in this server needs it: cancellation of a running call by
 * {@code notifications/cancelled} (read-only tools end by their own deadline).
 */
public final class ModernProtocol implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ModernProtocol.class);

  /** The stateless revision this class serves. */
  public static final String VERSION = "2026-07-28";

  /**
   * Every revision this server speaks, newest first: the stateless one here and the session-based
   * ones the SDK serves (reached with {@code initialize}).
   */
  public static final List<String> SUPPORTED_VERSIONS =
      List.of(VERSION, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

  static final String PROTOCOL_PREFIX = "io.modelcontextprotocol/";
  static final String META_VERSION = PROTOCOL_PREFIX + "protocolVersion";
  static final String META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
  static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

  /** Error codes the revision defines in the range it reserves. */
  static final int HEADER_MISMATCH = -32020;

  static final int UNSUPPORTED_VERSION = -32022;

  static final int MISSING_CLIENT_CAPABILITY = -32021;

  /**
   * How long a client may treat a list or discovery result as fresh. A client with a listen stream
   * that asked for list changes is told of a plugin's change at once; five minutes bounds how long
   * any other keeps a list from before a change or a restart.
   */
  static final long TTL_MS = 300_000;

  private final JsonMapper json;
  private final ProtocolGate gate;
  private final McpServers.ToolList tools;
  private final McpPromptBridge prompts;
  private final McpResourceBridge resources;
  private final Completions completions;
  private final RequestStates states;
  private final InputWire wire;
  private final String instructions;
  private final ListenStreams listens;

  public ModernProtocol(McpServers.Parts parts) {
    this(parts, ListenStreams.DEFAULT_LIMIT, HttpSettings.KEEP_ALIVE);
  }

  /**
   * @param maxListens open {@code subscriptions/listen} streams at most
   * @param listenKeepAlive how often an idle listen stream gets a keep-alive
   */
  ModernProtocol(McpServers.Parts parts, int maxListens, Duration listenKeepAlive) {
    this.json = parts.json();
    this.gate = parts.gate();
    this.tools = parts.tools();
    this.prompts = parts.prompts();
    this.resources = parts.resources();
    this.completions = parts.completions();
    this.states = parts.requestStates();
    this.wire = new InputWire(json);
    this.instructions = parts.instructions();
    this.listens =
        new ListenStreams(
            json, parts.resources().updates(), parts.lists(), maxListens, listenKeepAlive);
  }

  /**
   * One answer: the JSON-RPC response, or null for a notification (nothing to send), and the HTTP
   * status the revision gives it (stdio ignores the status).
   */
  public record Answer(@Nullable ObjectNode response, int httpStatus) {

    /** The answer of a request that became a stream: the transport writes nothing more. */
    static Answer streaming() {
      return new Answer(null, 200);
    }

    /** Whether this answers a notification: HTTP 202 and no body. */
    public boolean isNotification() {
      return response == null && httpStatus == 202;
    }
  }

  /**
   * Where a transport carries a {@code subscriptions/listen} stream. {@link #open} turns the
   * request's answer into that stream: called once the request has passed every check, so a refusal
   * is still an ordinary answer.
   */
  @FunctionalInterface
  public interface ListenChannel {

    /** A transport that carries no stream: a listen request is refused. */
    ListenChannel NONE = () -> null;

    /**
     * The stream's sink, or null when the client cannot take a stream (on HTTP: its {@code Accept}
     * lacks {@code text/event-stream}).
     *
     * @throws IOException when the client is gone before the stream could start
     */
    ListenStreams.@Nullable Sink open() throws IOException;

    /**
     * Told the stream once it is open, before its acknowledgement is written, for a transport that
     * cancels by id: a cancellation sent on reading the acknowledgement must find it.
     */
    default void opened(ListenStreams.Stream stream) {}
  }

  /** Listen streams open now. */
  int openListens() {
    return listens.openCount();
  }

  /**
   * Ends every listen stream with the revision's graceful end, refuses new ones, and stops relaying
   * changes.
   */
  @Override
  public void close() {
    listens.close();
  }

  /**
   * Whether a parsed message belongs to this revision: a request whose {@code _meta} carries the
   * revision's per-request fields (any {@code io.modelcontextprotocol/} key, so that one missing
   * field is answered as this revision's error rather than as a legacy one). Everything else,
   * {@code initialize} first, keeps the session-based behaviour exactly, including the -32601 a
   * bare {@code server/discover} probe has always had. On HTTP the {@code MCP-Protocol-Version}
   * header may also say so ({@link ModernHeaders#claimsModern}).
   */
  public static boolean isModern(JsonNode message) {
    if (!(message instanceof ObjectNode object) || !object.has("id")) {
      return false;
    }
    JsonNode meta = object.path("params").path("_meta");
    if (!meta.isObject()) {
      return false;
    }
    for (String key : meta.propertyNames()) {
      if (key.startsWith(PROTOCOL_PREFIX)) {
        return true;
      }
    }
    return false;
  }

  /** Parses a message, or returns null when it is not JSON (the gate then words the fault). */
  public @Nullable JsonNode parse(String text) {
    if (text.isBlank()) {
      return null;
    }
    try {
      return json.readTree(text);
    } catch (JacksonException e) {
      return null;
    }
  }

  /**
   * Answers one modern message. Checks, in order: the JSON-RPC envelope (-32600); the required
   * {@code _meta} fields, a string protocol version and an object of client capabilities (-32602,
   * HTTP 400); {@code headers} against the body, when given (-32020, HTTP 400); the version (-32022
   * with the supported versions, HTTP 400); the method (-32601, HTTP 404); then what the method
   * checks itself.
   *
   * @param headers the HTTP request's mirrored headers, or null on stdio
   */
  public Answer handle(JsonNode message, @Nullable ModernHeaders headers) {
    return handle(message, headers, notification -> {});
  }

  /**
   * {@link #handle(JsonNode, ModernHeaders)}, with the notifications a tool call sends while it
   * runs ({@code notifications/progress} when the request has a {@code progressToken}, {@code
   * notifications/message} when it names a {@code logLevel}) handed to {@code notifications} before
   * the answer is returned, from the tool's thread: the transport sends them ahead of the answer.
   */
  public Answer handle(
      JsonNode message, @Nullable ModernHeaders headers, Consumer<ObjectNode> notifications) {
    return handle(message, headers, notifications, ListenChannel.NONE);
  }

  /**
   * {@link #handle(JsonNode, ModernHeaders, Consumer)}, with {@code listen} to carry a {@code
   * subscriptions/listen} stream: when the answer {@link Answer#streaming() is the stream}, the
   * transport writes nothing more for the request.
   */
  public Answer handle(
      JsonNode message,
      @Nullable ModernHeaders headers,
      Consumer<ObjectNode> notifications,
      ListenChannel listen) {
    if (!(message instanceof ObjectNode request)) {
      return error(null, -32600, "Invalid Request: not a JSON-RPC object", 400);
    }
    JsonNode id = request.get("id");
    if (id == null || !(id.isString() || (id.isIntegralNumber() && id.canConvertToLong()))) {
      return request.has("id")
          ? error(
              null,
              -32600,
              "Invalid Request: 'id' must be a string or an integer of at most"
                  + " 64 bits (MCP does not allow null ids)",
              400)
          : new Answer(null, 202); // a notification: this revision asks nothing of the server
    }
    JsonNode version = request.get("jsonrpc");
    if (version == null || !(version.isString() && "2.0".equals(version.stringValue()))) {
      // missing or another value alike, as ProtocolGate refuses them on the earlier revisions
      return error(id, -32600, "Invalid Request: 'jsonrpc' must be \"2.0\"", 400);
    }
    JsonNode methodNode = request.get("method");
    if (methodNode == null || !methodNode.isString()) {
      return error(id, -32600, "Invalid Request: 'method' must be a string", 400);
    }
    String method = methodNode.stringValue();
    JsonNode params = request.get("params");
    if (params != null && !params.isObject()) {
      return error(id, -32602, "Invalid params: 'params' must be an object", 400);
    }
    JsonNode meta = params == null ? null : params.get("_meta");
    if (meta == null || !meta.isObject()) {
      return error(
          id,
          -32602,
          "Invalid params: a "
              + VERSION
              + " request needs a '_meta' object"
              + " with '"
              + META_VERSION
              + "' and '"
              + META_CAPABILITIES
              + "'",
          400);
    }
    JsonNode requested = meta.get(META_VERSION);
    if (requested == null || !requested.isString()) {
      return error(
          id, -32602, "Invalid params: '_meta." + META_VERSION + "' must be a string", 400);
    }
    JsonNode capabilities = meta.get(META_CAPABILITIES);
    if (capabilities == null || !capabilities.isObject()) {
      return error(
          id, -32602, "Invalid params: '_meta." + META_CAPABILITIES + "' must be an object", 400);
    }
    if (headers != null) {
      String mismatch = headers.mismatch(requested.stringValue(), method, params);
      if (mismatch != null) {
        return error(id, HEADER_MISMATCH, "Header mismatch: " + mismatch, 400);
      }
    }
    if (RequestReports.invalidLogLevel(meta)) {
      return error(
          id,
          -32602,
          "Invalid params: '_meta."
              + RequestReports.META_LOG_LEVEL
              + "' must be one of "
              + String.join(", ", ProtocolGate.LOG_LEVELS),
          400);
    }
    if (!VERSION.equals(requested.stringValue())) {
      ObjectNode response =
          ProtocolGate.errorResponse(json, id, UNSUPPORTED_VERSION, "Unsupported protocol version");
      ObjectNode data = ((ObjectNode) response.get("error")).putObject("data");
      SUPPORTED_VERSIONS.forEach(data.putArray("supported")::add);
      data.put("requested", requested.stringValue());
      return new Answer(response, 400);
    }
    if (method.equals("subscriptions/listen")) {
      return listen(id, params, listen);
    }
    return dispatch(request, id, method, RequestReports.of(json, meta, notifications));
  }

  /**
   * Opens a listen stream: the filter checked (-32602), a slot taken (-32000, HTTP 429, when the
   * server has as many open as it keeps), then the transport's stream, acknowledged at once.
   */
  private Answer listen(JsonNode id, JsonNode params, ListenChannel channel) {
    ListenFilter filter;
    try {
      filter =
          ListenFilter.read(
              params.get("notifications"),
              resources.reads()::serves,
              tools.changes(),
              !prompts.isEmpty());
    } catch (ListenFilter.Refused refused) {
      return error(id, -32602, refused.getMessage(), 400);
    }
    try {
      ListenStreams.Stream stream = listens.open(id, filter, channel);
      if (stream == null) {
        return error(
            id,
            -32600,
            "Invalid Request: subscriptions/listen answers with an event stream; send it with"
                + " 'Accept: text/event-stream'",
            406);
      }
      return Answer.streaming();
    } catch (ListenStreams.Full full) {
      return error(id, -32000, full.getMessage(), 429);
    } catch (IOException gone) {
      log.debug("a listen request's client left before its stream began: {}", gone.toString());
      return Answer.streaming();
    }
  }

  private Answer dispatch(ObjectNode request, JsonNode id, String method, CallReports reports) {
    boolean served =
        switch (method) {
          case "server/discover", "tools/list", "tools/call" -> true;
          case "prompts/list", "prompts/get" -> !prompts.isEmpty();
          case "resources/list", "resources/templates/list", "resources/read" ->
              !resources.isEmpty();
          case "completion/complete" -> !completions.isEmpty();
          default -> false;
        };
    if (!served) {
      return error(id, -32601, "Method not found: " + method + notServedBecause(method), 404);
    }
    if (method.equals("server/discover")) {
      return result(id, discover());
    }
    // The gate's checks of params, tool and prompt names and arguments, with its codes and texts.
    ProtocolGate.Verdict verdict = gate.inspect(request);
    if (verdict instanceof ProtocolGate.Reply reply) {
      int code = reply.code();
      return new Answer(reply.response(), code == -32700 || code == -32600 ? 400 : 200);
    }
    JsonNode params = request.path("params");
    try {
      return switch (method) {
        case "tools/list" ->
            result(
                id,
                cacheable(
                    json.valueToTree(
                        new McpSchema.ListToolsResult(
                            tools.specifications().stream()
                                .map(SyncToolSpecification::tool)
                                .toList(),
                            null,
                            null))));
        case "prompts/list" ->
            result(
                id,
                cacheable(
                    json.valueToTree(
                        new McpSchema.ListPromptsResult(prompts.listed(), null, null))));
        case "resources/list" ->
            result(
                id,
                cacheable(
                    json.valueToTree(
                        new McpSchema.ListResourcesResult(resources.listed(), null, null))));
        case "resources/templates/list" ->
            result(
                id,
                cacheable(
                    json.valueToTree(
                        new McpSchema.ListResourceTemplatesResult(
                            resources.listedTemplates(), null, null))));
        case "resources/read" -> readResource(id, params.path("uri").stringValue());
        case "completion/complete" -> complete(id, params);
        case "tools/call" -> callTool(id, params, reports);
        default -> getPrompt(id, params);
      };
    } catch (RuntimeException e) {
      log.warn("{} failed on the {} path: {}", method, VERSION, e.toString());
      return error(id, -32603, "Internal error: the details are in the server log", 500);
    }
  }

  private static String notServedBecause(String method) {
    return switch (method) {
      case "initialize", "ping", "logging/setLevel" ->
          " (not part of "
              + VERSION
              + "; "
              + ("initialize".equals(method)
                  ? "send it without '_meta."
                      + META_VERSION
                      + "' to open a session of an earlier revision)"
                  : "removed in that revision)");
      case "prompts/list", "prompts/get" -> " (no plugin contributes a prompt)";
      case "resources/list", "resources/templates/list", "resources/read" ->
          " (no plugin contributes a resource)";
      case "completion/complete" -> " (no plugin offers completions)";
      default -> "";
    };
  }

  private Answer callTool(JsonNode id, JsonNode params, CallReports reports) {
    McpSchema.CallToolRequest call = json.treeToValue(params, McpSchema.CallToolRequest.class);
    SyncToolSpecification tool =
        tools.specifications().stream()
            .filter(t -> t.tool().name().equals(call.name()))
            .findFirst()
            .orElse(null);
    if (tool == null) {
      // the gate checked the name, but its plugin may have changed its tools since
      return error(id, -32602, "Unknown tool: " + call.name(), 200);
    }
    return inRounds(
        id,
        params,
        "tools/call",
        call.name(),
        input -> {
          // Every tool the host serves is bridged; a handler from elsewhere has nothing to report
          // or ask through.
          McpSchema.CallToolResult outcome =
              tool.callHandler() instanceof McpToolBridge.BridgedCall bridged
                  ? bridged.call(call, reports, input)
                  : tool.callHandler().apply(null, call);
          return new RoundResult(
              json.valueToTree(outcome), Boolean.TRUE.equals(outcome.isError()), null);
        });
  }

  /**
   * What a round's handler came to, before the round's input has its say: a result (which may be a
   * failed tool call), or an error answer of the method's own.
   */
  private record RoundResult(@Nullable ObjectNode result, boolean failed, @Nullable Answer error) {}

  /**
   * One round of a request that may ask the client for input (SEP-2322): the answers of earlier
   * rounds come from the signed {@code requestState} and this round's from {@code inputResponses};
   * then the handler runs, and what it asked decides the answer: an answer that could not be read
   * is -32602; an unanswered ask is an {@code InputRequiredResult} with a new state; a failure
   * after asking for a capability the client lacks is -32021 (HTTP 400) naming it; else the
   * handler's result.
   */
  private Answer inRounds(
      JsonNode id,
      JsonNode params,
      String method,
      String name,
      java.util.function.Function<RoundInput, RoundResult> handler) {
    JsonNode responses = params.get("inputResponses");
    if (responses != null && !responses.isObject()) {
      return error(id, -32602, "Invalid params: 'inputResponses' must be an object", 200);
    }
    Map<String, JsonNode> answers = new LinkedHashMap<>();
    JsonNode arguments = params.get("arguments");
    JsonNode state = params.get("requestState");
    if (state != null) {
      if (!state.isString()) {
        return error(id, -32602, "Invalid params: 'requestState' must be a string", 200);
      }
      try {
        answers.putAll(states.open(state.stringValue(), method, name, arguments));
      } catch (RequestStates.Refused refused) {
        return error(id, -32602, refused.getMessage(), 200);
      }
    }
    if (responses != null) {
      for (var e : responses.properties()) {
        if (!e.getValue().isObject()) {
          return error(
              id,
              -32602,
              "Invalid params: 'inputResponses." + e.getKey() + "' must be an object",
              200);
        }
        answers.put(e.getKey(), e.getValue());
      }
    }
    RoundInput input = new RoundInput(wire, params.path("_meta").path(META_CAPABILITIES), answers);
    RoundResult outcome = handler.apply(input);
    if (input.malformed() != null) {
      return error(id, -32602, "Invalid params: " + input.malformed(), 200);
    }
    if (!input.pending().isEmpty()) {
      ObjectNode required = json.createObjectNode();
      ObjectNode requests = required.putObject("inputRequests");
      input
          .pending()
          .forEach(
              (key, asked) -> {
                ObjectNode request = requests.putObject(key);
                request.put("method", asked.method());
                request.set("params", asked.params());
              });
      required.put("requestState", states.seal(method, name, arguments, input.used()));
      return answer(id, required, "input_required");
    }
    if (input.missing() != null && outcome.failed()) {
      ObjectNode response =
          ProtocolGate.errorResponse(
              json,
              id,
              MISSING_CLIENT_CAPABILITY,
              "Missing required client capability: " + input.missing());
      ((ObjectNode) response.get("error"))
          .putObject("data")
          .putObject("requiredCapabilities")
          .putObject(input.missing());
      return new Answer(response, 400);
    }
    if (outcome.error() != null) {
      return outcome.error();
    }
    return result(id, java.util.Objects.requireNonNull(outcome.result(), "a result or an error"));
  }

  /**
   * A read, with this revision's errors: a URI no resource has is {@code -32602} with {@code
   * data.uri} (SEP-2164, which replaced the earlier revisions' {@code -32002}); a failed reader is
   * {@code -32603} in our words.
   */
  private Answer readResource(JsonNode id, String uri) {
    ResourceReads.Outcome outcome = resources.reads().read(uri);
    if (outcome instanceof ResourceReads.Found found) {
      // The revision requires cache hints on a read. A plugin's reader may answer differently
      // each time, so the contents are not to be reused; they are the same for every caller.
      ObjectNode read = json.valueToTree(found.result());
      read.put("ttlMs", 0);
      read.put("cacheScope", "public");
      return result(id, read);
    }
    if (outcome instanceof ResourceReads.NotFound) {
      ObjectNode response = ProtocolGate.errorResponse(json, id, -32602, "Resource not found");
      ((ObjectNode) response.get("error")).putObject("data").put("uri", uri);
      return new Answer(response, 200);
    }
    return error(id, -32603, McpResourceBridge.READ_FAILED, 500);
  }

  /** Completes a prompt argument or a resource-template variable; other references -32602. */
  private Answer complete(JsonNode id, JsonNode params) {
    JsonNode ref = params.path("ref");
    String type = ref.path("type").stringValue();
    String argument = params.path("argument").path("name").stringValue();
    String value = params.path("argument").path("value").stringValue();
    Map<String, String> context = new LinkedHashMap<>();
    params
        .path("context")
        .path("arguments")
        .properties()
        .forEach(
            e -> {
              if (e.getValue().isString()) {
                context.put(e.getKey(), e.getValue().stringValue());
              }
            });
    Completions.Outcome outcome;
    if ("ref/prompt".equals(type) && ref.path("name").isString()) {
      outcome =
          completions.completePrompt(ref.path("name").stringValue(), argument, value, context);
    } else if ("ref/resource".equals(type) && ref.path("uri").isString()) {
      outcome =
          completions.completeTemplate(ref.path("uri").stringValue(), argument, value, context);
    } else {
      return error(id, -32602, "Invalid params: no completions for this 'ref'", 200);
    }
    if (outcome instanceof Completions.Values values) {
      return result(id, json.valueToTree(values.result()));
    }
    if (outcome instanceof Completions.Refused refused) {
      return error(id, -32602, refused.message(), 200);
    }
    return error(id, -32603, Completions.FAILED, 500);
  }

  /** A prompt, with this revision's errors: arguments that do not fit -32602, a failure -32603. */
  private Answer getPrompt(JsonNode id, JsonNode params) {
    McpSchema.GetPromptRequest get = json.treeToValue(params, McpSchema.GetPromptRequest.class);
    return inRounds(
        id,
        params,
        "prompts/get",
        get.name(),
        input -> {
          McpPromptBridge.Outcome outcome = prompts.get(get.name(), get.arguments(), input);
          if (outcome instanceof McpPromptBridge.Written written) {
            return new RoundResult(json.valueToTree(written.result()), false, null);
          }
          if (outcome instanceof McpPromptBridge.Refused refused) {
            return new RoundResult(null, true, error(id, -32602, refused.message(), 200));
          }
          if (outcome instanceof McpPromptBridge.Asking) {
            // the round's pending asks are the answer
            return new RoundResult(null, false, null);
          }
          return new RoundResult(null, true, error(id, -32603, McpPromptBridge.GET_FAILED, 500));
        });
  }

  /** The {@code server/discover} result. */
  private ObjectNode discover() {
    ObjectNode result = json.createObjectNode();
    SUPPORTED_VERSIONS.forEach(result.putArray("supportedVersions")::add);
    ObjectNode capabilities = result.putObject("capabilities");
    ObjectNode toolsCapability = capabilities.putObject("tools");
    if (tools.changes()) {
      // a plugin may change its tools; a listen stream that asks is told (toolsListChanged)
      toolsCapability.put("listChanged", true);
    }
    // a tool may send log messages while it runs, to a request that names a logLevel
    capabilities.putObject("logging");
    if (!prompts.isEmpty()) {
      capabilities.putObject("prompts").put("listChanged", true);
    }
    if (!resources.isEmpty()) {
      // subscriptions/listen carries a resource's updates to the clients that name it
      capabilities.putObject("resources").put("subscribe", true);
    }
    if (!completions.isEmpty()) {
      capabilities.putObject("completions");
    }
    if (instructions != null && !instructions.isBlank()) {
      result.put("instructions", instructions);
    }
    return cacheable(result);
  }

  /** Adds the cache hints: fresh for {@link #TTL_MS}, the same for every caller. */
  private static ObjectNode cacheable(ObjectNode result) {
    result.put("ttlMs", TTL_MS);
    result.put("cacheScope", "public");
    return result;
  }

  /** A successful answer: {@code resultType} and the server's identity added to the result. */
  private Answer result(JsonNode id, ObjectNode result) {
    return answer(id, result, "complete");
  }

  private Answer answer(JsonNode id, ObjectNode result, String resultType) {
    return new Answer(response(json, id, result, resultType), 200);
  }

  /**
   * The JSON-RPC response that carries {@code result} as this revision sends every result, a
   * request's answer or a listen stream's graceful end: {@code resultType} and the server's
   * identity added, the latter in {@code _meta} beside what it holds already.
   */
  static ObjectNode response(JsonMapper json, JsonNode id, ObjectNode result, String resultType) {
    result.put("resultType", resultType);
    JsonNode existing = result.get("_meta");
    ObjectNode meta = existing instanceof ObjectNode object ? object : result.putObject("_meta");
    ObjectNode serverInfo = meta.putObject(META_SERVER_INFO);
    serverInfo.put("name", BuildInfo.NAME);
    serverInfo.put("version", BuildInfo.version());
    ObjectNode response = json.createObjectNode();
    response.put("jsonrpc", "2.0");
    response.set("id", id);
    response.set("result", result);
    return response;
  }

  private Answer error(@Nullable JsonNode id, int code, String message, int httpStatus) {
    return new Answer(ProtocolGate.errorResponse(json, id, code, message), httpStatus);
  }
}
