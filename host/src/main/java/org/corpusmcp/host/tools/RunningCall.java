package org.corpusmcp.host.tools;

import java.util.List;
import java.util.Objects;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.InputAnswers;
import org.corpusmcp.api.InputRequest;
import org.corpusmcp.api.LogLevel;
import org.corpusmcp.api.Root;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
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
 * Requests for input go to the front end's {@link ClientInput}, outside the lock that orders the
 * reports: an answer can take a person minutes, and reports may go on meanwhile.
 */
final class RunningCall implements ToolCall {

  private static final Logger log = LoggerFactory.getLogger(RunningCall.class);

  private final String toolName;
  private final ToolArguments arguments;
  private final CallReports reports;
  private final ClientInput input;
  private volatile boolean ended;
  private double lastProgress = Double.NEGATIVE_INFINITY;

  RunningCall(String toolName, ToolArguments arguments, CallReports reports, ClientInput input) {
    this.toolName = toolName;
    this.arguments = arguments;
    this.reports = reports;
    this.input = input;
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

  @Override
  public ElicitationResult elicit(Elicitation elicitation) {
    checkRunning();
    return input.elicit(Objects.requireNonNull(elicitation, "elicitation"));
  }

  @Override
  public SamplingResult sample(Sampling sampling) {
    checkRunning();
    return input.sample(Objects.requireNonNull(sampling, "sampling"));
  }

  @Override
  public List<Root> roots() {
    checkRunning();
    return input.roots();
  }

  @Override
  public InputAnswers ask(InputRequest... requests) {
    checkRunning();
    return input.ask(requests.clone());
  }

  /** A call that has its answer asks nobody: the client has moved on. */
  private void checkRunning() {
    if (ended) {
      throw new IllegalStateException(toolName + ": the call has ended; nobody is left to ask");
    }
  }

  /** The call has its answer: later reports are dropped. */
  synchronized void end() {
    ended = true;
  }
}
