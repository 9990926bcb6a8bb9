package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.AsyncContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The GET stream's keep-alive on its own, with a short interval: comment lines while the client
 * reads, and the stream ended at the first beat after the client has gone. Before, the SDK sent a
 * JSON-RPC ping to a gone client every 30 s until its session expired, each logged as a WARN and an
 * ERROR.
 */
class StreamKeepAliveTest {

  private final ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler();
  private final StreamKeepAlive keepAlive =
      new StreamKeepAlive(scheduler, Runnable::run, Duration.ofMillis(50));

  @BeforeEach
  void start() throws Exception {
    scheduler.start();
  }

  @AfterEach
  void stop() throws Exception {
    scheduler.stop();
  }

  @Test
  void aReadStreamGetsCommentLinesUntilItEnds() throws Exception {
    ByteArrayOutputStream client = new ByteArrayOutputStream();
    EventStreamWriter events =
        new EventStreamWriter(
            new PrintWriter(new java.io.OutputStreamWriter(client, StandardCharsets.UTF_8)));
    AtomicInteger completed = new AtomicInteger();
    AtomicBoolean ended = new AtomicBoolean();
    keepAlive.watch(stream(completed), events, ended);
    Thread.sleep(400);
    ended.set(true);
    Thread.sleep(100);
    String sent;
    synchronized (events) {
      sent = client.toString(StandardCharsets.UTF_8);
    }
    assertTrue(sent.length() >= 2 * 2 && sent.replace(":\n", "").isEmpty(), "sent: " + sent);
    int beats = sent.length() / 2;
    Thread.sleep(200);
    synchronized (events) {
      assertEquals(beats, client.size() / 2, "no beat after the stream ended");
    }
    assertEquals(0, completed.get());
  }

  @Test
  void aStreamWhoseClientIsGoneIsEndedAtTheNextBeat() throws Exception {
    OutputStream gone =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            throw new IOException("Broken pipe");
          }
        };
    EventStreamWriter events =
        new EventStreamWriter(
            new PrintWriter(new java.io.OutputStreamWriter(gone, StandardCharsets.UTF_8)));
    AtomicInteger completed = new AtomicInteger();
    keepAlive.watch(stream(completed), events, new AtomicBoolean());
    Thread.sleep(400);
    assertEquals(1, completed.get(), "ended once, and not beaten again");
  }

  /** An async context that only counts {@code complete()}. */
  private static AsyncContext stream(AtomicInteger completed) {
    return (AsyncContext)
        Proxy.newProxyInstance(
            AsyncContext.class.getClassLoader(),
            new Class<?>[] {AsyncContext.class},
            (proxy, method, args) -> {
              if (method.getName().equals("complete")) {
                completed.incrementAndGet();
                return null;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }
}
