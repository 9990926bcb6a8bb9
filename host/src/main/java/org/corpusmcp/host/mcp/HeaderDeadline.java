package org.corpusmcp.host.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A deadline for a request's headers: a connection must deliver a complete request line and headers
 * within the timeout of being accepted, and again within the timeout of its previous response
 * ending; otherwise it is closed.
 *
 * <p>Jetty 12 parses headers without a thread and has no header timeout of its own (its idle
 * timeout restarts on every byte), so a client sending its headers a byte every few seconds held a
 * connection for as long as it liked, and as many such clients as the connection limit left
 * everyone else waiting in the accept queue. With a deadline, each slot is freed within the
 * timeout, and the connections waiting in the OS's accept queue (first come, first served) get it.
 *
 * <p>The clock runs from the end of one response to the end of the next request's headers, so an
 * idle keep-alive connection is also closed after the timeout; clients open a new one. Nothing is
 * written to a connection closed this way: it has not finished a request to answer.
 *
 * <p>Two halves: the {@link Connection.Listener} (added to the connector) arms the deadline when a
 * connection opens; the {@link #handler handler} (outermost, so it sees each request as soon as its
 * headers are parsed) disarms it for the request's life and re-arms it when the response ends.
 */
final class HeaderDeadline implements Connection.Listener {

  private static final Logger log = LoggerFactory.getLogger(HeaderDeadline.class);

  private final Scheduler scheduler;
  private volatile long timeoutMillis;
  private final Map<Connection, Watch> watches = new ConcurrentHashMap<>();

  HeaderDeadline(Scheduler scheduler, Duration timeout) {
    this.scheduler = scheduler;
    this.timeoutMillis = timeout.toMillis();
  }

  @Override
  public void onOpened(Connection connection) {
    Watch watch = new Watch(connection);
    watches.put(connection, watch);
    watch.arm();
  }

  @Override
  public void onClosed(Connection connection) {
    Watch watch = watches.remove(connection);
    if (watch != null) {
      watch.close();
    }
  }

  /**
   * For a graceful shutdown: a connection between requests is closed once it has been idle for
   * {@code idle} (counted from now for those idle already), and so is every one that falls idle
   * later. A client busy on its connection sends its next request long before that, and it is
   * answered; one idle that long is the client's to reopen, as HTTP lets a server close an idle
   * connection at any time.
   */
  void closeIdleAfter(Duration idle) {
    timeoutMillis = Math.min(timeoutMillis, idle.toMillis());
    for (Watch watch : watches.values()) {
      watch.rearm();
    }
  }

  /** Wraps {@code next}; must be the server's outermost handler. */
  Handler handler(Handler next) {
    return new Handler.Wrapper(next) {
      @Override
      public boolean handle(Request request, Response response, Callback callback)
          throws Exception {
        Watch watch = watches.get(request.getConnectionMetaData().getConnection());
        if (watch == null) {
          return super.handle(request, response, callback);
        }
        watch.requestStarted();
        return RequestEnd.handle(request, response, callback, watch::requestEnded, super::handle);
      }
    };
  }

  /** One connection's deadline: armed while no request is in progress. */
  private final class Watch {
    private final Connection connection;
    private int requests;
    private boolean closed;
    private Scheduler.@Nullable Task task;

    Watch(Connection connection) {
      this.connection = connection;
    }

    synchronized void arm() {
      if (!closed && task == null && requests == 0) {
        task = scheduler.schedule(this::expire, timeoutMillis, TimeUnit.MILLISECONDS);
      }
    }

    synchronized void rearm() {
      if (task != null) {
        task.cancel();
        task = null;
        arm();
      }
    }

    synchronized void disarm() {
      if (task != null) {
        task.cancel();
        task = null;
      }
    }

    /**
     * For good: a request still in progress on a closed connection ends later, and re-arming then
     * would keep the connection reachable from the scheduler for a whole timeout.
     */
    synchronized void close() {
      closed = true;
      disarm();
    }

    synchronized void requestStarted() {
      requests++;
      disarm();
    }

    synchronized void requestEnded() {
      requests = Math.max(0, requests - 1);
      arm();
    }

    private void expire() {
      synchronized (this) {
        if (task == null || requests > 0) {
          return;
        }
        task = null;
      }
      log.debug("closing {}: no complete request headers within {} ms", connection, timeoutMillis);
      connection.getEndPoint().close();
    }
  }
}
