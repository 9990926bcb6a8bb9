package org.corpusmcp.host.mcp;

import jakarta.servlet.AsyncContext;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@code GET} streams alive with an SSE comment line every {@code interval}, in place of the
 * SDK's keep-alive, and ends a stream whose client is gone.
 *
 * <p>The SDK's keep-alive sent a JSON-RPC {@code ping} request every 30 s: as long as the
 * connection's idle timeout, so a stream could be cut just before its ping (one drop among 11
 * long-lived clients was seen), and to a client that had gone away without {@code DELETE} it went
 * on every 30 s until the session expired, each failure logged as a WARN and an ERROR (145 lines in
 * 16 minutes from one client). A comment asks for no answer, so nothing waits for one and nothing
 * is logged; a write that fails ends the stream at once, and the session then expires like any idle
 * one.
 */
final class StreamKeepAlive {

  private static final Logger log = LoggerFactory.getLogger(StreamKeepAlive.class);

  private final Scheduler scheduler;
  private final Executor executor;
  private final long intervalMillis;

  /**
   * @param executor where the writes run: a write to a slow client may block, which the scheduler's
   *     thread must never do
   */
  StreamKeepAlive(Scheduler scheduler, Executor executor, Duration interval) {
    this.scheduler = scheduler;
    this.executor = executor;
    this.intervalMillis = interval.toMillis();
  }

  /** Keeps {@code stream} alive until it ends; {@code ended} says when it has. */
  void watch(AsyncContext stream, EventStreamWriter events, AtomicBoolean ended) {
    try {
      scheduler.schedule(() -> beat(stream, events, ended), intervalMillis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stopping) {
      // the server is stopping; the stream ends with it
    }
  }

  private void beat(AsyncContext stream, EventStreamWriter events, AtomicBoolean ended) {
    if (ended.get()) {
      return;
    }
    try {
      executor.execute(
          () -> {
            if (ended.get()) {
              return;
            }
            if (events.keepAlive()) {
              watch(stream, events, ended);
              return;
            }
            log.debug("a GET stream's client is gone: ending the stream");
            try {
              stream.complete();
            } catch (IllegalStateException alreadyEnded) {
              // it ended meanwhile
            }
          });
    } catch (RejectedExecutionException stopping) {
      // the server is stopping; the stream ends with it
    }
  }
}
