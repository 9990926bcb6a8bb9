package org.corpusmcp.host.mcp;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Which Streamable HTTP sessions are open, so that {@link HttpFront} can hold them to {@code max}
 * without letting anyone lock the others out.
 *
 * <p>The SDK keeps sessions in a map it does not expose and offers only an idle sweep (which {@link
 * HttpMcpServer} turns on with an interval of {@code idle}: a session with no request and no open
 * stream for one whole interval is closed at the end of the next, so between {@code idle} and twice
 * that after its last request). The ledger follows the same sessions from the outside: it learns an
 * id from the {@code initialize} response, refreshes it on every request that names it, and forgets
 * it on {@code DELETE}, on a 404 from the SDK, or after {@code 2 × idle} without a request and
 * without an open stream. It therefore never forgets a session the SDK still holds, and may count
 * one the SDK has already swept for at most {@code idle} longer.
 *
 * <p>When all {@code max} places are taken, a new session still gets in: the ledger names one to
 * end for it (see {@link #admit}), the one whose client is least likely to miss it. Before, any
 * local process could fill the cap in a second and every other client got 503 for the whole idle
 * time (30 minutes by default). Only sessions that are all busy (a request running or a stream
 * open, each of which holds one of the server's limited connections) refuse a newcomer.
 */
final class SessionLedger {

  private static final class Entry {
    long lastSeenNanos;
    int openStreams;
    boolean used;

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

  /**
   * What {@link #admit} decided.
   *
   * @param admitted whether a place is held for the new session
   * @param evicted a session the caller must end first to make that place, or null
   */
  record Admission(boolean admitted, @Nullable String evicted) {}

  /**
   * Holds a place for a session about to be created. When the cap is reached, the place is taken
   * from the session idle longest among those without an open stream, preferring one that has never
   * sent a request after {@code initialize} (what an abandoned or abusive client leaves), so a
   * flood of bare {@code initialize}s ends its own sessions before anyone's in use. The evicted
   * session is forgotten here at once; its client gets 404 on its next request and starts a new
   * session, as the specification tells it to.
   */
  synchronized Admission admit() {
    forgetIdle();
    if (sessions.size() + reserved < max) {
      reserved++;
      return new Admission(true, null);
    }
    String victim = null;
    Entry worst = null;
    for (Map.Entry<String, Entry> candidate : sessions.entrySet()) {
      Entry entry = candidate.getValue();
      if (entry.openStreams > 0) {
        continue;
      }
      if (worst == null
          || (!entry.used && worst.used)
          || (entry.used == worst.used && entry.lastSeenNanos < worst.lastSeenNanos)) {
        worst = entry;
        victim = candidate.getKey();
      }
    }
    if (victim == null) {
      return new Admission(false, null);
    }
    sessions.remove(victim);
    reserved++;
    return new Admission(true, victim);
  }

  /** Ends a reservation: {@code id} is the session created, or null if none was. */
  synchronized void settle(@Nullable String id) {
    reserved--;
    if (id != null) {
      sessions.put(id, new Entry(clock.getAsLong()));
    }
  }

  /**
   * A message named {@code id} and the SDK knew it.
   *
   * @param request whether it was a JSON-RPC request (not a notification, a response or a stream)
   */
  synchronized void seen(String id, boolean request) {
    Entry entry = sessions.computeIfAbsent(id, k -> new Entry(0));
    entry.lastSeenNanos = clock.getAsLong();
    entry.used |= request;
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
