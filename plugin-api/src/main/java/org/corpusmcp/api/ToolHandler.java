package org.corpusmcp.api;

/**
 * Runs one tool call. The host has already checked {@code arguments} against the tool's input
 * schema and filled in schema defaults, so a handler only deals with values of the declared types.
 *
 * <p>Expected failures (a page that does not exist, an upstream outage) are returned as {@link
 * ToolResult#error}. A thrown exception is treated as a bug: the host logs it, and the client gets
 * an {@code internal_error} result without any stack trace.
 */
@FunctionalInterface
public interface ToolHandler {
  ToolResult call(ToolArguments arguments);
}
