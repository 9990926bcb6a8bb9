package org.corpusmcp.host.mcp;

import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Runs an action exactly once when a request ends, whichever way: its callback succeeds or fails,
 * the handler throws, or no handler takes the request. The action runs before the callback
 * completes, so by the time the connection can carry the next request the bookkeeping is done.
 */
final class RequestEnd {

  /** The rest of the handler chain ({@code super::handle} of a {@code Handler.Wrapper}). */
  interface Next {
    boolean handle(Request request, Response response, Callback callback) throws Exception;
  }

  private RequestEnd() {}

  static boolean handle(
      Request request, Response response, Callback callback, Runnable ended, Next next)
      throws Exception {
    AtomicBoolean pending = new AtomicBoolean(true);
    Runnable end =
        () -> {
          if (pending.compareAndSet(true, false)) {
            ended.run();
          }
        };
    Callback wrapped =
        new Callback() {
          @Override
          public void succeeded() {
            end.run();
            callback.succeeded();
          }

          @Override
          public void failed(Throwable failure) {
            end.run();
            callback.failed(failure);
          }

          @Override
          public InvocationType getInvocationType() {
            return callback.getInvocationType();
          }
        };
    boolean handled;
    try {
      handled = next.handle(request, response, wrapped);
    } catch (Throwable e) {
      end.run();
      throw e;
    }
    if (!handled) {
      end.run();
    }
    return handled;
  }
}
