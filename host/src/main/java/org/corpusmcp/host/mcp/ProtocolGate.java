package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.corpusmcp.host.tools.NearestName;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Looks at every inbound JSON-RPC message before the MCP SDK does, on both transports, and answers
 * what the SDK would mishandle: on stdio its reader stops for good at the first line it cannot map
 * (a blank line, non-JSON, a batch, {@code "id":null}), and on HTTP it answers some faults with a
 * 500 or a serialized exception. Whatever passes the gate is a well-formed message the SDK can
 * take.
 *
 * <p>Rules, in order (codes per JSON-RPC 2.0; texts as the reference Arch wiki server sends):
 *
 * <ul>
 *   <li>not JSON, or blank: {@code -32700 Parse error}
 *   <li>a JSON array (a batch; removed from MCP in 2025-06-18) or any non-object: {@code -32600}
 *   <li>{@code jsonrpc} missing or other than "2.0", {@code method} not a string, an {@code id}
 *       that is null, fractional, beyond 64 bits or not a string/number (MCP forbids null ids):
 *       {@code -32600}
 *   <li>{@code params} present but not an object: {@code -32602}
 *   <li>{@code logging/setLevel} without a {@code level} that RFC 5424 names (debug, info, notice,
 *       warning, error, critical, alert, emergency), e.g. {@code "EVIL"}, which the SDK took:
 *       {@code -32602}
 *   <li>{@code initialize} without {@code protocolVersion}, {@code capabilities} and {@code
 *       clientInfo}; any served request whose params do not have the shape of the SDK's type for
 *       them (e.g. {@code "_meta": 5}), which the SDK would otherwise fail on after accepting the
 *       request, leaving it unanswered or answered with Jackson's text: {@code -32602}
 *   <li>a request for a method this server does not serve (e.g. {@code sampling/createMessage},
 *       {@code prompts/list} / {@code prompts/get} when no plugin contributes a prompt, the {@code
 *       resources/*} methods when none contributes a resource): {@code -32601 Method not found}.
 *       Requests of revision 2026-07-28, {@code server/discover} among them, are taken by {@link
 *       ModernProtocol} before they reach this gate.
 *   <li>{@code tools/call} or {@code prompts/get} without a string {@code name}, with non-object
 *       {@code arguments}, or naming an unknown tool or prompt: {@code -32602} (the SDK's own
 *       answer to an unknown prompt is "Invalid prompt name"; the contract's is {@code Unknown
 *       prompt: <name>}), followed by {@code (did you mean '<nearest>'?)} when a served name is one
 *       slip away, as the command line suggests it
 *   <li>{@code resources/read}, {@code resources/subscribe} or {@code resources/unsubscribe}
 *       without a string {@code uri}: {@code -32602} (a URI no resource has is the resource
 *       bridge's to answer, in its revision's words; a subscription to one is kept, as the
 *       specification leaves the URI's meaning to the server)
 *   <li>{@code completion/complete} (served when a template variable has a completion handler)
 *       without {@code ref.type}, {@code argument.name} and {@code argument.value} strings: {@code
 *       -32602}
 * </ul>
 *
 * A malformed notification gets no answer (JSON-RPC never answers notifications); it is dropped.
 * {@code notifications/roots/list_changed} is acknowledged but not forwarded: the SDK would answer
 * it by asking the client for {@code roots/list} whether or not the client declared roots, and
 * nothing in this server uses roots. A missing {@code jsonrpc} member is refused like a wrong one,
 * on both transports, which both pass every message through this gate.
 *
 * <p>Every message text is this class's own: nothing from Jackson or the JDK reaches a client.
 */
public final class ProtocolGate {

  /**
   * The request methods every server implements: tools, plus the log-level request that goes with
   * the logging capability the SDK always advertises. No resources or completions.
   */
  public static final Set<String> SERVED_METHODS =
      Set.of("initialize", "ping", "tools/list", "tools/call", "logging/setLevel");

  /** Served only when there is a prompt, as only then is the prompts capability advertised. */
  public static final Set<String> PROMPT_METHODS = Set.of("prompts/list", "prompts/get");

  /**
   * Served only when there is a resource or a template, as only then is the resources capability
   * advertised, with subscriptions: what a resource reads may change.
   */
  public static final Set<String> RESOURCE_METHODS =
      Set.of(
          "resources/list",
          "resources/templates/list",
          "resources/read",
          "resources/subscribe",
          "resources/unsubscribe");

  /** The resource methods whose params must name a {@code uri}. */
  private static final Set<String> URI_METHODS =
      Set.of("resources/read", "resources/subscribe", "resources/unsubscribe");

  /** Notifications that are valid but that this server has no use for. */
  public static final Set<String> IGNORED_NOTIFICATIONS =
      Set.of("notifications/roots/list_changed");

  /** The SDK type each served request's params are read into; a params object must fit it. */
  private static final Map<String, Class<?>> PARAMS_TYPES =
      Map.ofEntries(
          Map.entry("initialize", McpSchema.InitializeRequest.class),
          Map.entry("tools/list", McpSchema.PaginatedRequest.class),
          Map.entry("tools/call", McpSchema.CallToolRequest.class),
          Map.entry("prompts/list", McpSchema.PaginatedRequest.class),
          Map.entry("prompts/get", McpSchema.GetPromptRequest.class),
          Map.entry("resources/list", McpSchema.PaginatedRequest.class),
          Map.entry("resources/templates/list", McpSchema.PaginatedRequest.class),
          Map.entry("resources/read", McpSchema.ReadResourceRequest.class),
          Map.entry("resources/subscribe", McpSchema.SubscribeRequest.class),
          Map.entry("resources/unsubscribe", McpSchema.UnsubscribeRequest.class),
          Map.entry("completion/complete", McpSchema.CompleteRequest.class),
          Map.entry("logging/setLevel", McpSchema.SetLevelRequest.class));

  /** The levels {@code logging/setLevel} takes: RFC 5424's names, as MCP spells them. */
  static final List<String> LOG_LEVELS =
      List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

  private final JsonMapper json;
  private final Supplier<Set<String>> tools;
  private final Supplier<Set<String>> prompts;
  private final boolean promptsServed;
  private final boolean resources;
  private final boolean completions;

  /** A gate for a server without prompts. */
  public ProtocolGate(JsonMapper json, Set<String> tools) {
    this(json, tools, Set.of());
  }

  /**
   * @param tools the names {@code tools/call} accepts; a near miss is answered with the nearest
   * @param prompts the names {@code prompts/get} accepts; when empty, the prompt methods are
   *     answered {@code -32601} like any other method the server does not serve
   */
  public ProtocolGate(JsonMapper json, Set<String> tools, Set<String> prompts) {
    this(json, tools, prompts, false, false);
  }

  /**
   * @param tools the names {@code tools/call} accepts; a near miss is answered with the nearest
   * @param prompts the names {@code prompts/get} accepts; when empty, the prompt methods are
   *     answered {@code -32601} like any other method the server does not serve
   * @param resources whether the resource methods are served; when not, they are answered {@code
   *     -32601}
   * @param completions whether {@code completion/complete} is served; when not, {@code -32601}
   */
  public ProtocolGate(
      JsonMapper json,
      Set<String> tools,
      Set<String> prompts,
      boolean resources,
      boolean completions) {
    this(json, constant(tools), constant(prompts), !prompts.isEmpty(), resources, completions);
  }

  /**
   * A gate over lists that may change while the server runs: each check reads them as they are.
   *
   * @param tools the names {@code tools/call} accepts now
   * @param prompts the names {@code prompts/get} accepts now
   * @param promptsServed whether the prompt methods are served at all; when not, {@code -32601}
   * @param resources whether the resource methods are served; when not, {@code -32601}
   * @param completions whether {@code completion/complete} is served; when not, {@code -32601}
   */
  public ProtocolGate(
      JsonMapper json,
      Supplier<Set<String>> tools,
      Supplier<Set<String>> prompts,
      boolean promptsServed,
      boolean resources,
      boolean completions) {
    this.json = json;
    this.tools = tools;
    this.prompts = prompts;
    this.promptsServed = promptsServed;
    this.resources = resources;
    this.completions = completions;
  }

  private static Supplier<Set<String>> constant(Set<String> names) {
    Set<String> copy = Set.copyOf(names);
    return () -> copy;
  }

  /** What to do with one inbound message. */
  public sealed interface Verdict permits Forward, Reply, Drop, Ignore {}

  /**
   * Hand the message on to the SDK.
   *
   * @param message the message
   * @param isRequest true when the sender waits for a response
   */
  public record Forward(ObjectNode message, boolean isRequest) implements Verdict {}

  /** Answer with {@code response} (a JSON-RPC error) and do not forward. */
  public record Reply(ObjectNode response, int code) implements Verdict {}

  /** Say nothing: a malformed notification. */
  public record Drop(String reason) implements Verdict {}

  /** Acknowledge (HTTP 202) but do not forward: a valid notification this server does not use. */
  public record Ignore(String reason) implements Verdict {}

  /** Checks one message given as JSON text. */
  public Verdict inspect(String text) {
    if (text.isBlank()) {
      return reply(null, -32700, "Parse error: empty message");
    }
    JsonNode node;
    try {
      node = json.readTree(text);
    } catch (StreamConstraintsException e) {
      return reply(
          null, -32700, "Parse error: the message is nested too deeply or has a value too large");
    } catch (JacksonException e) {
      return reply(null, -32700, "Parse error: not valid JSON" + where(e.getLocation()));
    }
    return inspect(node);
  }

  /** Checks one parsed message. */
  public Verdict inspect(@Nullable JsonNode node) {
    if (node == null || node.isMissingNode()) {
      return reply(null, -32700, "Parse error: empty message");
    }
    if (node.isArray()) {
      return reply(
          null,
          -32600,
          "Invalid Request: batch requests are not supported; send one JSON-RPC object per message");
    }
    if (!(node instanceof ObjectNode message)) {
      return reply(null, -32600, "Invalid Request: not a JSON-RPC object");
    }
    JsonNode version = message.get("jsonrpc");
    JsonNode id = message.get("id");
    boolean hasId = message.has("id");
    JsonNode validId = hasId && isValidId(id) ? id : null;
    if (version == null || !version.isString() || !"2.0".equals(version.stringValue())) {
      // missing or another value alike: JSON-RPC 2.0 requires the member, exactly "2.0"
      return hasId || !message.has("method")
          ? reply(validId, -32600, "Invalid Request: 'jsonrpc' must be \"2.0\"")
          : new Drop("notification with a bad jsonrpc member");
    }
    if (!message.has("method")) {
      return inspectResponse(message, id, validId);
    }
    JsonNode method = message.get("method");
    if (hasId && validId == null) {
      return reply(
          null,
          -32600,
          "Invalid Request: 'id' must be a string or an integer of at most"
              + " 64 bits (MCP does not allow null ids)");
    }
    if (method == null || !method.isString()) {
      return hasId
          ? reply(validId, -32600, "Invalid Request: 'method' must be a string")
          : new Drop("notification without a string method");
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isObject()) {
      return hasId
          ? reply(validId, -32602, "Invalid params: 'params' must be an object")
          : new Drop("notification with non-object params");
    }
    if (!hasId) {
      return IGNORED_NOTIFICATIONS.contains(method.stringValue())
          ? new Ignore("this server does not use " + method.stringValue())
          : new Forward(message, false);
    }
    String name = method.stringValue();
    boolean served =
        SERVED_METHODS.contains(name)
            || (promptsServed && PROMPT_METHODS.contains(name))
            || (resources && RESOURCE_METHODS.contains(name))
            || (completions && name.equals("completion/complete"));
    if (!served) {
      return reply(validId, -32601, "Method not found: " + name);
    }
    if (name.equals("initialize") && !isInitializeParams(params)) {
      return reply(
          validId,
          -32602,
          "Invalid params: initialize needs 'protocolVersion' (a string),"
              + " 'capabilities' (an object) and 'clientInfo' (an object with string 'name' and 'version')");
    }
    if (name.equals("tools/call")) {
      return inspectCall(message, params, validId, "tool", tools.get());
    }
    if (name.equals("prompts/get")) {
      return inspectCall(message, params, validId, "prompt", prompts.get());
    }
    if (URI_METHODS.contains(name) && (params == null || !params.path("uri").isString())) {
      return reply(validId, -32602, "Invalid params: 'uri' must be a string");
    }
    if (name.equals("completion/complete") && !isCompletion(params)) {
      return reply(
          validId,
          -32602,
          "Invalid params: completion/complete needs 'ref' (an object with a string 'type')"
              + " and 'argument' (an object with string 'name' and 'value')");
    }
    if (name.equals("logging/setLevel") && !isLevel(params)) {
      return reply(
          validId,
          -32602,
          "Invalid params: 'level' must be one of " + String.join(", ", LOG_LEVELS));
    }
    String shapeFault = shapeFault(name, params);
    return shapeFault == null ? new Forward(message, true) : reply(validId, -32602, shapeFault);
  }

  private static boolean isLevel(@Nullable JsonNode params) {
    JsonNode level = params == null ? null : params.get("level");
    return level != null && level.isString() && LOG_LEVELS.contains(level.stringValue());
  }

  private static boolean isCompletion(@Nullable JsonNode params) {
    if (params == null) {
      return false;
    }
    JsonNode argument = params.path("argument");
    return params.path("ref").path("type").isString()
        && argument.path("name").isString()
        && argument.path("value").isString();
  }

  private static boolean isInitializeParams(@Nullable JsonNode params) {
    if (params == null) {
      return false;
    }
    JsonNode client = params.path("clientInfo");
    return params.path("protocolVersion").isString()
        && params.path("capabilities").isObject()
        && client.isObject()
        && client.path("name").isString()
        && client.path("version").isString();
  }

  /**
   * Why {@code params} would not read into the SDK's type for {@code method}, or null when they
   * would. The SDK reads them only after it has accepted the request, and a failure there went
   * unanswered or was answered with Jackson's text.
   */
  private @Nullable String shapeFault(String method, @Nullable JsonNode params) {
    if (params == null) {
      return null;
    }
    JsonNode meta = params.get("_meta");
    if (meta != null && !meta.isNull()) {
      if (!meta.isObject()) {
        return "Invalid params: '_meta' must be an object";
      }
      JsonNode token = meta.get("progressToken");
      if (token != null && !isValidId(token)) {
        return "Invalid params: '_meta.progressToken' must be a string or an integer";
      }
    }
    Class<?> type = PARAMS_TYPES.get(method);
    if (type == null) {
      return null;
    }
    try {
      json.treeToValue(params, type);
      return null;
    } catch (JacksonException e) {
      String path = pathOf(e);
      return path.isEmpty()
          ? "Invalid params: they do not have the shape " + method + " takes"
          : "Invalid params: '" + path + "' does not have the type " + method + " takes there";
    }
  }

  /** A dotted path such as {@code capabilities.roots}, from the member names Jackson records. */
  private static String pathOf(JacksonException e) {
    StringBuilder path = new StringBuilder();
    for (JacksonException.Reference reference : e.getPath()) {
      if (reference.getPropertyName() != null) {
        if (path.length() > 0) {
          path.append('.');
        }
        path.append(reference.getPropertyName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  private static String where(@Nullable TokenStreamLocation location) {
    if (location == null || location.getLineNr() < 1) {
      return "";
    }
    return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  /** {@code tools/call} and {@code prompts/get}: a string name that exists, object arguments. */
  private Verdict inspectCall(
      ObjectNode message,
      @Nullable JsonNode params,
      @Nullable JsonNode validId,
      String kind,
      Set<String> names) {
    JsonNode target = params == null ? null : params.get("name");
    if (target == null || !target.isString()) {
      return reply(validId, -32602, "Invalid params: 'name' must be a string");
    }
    JsonNode arguments = params.get("arguments");
    if (arguments != null && !arguments.isObject() && !arguments.isNull()) {
      return reply(validId, -32602, "Invalid params: 'arguments' must be an object");
    }
    String shapeFault = shapeFault(message.get("method").stringValue(), params);
    if (shapeFault != null) {
      return reply(validId, -32602, shapeFault);
    }
    String name = target.stringValue();
    if (!names.contains(name)) {
      // the same "did you mean" as the command line's `call` gives for a mistyped tool
      return reply(
          validId, -32602, "Unknown " + kind + ": " + name + NearestName.hint(name, names));
    }
    return new Forward(message, true);
  }

  private Verdict inspectResponse(
      ObjectNode message, @Nullable JsonNode id, @Nullable JsonNode validId) {
    boolean hasResult = message.has("result");
    boolean hasError = message.has("error");
    if (validId != null && hasResult != hasError) {
      return new Forward(message, false);
    }
    if (id == null) {
      return reply(null, -32600, "Invalid Request: a message needs a 'method' or an 'id'");
    }
    return reply(
        null,
        -32600,
        "Invalid Request: a response needs a valid 'id' and exactly one of 'result' or 'error'");
  }

  private static boolean isValidId(@Nullable JsonNode id) {
    return id != null && (id.isString() || (id.isIntegralNumber() && id.canConvertToLong()));
  }

  private Reply reply(@Nullable JsonNode id, int code, String message) {
    return new Reply(errorResponse(json, id, code, message), code);
  }

  /** A JSON-RPC error response object. */
  public static ObjectNode errorResponse(
      JsonMapper json, @Nullable JsonNode id, int code, String message) {
    ObjectNode out = json.createObjectNode();
    out.put("jsonrpc", "2.0");
    if (id == null) {
      out.putNull("id");
    } else {
      out.set("id", id);
    }
    ObjectNode error = out.putObject("error");
    error.put("code", code);
    error.put("message", message);
    return out;
  }
}
