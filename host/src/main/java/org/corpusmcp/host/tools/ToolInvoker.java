package org.corpusmcp.host.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.plugins.RegisteredTool;
import org.corpusmcp.host.plugins.ToolCatalog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs tool calls for every front end (stdio, HTTP, the CLI): validate, call the handler with the
 * plugin's class loader as context loader, and contain failures. A handler that throws is a bug
 * in its plugin; it is logged with its stack trace on stderr, and the caller gets an
 * {@code internal_error} naming the plugin, never the trace.
 */
public final class ToolInvoker {

  /** Code for arguments refused by the input schema. */
  public static final String INVALID_PARAMS = "invalid_params";
  /** Code for a tool name nobody provides. */
  public static final String UNKNOWN_TOOL = "unknown_tool";
  /** Code for a handler that threw: a plugin bug. */
  public static final String INTERNAL_ERROR = "internal_error";

  private static final Logger log = LoggerFactory.getLogger(ToolInvoker.class);

  private final ToolCatalog catalog;
  private final ArgumentValidator validator;

  public ToolInvoker(ToolCatalog catalog, ArgumentValidator validator) {
    this.catalog = catalog;
    this.validator = validator;
  }

  public ToolCatalog catalog() {
    return catalog;
  }

  /** Calls {@code toolName} with {@code arguments} (null: none sent). Never throws. */
  public ToolOutcome call(String toolName, @Nullable Map<String, @Nullable Object> arguments) {
    RegisteredTool tool = catalog.find(toolName);
    if (tool == null) {
      return failure(UNKNOWN_TOOL, "Unknown tool: " + toolName, Map.of());
    }
    ArgumentValidator.Outcome checked;
    try {
      checked = validator.validate(tool, arguments);
    } catch (RuntimeException e) {
      log.error("validating arguments of {} failed", toolName, e);
      return failure(INTERNAL_ERROR, "could not validate the arguments of " + toolName, Map.of());
    }
    if (checked instanceof ArgumentValidator.Invalid invalid) {
      return failure(INVALID_PARAMS, invalid.message(), Map.of());
    }
    Map<String, @Nullable Object> args = ((ArgumentValidator.Valid) checked).arguments();
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(tool.classLoader());
    ToolResult result;
    try {
      result = tool.spec().handler().call(ToolArguments.of(args));
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      log.error("tool {} from {} threw", toolName, tool.owner(), e);
      return failure(INTERNAL_ERROR,
          "tool " + toolName + " failed unexpectedly (a bug in " + ownerLabel(tool)
              + "; details are in the server log)", Map.of());
    } finally {
      thread.setContextClassLoader(previous);
    }
    if (result instanceof ToolResult.Success success) {
      return new ToolOutcome(false, success.body());
    }
    if (result instanceof ToolResult.Failure failure) {
      return failure(failure.code(), failure.message(), failure.details());
    }
    log.error("tool {} from {} returned null", toolName, tool.owner());
    return failure(INTERNAL_ERROR,
        "tool " + toolName + " returned no result (a bug in " + ownerLabel(tool) + ")", Map.of());
  }

  private static String ownerLabel(RegisteredTool tool) {
    return ToolCatalog.HOST_OWNER.equals(tool.owner())
        ? "the host" : "plugin '" + tool.owner() + "'";
  }

  static ToolOutcome failure(
      String code, String message, Map<String, @Nullable Object> details) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("error", code);
    body.put("code", code);
    body.put("message", message);
    details.forEach((k, v) -> {
      if (!body.containsKey(k)) {
        body.put(k, v);
      }
    });
    return new ToolOutcome(true, body);
  }
}
