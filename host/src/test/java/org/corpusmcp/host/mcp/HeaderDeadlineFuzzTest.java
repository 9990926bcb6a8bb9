package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the lives of connections under a header deadline: connections open and close,
 * requests start and end every way a handler can end them (its callback succeeds or fails, late or
 * at once, it declines the request, it throws), and a manual clock moves on. Checked against a
 * model after every step: a connection is closed by the deadline exactly when it has had no request
 * in progress for the whole timeout, never during a request, never twice and never after it was
 * closed; once every connection is closed and every request has ended, no deadline is left
 * scheduled.
 */
@Tag("fuzz")
class HeaderDeadlineFuzzTest {

  private static final long TIMEOUT = 1_000;

  @FuzzTest(maxDuration = "30s")
  void connectionsCloseExactlyWhenIdleForTheTimeout(FuzzedDataProvider data) throws Exception {
    Clock clock = new Clock();
    HeaderDeadline deadline = new HeaderDeadline(clock.scheduler(), Duration.ofMillis(TIMEOUT));
    List<Conn> conns = new ArrayList<>();
    Behaviour next = new Behaviour();
    Handler handler = deadline.handler(next);
    int steps = data.consumeInt(1, 60);
    for (int step = 0; step < steps && data.remainingBytes() > 0; step++) {
      int event = data.consumeInt(0, 5);
      if (event == 0 || conns.isEmpty()) {
        if (conns.size() < 6) {
          Conn c = new Conn(deadline);
          conns.add(c);
          deadline.onOpened(c.connection);
          c.idleSince = clock.now;
        }
        continue;
      }
      Conn c = conns.get(data.consumeInt(0, conns.size() - 1));
      switch (event) {
        case 1 -> {
          if (c.listenerClosed) {
            continue; // a closed connection carries no more requests
          }
          next.mode = data.consumeInt(0, 4);
          c.inProgress++;
          try {
            boolean handled = handler.handle(c.request(), response(), c.callback());
            assertEquals(next.mode != 1, handled);
          } catch (IllegalStateException thrown) {
            assertEquals(2, next.mode);
          }
          if (next.mode == 0) {
            c.pending.push(next.taken);
          } else {
            c.requestEnded(clock.now);
          }
        }
        case 2 -> {
          Callback pending = c.pending.poll();
          if (pending != null) {
            if (data.consumeBoolean()) {
              pending.succeeded();
            } else {
              pending.failed(new java.io.IOException("client went away"));
            }
            if (data.consumeBoolean()) {
              pending.succeeded(); // a second completion must not count twice
            }
            c.requestEnded(clock.now);
          }
        }
        case 3 -> {
          if (!c.listenerClosed) {
            c.listenerClosed = true;
            deadline.onClosed(c.connection);
          }
        }
        default -> clock.advance(data.consumeLong(0, 3 * TIMEOUT));
      }
      for (Conn each : conns) {
        each.check(clock.now);
      }
    }
    for (Conn c : conns) {
      Callback pending;
      while ((pending = c.pending.poll()) != null) {
        pending.succeeded();
        c.requestEnded(clock.now);
      }
      if (!c.listenerClosed) {
        c.listenerClosed = true;
        deadline.onClosed(c.connection);
      }
    }
    assertEquals(0, clock.live(), "deadlines left scheduled after every connection closed");
  }

  /** A manual clock and the scheduler that runs on it. */
  static final class Clock {
    long now;
    private long sequence;
    private final PriorityQueue<Task> tasks =
        new PriorityQueue<>(
            Comparator.comparingLong((Task t) -> t.due).thenComparingLong(t -> t.seq));

    private static final class Task implements Scheduler.Task {
      final long due;
      final long seq;
      final Runnable job;
      boolean cancelled;

      Task(long due, long seq, Runnable job) {
        this.due = due;
        this.seq = seq;
        this.job = job;
      }

      @Override
      public boolean cancel() {
        boolean was = !cancelled;
        cancelled = true;
        return was;
      }
    }

    Scheduler scheduler() {
      return (Scheduler)
          Proxy.newProxyInstance(
              getClass().getClassLoader(),
              new Class<?>[] {Scheduler.class},
              (proxy, method, args) -> {
                if (method.getName().equals("schedule") && args.length == 3) {
                  long delay = ((TimeUnit) args[2]).toMillis((Long) args[1]);
                  Task t = new Task(now + delay, sequence++, (Runnable) args[0]);
                  tasks.add(t);
                  return t;
                }
                throw new UnsupportedOperationException(method.getName());
              });
    }

    void advance(long by) {
      long until = now + by;
      while (!tasks.isEmpty() && tasks.peek().due <= until) {
        Task t = tasks.poll();
        now = Math.max(now, t.due);
        if (!t.cancelled) {
          t.cancelled = true;
          t.job.run();
        }
      }
      now = until;
    }

    long live() {
      return tasks.stream().filter(t -> !t.cancelled).count();
    }
  }

  /** One connection and what the model expects of it. */
  static final class Conn {
    final Connection connection;
    final Deque<Callback> pending = new ArrayDeque<>();
    int inProgress;
    long idleSince;
    boolean listenerClosed;
    int endPointCloses;
    private final HeaderDeadline deadline;

    Conn(HeaderDeadline deadline) {
      this.deadline = deadline;
      EndPoint endPoint =
          (EndPoint)
              Proxy.newProxyInstance(
                  getClass().getClassLoader(),
                  new Class<?>[] {EndPoint.class},
                  (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                      endPointCloses++;
                      closedByPeerSide();
                      return null;
                    }
                    if (method.getName().equals("toString")) {
                      return "endpoint";
                    }
                    throw new UnsupportedOperationException(method.getName());
                  });
      this.connection =
          (Connection)
              Proxy.newProxyInstance(
                  getClass().getClassLoader(),
                  new Class<?>[] {Connection.class},
                  (proxy, method, args) ->
                      switch (method.getName()) {
                        case "getEndPoint" -> endPoint;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        case "toString" -> "connection";
                        default -> throw new UnsupportedOperationException(method.getName());
                      });
    }

    /** Jetty tells the listeners once the end point is closed. */
    private void closedByPeerSide() {
      if (!listenerClosed) {
        listenerClosed = true;
        deadline.onClosed(connection);
      }
    }

    void requestEnded(long now) {
      inProgress--;
      if (inProgress == 0) {
        idleSince = now;
      }
    }

    void check(long now) {
      assertFalse(endPointCloses > 1, "closed twice");
      if (endPointCloses == 0 && !listenerClosed) {
        assertFalse(inProgress == 0 && now >= idleSince + TIMEOUT, "idle past the deadline, open");
      }
      if (endPointCloses == 1) {
        assertEquals(0, inProgress, "closed during a request");
      }
    }

    Request request() {
      ConnectionMetaData meta =
          (ConnectionMetaData)
              Proxy.newProxyInstance(
                  getClass().getClassLoader(),
                  new Class<?>[] {ConnectionMetaData.class},
                  (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                      return connection;
                    }
                    throw new UnsupportedOperationException(method.getName());
                  });
      return (Request)
          Proxy.newProxyInstance(
              getClass().getClassLoader(),
              new Class<?>[] {Request.class},
              (proxy, method, args) -> {
                if (method.getName().equals("getConnectionMetaData")) {
                  return meta;
                }
                throw new UnsupportedOperationException(method.getName());
              });
    }

    Callback callback() {
      return Callback.NOOP;
    }
  }

  static Response response() {
    return (Response)
        Proxy.newProxyInstance(
            HeaderDeadlineFuzzTest.class.getClassLoader(),
            new Class<?>[] {Response.class},
            (proxy, method, args) -> {
              throw new UnsupportedOperationException(method.getName());
            });
  }

  /**
   * The handler behind the deadline: 0 keeps the request going (its callback completed later), 1
   * declines it, 2 throws, 3 and 4 complete it at once (succeeded, failed).
   */
  static final class Behaviour extends Handler.Abstract {
    int mode;
    Callback taken = Callback.NOOP;

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      switch (mode) {
        case 0 -> taken = callback;
        case 1 -> {
          return false;
        }
        case 2 -> throw new IllegalStateException("handler failed");
        case 3 -> callback.succeeded();
        default -> callback.failed(new java.io.IOException("write failed"));
      }
      return true;
    }
  }
}
