package org.corpusmcp.api;

/**
 * Runs one tool call that reports while it runs ({@link ToolCall#progress}, {@link ToolCall#log}).
 * The same rules as {@link ToolHandler}: the arguments are already checked against the schema,
 * expected failures are {@link ToolResult#error} results, and a thrown exception is a bug.
 */
@FunctionalInterface
public interface ToolCallHandler {
  ToolResult call(ToolCall call);
}
