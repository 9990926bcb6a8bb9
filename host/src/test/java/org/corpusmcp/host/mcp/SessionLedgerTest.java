package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The cap, who makes room at it, and the forgetting rule, on a hand-driven clock (idle 10 s:
 * forgotten after 20 s).
 */
class SessionLedgerTest {

  private final AtomicLong now = new AtomicLong();
  private final SessionLedger ledger = new SessionLedger(2, Duration.ofSeconds(10), now::get);

  private void advanceSeconds(long seconds) {
    now.addAndGet(Duration.ofSeconds(seconds).toNanos());
  }

  private static final SessionLedger.Admission ROOM = new SessionLedger.Admission(true, null);
  private static final SessionLedger.Admission REFUSED = new SessionLedger.Admission(false, null);

  private static SessionLedger.Admission evicting(String id) {
    return new SessionLedger.Admission(true, id);
  }

  @Test
  void reservationsCountAgainstTheCapUntilSettled() {
    assertEquals(ROOM, ledger.admit());
    assertEquals(ROOM, ledger.admit());
    assertEquals(REFUSED, ledger.admit(), "two places are taken by pending initializes");
    ledger.settle(null); // that initialize failed: its place is free again
    assertEquals(ROOM, ledger.admit());
    ledger.settle("a");
    ledger.settle("b");
    assertEquals(2, ledger.size());
    ledger.forget("a");
    assertEquals(ROOM, ledger.admit());
  }

  /**
   * At the cap a newcomer gets in: the session that never sent a request goes first, then the one
   * idle longest. Before, the newcomer got 503 until a session had been idle for twice the idle
   * time.
   */
  @Test
  void atTheCapTheUnusedThenTheLongestIdleSessionMakesRoom() {
    ledger.admit();
    ledger.settle("working");
    ledger.seen("working", true);
    advanceSeconds(5);
    ledger.admit();
    ledger.settle("bare"); // initialize only, and more recent
    ledger.seen("bare", false); // its notifications/initialized
    advanceSeconds(1);
    assertEquals(evicting("bare"), ledger.admit());
    ledger.settle("newcomer");
    ledger.seen("newcomer", true);
    assertEquals(2, ledger.size());
    advanceSeconds(1);
    ledger.seen("working", true);
    advanceSeconds(1);
    assertEquals(evicting("newcomer"), ledger.admit(), "both used: the one idle longest");
  }

  @Test
  void aSessionWithAnOpenStreamIsNeverEvicted() {
    ledger.admit();
    ledger.settle("a");
    ledger.streamOpened("a");
    ledger.admit();
    ledger.settle("b");
    ledger.streamOpened("b");
    assertEquals(REFUSED, ledger.admit(), "every session is busy");
    ledger.streamClosed("b");
    assertEquals(evicting("b"), ledger.admit());
  }

  @Test
  void aSessionIsForgottenAfterTwiceTheIdleTimeWithoutRequests() {
    ledger.admit();
    ledger.settle("a");
    advanceSeconds(15);
    ledger.seen("a", true);
    advanceSeconds(20);
    assertEquals(1, ledger.size(), "20 s after its last request: the SDK may still hold it");
    advanceSeconds(1);
    assertEquals(0, ledger.size());
  }

  @Test
  void aSessionWithAnOpenStreamIsNeverForgotten() {
    ledger.admit();
    ledger.settle("a");
    ledger.streamOpened("a");
    advanceSeconds(3600);
    assertEquals(1, ledger.size());
    ledger.streamClosed("a");
    advanceSeconds(21);
    assertEquals(0, ledger.size());
  }
}
