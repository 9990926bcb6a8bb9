package org.corpusmcp.host.mcp;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The requests a transport is serving, and how many it ever started, read together, so that a
 * graceful shutdown can wait for them and report exactly what it finished and what it cut off.
 */
final class RequestCount {

  /** Where a drain starts from. */
  record Mark(int running, long started) {}

  private final Object lock = new Object();
  private int running;
  private long started;

  void started() {
    synchronized (lock) {
      running++;
      started++;
    }
  }

  void ended() {
    synchronized (lock) {
      running--;
      if (running == 0) {
        lock.notifyAll();
      }
    }
  }

  int running() {
    synchronized (lock) {
      return running;
    }
  }

  Mark mark() {
    synchronized (lock) {
      return new Mark(running, started);
    }
  }

  /**
   * Waits, up to {@code bound}, until no request runs and {@code quiet} holds, then says what
   * happened since {@code start}.
   *
   * @param quiet whether nothing else can bring a request in any more; looked at every 20 ms, since
   *     what it watches wakes nobody
   */
  Drain drain(Mark start, Duration bound, BooleanSupplier quiet) {
    long deadline = System.nanoTime() + bound.toNanos();
    synchronized (lock) {
      while (running > 0 || !quiet.getAsBoolean()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        try {
          lock.wait(Math.max(1, Math.min(left / 1_000_000, 20)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      return new Drain(start.running(), (int) (started - start.started()), running);
    }
  }
}
