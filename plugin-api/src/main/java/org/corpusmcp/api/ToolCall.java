package org.corpusmcp.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One running tool call, as a {@link ToolCallHandler} sees it: its arguments, a way to tell the
 * client how far it has got and what it is doing while it runs, and a way to ask the client for
 * input ({@link ClientInput}: a question for the user, a message from its model, its roots).
 *
 * <p>Both reports are best effort and never fail the call: the host passes progress on only when
 * the client asked for it (a progress token on its request) and a message only at or above the
 * level the client asked for, and it drops whatever arrives after the call has returned. A call
 * that reports nothing is still a correct call.
 *
 * <pre>{@code
 * ToolSpec.builder("reindex")
 *     .description("Rebuilds the index.")
 *     .inputSchema("{\"type\":\"object\"}")
 *     .callHandler(call -> {
 *       call.log(LogLevel.INFO, "reindexing");
 *       for (int done = 1; done <= 10; done++) {
 *         call.progress(done, 10.0, "batch " + done);
 *       }
 *       return ToolResult.success(Map.of("batches", 10));
 *     })
 *     .build();
 * }</pre>
 */
public interface ToolCall extends ClientInput {

  /** The validated arguments, with schema defaults applied. */
  ToolArguments arguments();

  /**
   * Reports progress. {@code done} must grow from one report to the next (the host drops a report
   * that does not); both numbers may be fractional.
   *
   * @param total the value {@code done} reaches at the end, or {@code null} when unknown
   * @param message one short line for a person, or {@code null}
   */
  void progress(double done, @Nullable Double total, @Nullable String message);

  /** Reports progress towards a known {@code total}, without a message. */
  default void progress(double done, double total) {
    progress(done, total, null);
  }

  /**
   * Sends one log message about this call to the client, if it asked for messages of this level.
   * Log to the server's own log (stderr) as well when an operator should see it: a client may not
   * show these at all.
   */
  void log(LogLevel level, String message);

  /**
   * A call whose reports go nowhere: for calling a handler directly, in a plugin's own tests or
   * from another handler.
   */
  static ToolCall of(ToolArguments arguments) {
    Objects.requireNonNull(arguments, "arguments");
    return new ToolCall() {
      @Override
      public ToolArguments arguments() {
        return arguments;
      }

      @Override
      public void progress(double done, @Nullable Double total, @Nullable String message) {
        // no client to tell
      }

      @Override
      public void log(LogLevel level, String message) {
        // no client to tell
      }
    };
  }
}
