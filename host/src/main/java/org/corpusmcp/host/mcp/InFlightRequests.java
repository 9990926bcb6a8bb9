package org.corpusmcp.host.mcp;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Counts the requests being served, so a graceful shutdown can wait for them to finish.
 *
 * <p>A {@code GET} is counted apart: on the MCP endpoint it is a server-to-client SSE stream that
 * ends only when the client or the server closes it, and waiting for it would make every shutdown
 * take the whole grace period. Closing the sessions afterwards ends those streams.
 */
final class InFlightRequests extends Handler.Wrapper {

  private final RequestCount requests = new RequestCount();
  private final AtomicInteger streams = new AtomicInteger();

  InFlightRequests(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if ("GET".equals(request.getMethod())) {
      streams.incrementAndGet();
      return RequestEnd.handle(
          request, response, callback, streams::decrementAndGet, super::handle);
    }
    requests.started();
    return RequestEnd.handle(request, response, callback, requests::ended, super::handle);
  }

  RequestCount.Mark mark() {
    return requests.mark();
  }

  /**
   * Waits, up to {@code bound}, until no request is being served and every connection still open
   * carries a {@code GET} stream (so none can bring a request in any more).
   *
   * @param openConnections the connections open now (they close as they answer their last request)
   */
  Drain drain(RequestCount.Mark start, Duration bound, IntSupplier openConnections) {
    return requests.drain(start, bound, () -> openConnections.getAsInt() <= streams.get());
  }
}
