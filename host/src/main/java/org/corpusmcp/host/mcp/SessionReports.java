package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import org.corpusmcp.api.LogLevel;
import org.corpusmcp.host.tools.CallReports;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running call's reports in a 2025-11-25 (or earlier) session, sent through the SDK's exchange so
 * that they travel the way the session's other messages do (on HTTP, the call's own SSE stream):
 * {@code notifications/progress} only when the request carried a progress token, {@code
 * notifications/message} filtered by the level the session set with {@code logging/setLevel} (the
 * exchange keeps it).
 */
final class SessionReports implements CallReports {

  private static final Logger log = LoggerFactory.getLogger(SessionReports.class);

  private final McpSyncServerExchange exchange;
  private final @Nullable Object progressToken;

  private SessionReports(McpSyncServerExchange exchange, @Nullable Object progressToken) {
    this.exchange = exchange;
    this.progressToken = progressToken;
  }

  /** The reports for one request; none without an exchange (a call from outside a session). */
  static CallReports of(
      @Nullable McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
    if (exchange == null) {
      return CallReports.NONE;
    }
    Map<String, Object> meta = request.meta();
    Object token = meta == null ? null : meta.get("progressToken");
    return new SessionReports(exchange, ProgressTokens.valid(token) ? token : null);
  }

  @Override
  public void progress(double done, @Nullable Double total, @Nullable String message) {
    if (progressToken == null) {
      return;
    }
    try {
      exchange.progressNotification(
          new McpSchema.ProgressNotification(progressToken, done, total, message, null));
    } catch (RuntimeException e) {
      // the client may be gone; the call itself goes on and its answer says the rest
      log.debug("progress not delivered: {}", e.toString());
    }
  }

  // MCP deprecates logging from 2026-07-28 on (SEP-2577) and the SDK with it; the sessions of
  // 2025-11-25 this class serves still have it
  @SuppressWarnings("deprecation")
  @Override
  public void log(LogLevel level, String logger, String message) {
    try {
      exchange.loggingNotification(
          new McpSchema.LoggingMessageNotification(
              McpSchema.LoggingLevel.valueOf(level.name()), logger, message));
    } catch (RuntimeException e) {
      log.debug("log message not delivered: {}", e.toString());
    }
  }
}
