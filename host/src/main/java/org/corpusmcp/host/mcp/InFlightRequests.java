package org.corpusmcp.host.mcp;

import java.time.Duration;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Counts the requests being served, so a graceful shutdown can wait for them to finish.
 *
 * <p>A {@code GET} is not counted: on the MCP endpoint it is a server-to-client SSE stream that
 * ends only when the client or the server closes it, and waiting for it would make every shutdown
 * take the whole grace period. Closing the sessions afterwards ends those streams.
 */
final class InFlightRequests extends Handler.Wrapper {

  private final Object lock = new Object();
  private int running;

  InFlightRequests(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if ("GET".equals(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    started();
    return RequestEnd.handle(request, response, callback, this::ended, super::handle);
  }

  /** Requests being served now. */
  int running() {
    synchronized (lock) {
      return running;
    }
  }

  /** Waits until no request is being served or {@code bound} has passed; returns those left. */
  int awaitIdle(Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    synchronized (lock) {
      while (running > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        lock.wait(Math.max(1, left / 1_000_000));
      }
      return running;
    }
  }

  private void started() {
    synchronized (lock) {
      running++;
    }
  }

  private void ended() {
    synchronized (lock) {
      running--;
      if (running == 0) {
        lock.notifyAll();
      }
    }
  }
}
