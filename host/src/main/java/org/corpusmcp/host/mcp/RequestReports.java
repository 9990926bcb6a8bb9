package org.corpusmcp.host.mcp;

import java.util.function.Consumer;
import org.corpusmcp.api.LogLevel;
import org.corpusmcp.host.tools.CallReports;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A running call's reports on revision 2026-07-28, which has no session: each request says in its
 * own {@code _meta} what it wants, a {@code progressToken} for {@code notifications/progress} and
 * {@code io.modelcontextprotocol/logLevel} for {@code notifications/message} (without it the server
 * must send none), and the notifications travel with that request's answer (on HTTP its SSE
 * response stream, on stdio lines before the response).
 */
final class RequestReports implements CallReports {

  static final String META_LOG_LEVEL = ModernProtocol.PROTOCOL_PREFIX + "logLevel";

  private final JsonMapper json;
  private final @Nullable JsonNode progressToken;
  private final @Nullable LogLevel minimum;
  private final Consumer<ObjectNode> send;

  private RequestReports(
      JsonMapper json,
      @Nullable JsonNode progressToken,
      @Nullable LogLevel minimum,
      Consumer<ObjectNode> send) {
    this.json = json;
    this.progressToken = progressToken;
    this.minimum = minimum;
    this.send = send;
  }

  /**
   * The reports a request asked for in {@code meta}; an invalid token or level asks for nothing
   * ({@link #invalidLogLevel} lets the caller refuse the latter first).
   */
  static CallReports of(JsonMapper json, JsonNode meta, Consumer<ObjectNode> send) {
    JsonNode token = meta.get("progressToken");
    boolean validToken =
        token != null
            && (token.isString() || (token.isIntegralNumber() && token.canConvertToLong()));
    LogLevel minimum = level(meta.get(META_LOG_LEVEL));
    if (!validToken && minimum == null) {
      return CallReports.NONE;
    }
    return new RequestReports(json, validToken ? token : null, minimum, send);
  }

  /** Whether {@code meta} names a log level that is not one of RFC 5424's. */
  static boolean invalidLogLevel(JsonNode meta) {
    JsonNode level = meta.get(META_LOG_LEVEL);
    return level != null && level(level) == null;
  }

  private static @Nullable LogLevel level(@Nullable JsonNode node) {
    if (node == null || !node.isString()) {
      return null;
    }
    for (LogLevel level : LogLevel.values()) {
      if (level.wireName().equals(node.stringValue())) {
        return level;
      }
    }
    return null;
  }

  @Override
  public void progress(double done, @Nullable Double total, @Nullable String message) {
    if (progressToken == null) {
      return;
    }
    ObjectNode params = json.createObjectNode();
    params.set("progressToken", progressToken);
    params.put("progress", done);
    if (total != null) {
      params.put("total", total);
    }
    if (message != null) {
      params.put("message", message);
    }
    send.accept(notification("notifications/progress", params));
  }

  @Override
  public void log(LogLevel level, String logger, String message) {
    if (minimum == null || level.compareTo(minimum) < 0) {
      return;
    }
    ObjectNode params = json.createObjectNode();
    params.put("level", level.wireName());
    params.put("logger", logger);
    params.put("data", message);
    send.accept(notification("notifications/message", params));
  }

  private ObjectNode notification(String method, ObjectNode params) {
    ObjectNode message = json.createObjectNode();
    message.put("jsonrpc", "2.0");
    message.put("method", method);
    message.set("params", params);
    return message;
  }
}
