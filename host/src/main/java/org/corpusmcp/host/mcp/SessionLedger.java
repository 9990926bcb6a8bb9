package org.corpusmcp.host.mcp;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Which Streamable HTTP sessions are open, so that {@link HttpFront} can refuse a new {@code
 * initialize} once {@code max} are.
 *
 * <p>The SDK keeps sessions in a map it does not expose and offers only an idle sweep (which {@link
 * HttpMcpServer} turns on with an interval of {@code idle}: a session with no request and no open
 * stream for one whole interval is closed at the end of the next, so between {@code idle} and twice
 * that after its last request). The ledger follows the same sessions from the outside: it learns an
 * id from the {@code initialize} response, refreshes it on every request that names it, and forgets
 * it on {@code DELETE}, on a 404 from the SDK, or after {@code 2 × idle} without a request and
 * without an open stream. It therefore never forgets a session the SDK still holds, and may count
 * one the SDK has already swept for at most {@code idle} longer.
 */
final class SessionLedger {

  private static final class Entry {
    long lastSeenNanos;
    int openStreams;

    Entry(long now) {
      lastSeenNanos = now;
    }
  }

  private final int max;
  private final long forgetAfterNanos;
  private final LongSupplier clock;
  private final Map<String, Entry> sessions = new HashMap<>();
  private int reserved;

  SessionLedger(int max, Duration idle) {
    this(max, idle, System::nanoTime);
  }

  SessionLedger(int max, Duration idle, LongSupplier nanoClock) {
    if (max < 1) {
      throw new IllegalArgumentException("the session cap must be at least 1, got " + max);
    }
    this.max = max;
    this.forgetAfterNanos = idle.multipliedBy(2).toNanos();
    this.clock = nanoClock;
  }

  int max() {
    return max;
  }

  /** Holds a place for a session about to be created; false when the cap is reached. */
  synchronized boolean tryReserve() {
    forgetIdle();
    if (sessions.size() + reserved >= max) {
      return false;
    }
    reserved++;
    return true;
  }

  /** Ends a reservation: {@code id} is the session created, or null if none was. */
  synchronized void settle(@Nullable String id) {
    reserved--;
    if (id != null) {
      sessions.put(id, new Entry(clock.getAsLong()));
    }
  }

  /** A request named {@code id} and the SDK knew it. */
  synchronized void seen(String id) {
    sessions.computeIfAbsent(id, k -> new Entry(0)).lastSeenNanos = clock.getAsLong();
  }

  /** A stream (an SSE response or the GET stream) opened or closed on {@code id}. */
  synchronized void streamOpened(String id) {
    sessions.computeIfAbsent(id, k -> new Entry(clock.getAsLong())).openStreams++;
  }

  synchronized void streamClosed(String id) {
    Entry entry = sessions.get(id);
    if (entry != null) {
      entry.openStreams = Math.max(0, entry.openStreams - 1);
      entry.lastSeenNanos = clock.getAsLong();
    }
  }

  /** The session was deleted, or the SDK no longer knows it. */
  synchronized void forget(String id) {
    sessions.remove(id);
  }

  synchronized int size() {
    forgetIdle();
    return sessions.size();
  }

  private void forgetIdle() {
    long now = clock.getAsLong();
    for (Iterator<Entry> it = sessions.values().iterator(); it.hasNext(); ) {
      Entry entry = it.next();
      if (entry.openStreams == 0 && now - entry.lastSeenNanos > forgetAfterNanos) {
        it.remove();
      }
    }
  }
}
