package org.corpusmcp.host.tools;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.corpusmcp.api.ClientInput;
import org.corpusmcp.api.ClientInputException;
import org.corpusmcp.api.MissingClientCapabilityException;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.plugins.RegisteredTool;
import org.corpusmcp.host.plugins.ToolCatalog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs tool calls for every front end (stdio, HTTP, the CLI): validate, call the handler with the
 * plugin's class loader as context loader, and contain failures. A handler that throws is a bug in
 * its plugin; it is logged with its stack trace on stderr, and the caller gets an {@code
 * internal_error} naming the plugin, never the trace.
 *
 * <p>Every call has a deadline. The handler runs on a thread of this invoker's own, and the caller
 * waits for it only until the deadline: then the handler is interrupted and the caller gets a
 * {@code timeout} result, so a handler stuck on a damaged archive or a dead network frees the
 * transport's thread on time. Errors as well as exceptions are contained, including the {@link
 * InternalError} that a read from a truncated memory-mapped file raises (Reactor, under the SDK,
 * treats that as fatal and would never complete the request). At most {@value #MAX_RUNNING}
 * handlers run at once, counting ones past their deadline that ignore the interrupt; a call beyond
 * that gets {@code busy} at once rather than queueing without bound.
 *
 * <p>Every call ends in a plugin-api {@link ToolResult}: the handler's own, or a {@link
 * ToolResult.Failure} with one of the codes below for what the invoker refused or contained. Front
 * ends show it through {@link ToolResultBody}.
 */
public final class ToolInvoker {

  /** Code for arguments refused by the input schema. */
  public static final String INVALID_PARAMS = "invalid_params";

  /** Code for a tool name nobody provides. */
  public static final String UNKNOWN_TOOL = "unknown_tool";

  /** Code for a handler that threw: a plugin bug. */
  public static final String INTERNAL_ERROR = "internal_error";

  /** Code for a call that did not finish by its deadline. */
  public static final String TIMEOUT = "timeout";

  /** Code for a call refused because {@value #MAX_RUNNING} handlers are already running. */
  public static final String BUSY = "busy";

  /** The deadline of {@link #call(String, Map)}: the CLI's, and the default of serve. */
  public static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(2);

  /** Code for a call whose handler needed a capability the client did not declare. */
  public static final String MISSING_CAPABILITY = "missing_client_capability";

  /** Code for a call whose handler got no answer from the client. */
  public static final String CLIENT_INPUT_FAILED = "client_input_failed";

  /** Code for a call that stopped to ask the client (2026-07-28): its front end answers instead. */
  public static final String INPUT_REQUIRED = "input_required";

  /** Handler threads at most. */
  public static final int MAX_RUNNING = 64;

  private static final Logger log = LoggerFactory.getLogger(ToolInvoker.class);

  private final ToolCatalog catalog;
  private final ArgumentValidator validator;
  private final ExecutorService handlers;
  private final AtomicLong callsStarted = new AtomicLong();

  /**
   * @param handlers the threads handlers run on, from {@link #handlerThreads()}; the caller owns
   *     them and shuts them down when it no longer calls tools
   */
  public ToolInvoker(ToolCatalog catalog, ArgumentValidator validator, ExecutorService handlers) {
    this.catalog = catalog;
    this.validator = validator;
    this.handlers = handlers;
  }

  /**
   * Threads for {@link #ToolInvoker}'s handlers: at most {@value #MAX_RUNNING}, none queued (a call
   * beyond them is refused, {@code busy}), daemons, so a handler that ignores interrupts does not
   * keep the JVM alive.
   */
  public static ExecutorService handlerThreads() {
    AtomicInteger threads = new AtomicInteger();
    return new ThreadPoolExecutor(
        0,
        MAX_RUNNING,
        60,
        TimeUnit.SECONDS,
        new SynchronousQueue<>(),
        task -> {
          Thread thread = new Thread(task, "tool-" + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
  }

  public ToolCatalog catalog() {
    return catalog;
  }

  /** How many calls have started since this invoker was made, known tools or not. */
  public long callsStarted() {
    return callsStarted.get();
  }

  /**
   * Calls {@code toolName} with {@code arguments} (null: none sent) within the default deadline.
   */
  public ToolResult call(String toolName, @Nullable Map<String, @Nullable Object> arguments) {
    return call(toolName, arguments, DEFAULT_DEADLINE);
  }

  /** Calls {@code toolName} with {@code arguments}; returns by {@code deadline}. Never throws. */
  public ToolResult call(
      String toolName, @Nullable Map<String, @Nullable Object> arguments, Duration deadline) {
    return call(toolName, arguments, deadline, CallReports.NONE);
  }

  /** The same, without a client to ask for input. */
  public ToolResult call(
      String toolName,
      @Nullable Map<String, @Nullable Object> arguments,
      Duration deadline,
      CallReports reports) {
    return call(toolName, arguments, deadline, reports, new ClientInput() {});
  }

  /**
   * Calls {@code toolName} with {@code arguments}; returns by {@code deadline}, after which the
   * handler's progress and log messages no longer reach {@code reports}, and it can no longer ask
   * {@code input}. Never throws.
   */
  public ToolResult call(
      String toolName,
      @Nullable Map<String, @Nullable Object> arguments,
      Duration deadline,
      CallReports reports,
      ClientInput input) {
    callsStarted.incrementAndGet();
    RegisteredTool tool = catalog.find(toolName);
    if (tool == null) {
      return ToolResult.error(
          UNKNOWN_TOOL,
          "Unknown tool: "
              + toolName
              + NearestName.hint(
                  toolName, catalog.tools().stream().map(RegisteredTool::name).toList()));
    }
    ArgumentValidator.Outcome checked;
    try {
      checked = validator.validate(tool, arguments);
    } catch (RuntimeException e) {
      log.error("validating arguments of {} failed", toolName, e);
      return ToolResult.error(INTERNAL_ERROR, "could not validate the arguments of " + toolName);
    }
    if (checked instanceof ArgumentValidator.Invalid invalid) {
      return ToolResult.error(INVALID_PARAMS, invalid.message());
    }
    Map<String, @Nullable Object> args = ((ArgumentValidator.Valid) checked).arguments();
    RunningCall call = new RunningCall(toolName, ToolArguments.of(args), reports, input);
    try {
      return await(tool, call, deadline);
    } finally {
      call.end();
    }
  }

  private ToolResult await(RegisteredTool tool, RunningCall call, Duration deadline) {
    String toolName = tool.name();
    Future<ToolResult> running;
    try {
      running = handlers.submit(() -> runHandler(tool, call));
    } catch (RejectedExecutionException e) {
      log.warn("refused a call of {}: {} tool calls are already running", toolName, MAX_RUNNING);
      return ToolResult.error(
          BUSY, MAX_RUNNING + " tool calls are already running; try again shortly");
    }
    @Nullable ToolResult result; // null only from a handler that breaks its contract
    try {
      result = running.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      running.cancel(true);
      log.warn(
          "tool {} from {} passed its deadline of {} s; cancelled",
          toolName,
          tool.owner(),
          deadline.toSeconds());
      return ToolResult.error(
          TIMEOUT,
          "tool "
              + toolName
              + " did not finish within "
              + deadline.toSeconds()
              + " s (the server's request timeout) and was cancelled");
    } catch (ExecutionException e) {
      ToolResult asked = clientInputFailure(toolName, e.getCause());
      if (asked != null) {
        return asked;
      }
      log.error("tool {} from {} threw", toolName, tool.owner(), e.getCause());
      return ToolResult.error(
          INTERNAL_ERROR,
          "tool "
              + toolName
              + " failed unexpectedly (a bug in "
              + ownerLabel(tool)
              + "; details are in the server log)");
    } catch (InterruptedException e) {
      running.cancel(true);
      Thread.currentThread().interrupt();
      return ToolResult.error(
          TIMEOUT, "tool " + toolName + " was cancelled: the server is stopping");
    }
    if (result != null) {
      return result;
    }
    log.error("tool {} from {} returned null", toolName, tool.owner());
    return ToolResult.error(
        INTERNAL_ERROR,
        "tool " + toolName + " returned no result (a bug in " + ownerLabel(tool) + ")");
  }

  /**
   * What a handler that let a request for input end it comes to: not a bug, so not logged as one.
   * Null for any other exception.
   */
  private static @Nullable ToolResult clientInputFailure(String toolName, Throwable thrown) {
    if (thrown instanceof InputRequired) {
      return ToolResult.error(
          INPUT_REQUIRED, "tool " + toolName + " is waiting for the client's input");
    }
    if (thrown instanceof MissingClientCapabilityException missing) {
      return ToolResult.error(
          MISSING_CAPABILITY,
          "tool "
              + toolName
              + " needs the client's '"
              + missing.capability()
              + "' capability, which this client did not declare",
          Map.of("capability", missing.capability()));
    }
    if (thrown instanceof ClientInputException failed) {
      return ToolResult.error(
          CLIENT_INPUT_FAILED,
          "tool " + toolName + " asked the client for input and got none: " + failed.getMessage());
    }
    return null;
  }

  /** On a handler thread: the call itself, with the plugin's loader as context loader. */
  private static ToolResult runHandler(RegisteredTool tool, RunningCall call) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(tool.classLoader());
    try {
      return tool.spec().callHandler().call(call);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  private static String ownerLabel(RegisteredTool tool) {
    return ToolCatalog.HOST_OWNER.equals(tool.owner())
        ? "the host"
        : "plugin '" + tool.owner() + "'";
  }
}
