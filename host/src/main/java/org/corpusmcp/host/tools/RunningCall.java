package org.corpusmcp.host.tools;

import java.util.Objects;
import org.corpusmcp.api.LogLevel;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolCall;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ToolCall} a handler gets: it passes reports on to the front end's {@link CallReports}
 * while the call runs and holds them to MCP's rules, which a plugin cannot break through it:
 * progress only ever grows, and nothing is sent for a call that has ended (returned, failed or
 * passed its deadline), since the client has its answer by then and the token is no longer active.
 */
final class RunningCall implements ToolCall {

  private static final Logger log = LoggerFactory.getLogger(RunningCall.class);

  private final String toolName;
  private final ToolArguments arguments;
  private final CallReports reports;
  private boolean ended;
  private double lastProgress = Double.NEGATIVE_INFINITY;

  RunningCall(String toolName, ToolArguments arguments, CallReports reports) {
    this.toolName = toolName;
    this.arguments = arguments;
    this.reports = reports;
  }

  @Override
  public ToolArguments arguments() {
    return arguments;
  }

  @Override
  public synchronized void progress(double done, @Nullable Double total, @Nullable String message) {
    if (ended) {
      return;
    }
    if (!(done > lastProgress) || Double.isInfinite(done)) {
      log.debug("{}: dropped progress {} (not above {})", toolName, done, lastProgress);
      return;
    }
    lastProgress = done;
    Double knownTotal = total == null || total.isNaN() || total.isInfinite() ? null : total;
    reports.progress(done, knownTotal, message);
  }

  @Override
  public synchronized void log(LogLevel level, String message) {
    if (ended) {
      return;
    }
    reports.log(
        Objects.requireNonNull(level, "level"),
        toolName,
        Objects.requireNonNull(message, "message"));
  }

  /** The call has its answer: later reports are dropped. */
  synchronized void end() {
    ended = true;
  }
}
