package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.eclipse.jetty.server.Handler;
import org.junit.jupiter.api.Test;

/**
 * A connection closed while a request is in progress is not re-armed when that request ends:
 * re-arming kept the closed connection reachable from the scheduler for a whole header timeout
 * (found by HeaderDeadlineFuzzTest, whose manual clock and fake connections this test borrows).
 */
class HeaderDeadlineTest {

  @Test
  void aRequestEndingAfterItsConnectionClosedLeavesNoDeadline() throws Exception {
    HeaderDeadlineFuzzTest.Clock clock = new HeaderDeadlineFuzzTest.Clock();
    HeaderDeadline deadline = new HeaderDeadline(clock.scheduler(), Duration.ofSeconds(1));
    HeaderDeadlineFuzzTest.Behaviour next = new HeaderDeadlineFuzzTest.Behaviour();
    Handler handler = deadline.handler(next);
    HeaderDeadlineFuzzTest.Conn conn = new HeaderDeadlineFuzzTest.Conn(deadline);
    deadline.onOpened(conn.connection);
    assertEquals(1, clock.live(), "armed when opened");

    next.mode = 0; // the request stays in progress
    handler.handle(conn.request(), HeaderDeadlineFuzzTest.response(), conn.callback());
    assertEquals(0, clock.live(), "disarmed during the request");
    deadline.onClosed(conn.connection); // the client went away mid-request
    next.taken.failed(new java.io.IOException("connection closed"));

    assertEquals(0, clock.live(), "a closed connection's deadline was scheduled again");
  }
}
