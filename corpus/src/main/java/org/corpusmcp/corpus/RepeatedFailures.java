package org.corpusmcp.corpus;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Keeps a burst of one library's failures to one log line a period: the first failure is logged in
 * full, the ones within the next period only counted, and the first after it is logged with the
 * count of those left out. A damaged archive under load fails every fetch (the probe: 16,343 WARN
 * lines in 75 s), and a line per failure buries everything else in the log.
 */
final class RepeatedFailures {

  /** What became of one failure: logged (with how many were left out before it), or counted. */
  record Verdict(boolean log, long leftOut) {}

  private final long periodNanos;
  private final LongSupplier nanoClock;
  private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

  private static final class Window {
    final long start;
    long leftOut;

    Window(long start) {
      this.start = start;
    }
  }

  RepeatedFailures(long periodNanos, LongSupplier nanoClock) {
    this.periodNanos = periodNanos;
    this.nanoClock = nanoClock;
  }

  /** Records one failure of {@code library}; says whether to log it. */
  Verdict failed(String library) {
    long now = nanoClock.getAsLong();
    long[] leftOut = {-1};
    windows.compute(
        library,
        (name, window) -> {
          if (window == null || now - window.start >= periodNanos) {
            leftOut[0] = window == null ? 0 : window.leftOut;
            return new Window(now);
          }
          window.leftOut++;
          return window;
        });
    return new Verdict(leftOut[0] >= 0, Math.max(0, leftOut[0]));
  }
}
