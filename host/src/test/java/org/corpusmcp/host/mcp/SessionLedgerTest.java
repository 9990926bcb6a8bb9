package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The cap and the forgetting rule, on a hand-driven clock (idle 10 s: forgotten after 20 s). */
class SessionLedgerTest {

  private final AtomicLong now = new AtomicLong();
  private final SessionLedger ledger = new SessionLedger(2, Duration.ofSeconds(10), now::get);

  private void advanceSeconds(long seconds) {
    now.addAndGet(Duration.ofSeconds(seconds).toNanos());
  }

  @Test
  void reservationsCountAgainstTheCapUntilSettled() {
    assertTrue(ledger.tryReserve());
    assertTrue(ledger.tryReserve());
    assertFalse(ledger.tryReserve(), "two places are taken by pending initializes");
    ledger.settle(null); // that initialize failed: its place is free again
    assertTrue(ledger.tryReserve());
    ledger.settle("a");
    ledger.settle("b");
    assertEquals(2, ledger.size());
    assertFalse(ledger.tryReserve());
    ledger.forget("a");
    assertTrue(ledger.tryReserve());
  }

  @Test
  void aSessionIsForgottenAfterTwiceTheIdleTimeWithoutRequests() {
    ledger.tryReserve();
    ledger.settle("a");
    advanceSeconds(15);
    ledger.seen("a");
    advanceSeconds(20);
    assertEquals(1, ledger.size(), "20 s after its last request: the SDK may still hold it");
    advanceSeconds(1);
    assertEquals(0, ledger.size());
  }

  @Test
  void aSessionWithAnOpenStreamIsNeverForgotten() {
    ledger.tryReserve();
    ledger.settle("a");
    ledger.streamOpened("a");
    advanceSeconds(3600);
    assertEquals(1, ledger.size());
    ledger.streamClosed("a");
    advanceSeconds(21);
    assertEquals(0, ledger.size());
  }
}
