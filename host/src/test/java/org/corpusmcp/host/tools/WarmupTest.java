package org.corpusmcp.host.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.JsonText;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up makes its calls only while no client has called, and stops at a client's call. */
class WarmupTest {

  @TempDir Path dir;
  private Host host;
  private final AtomicInteger calls = new AtomicInteger();
  private volatile CountDownLatch entered = new CountDownLatch(0);
  private volatile CountDownLatch release = new CountDownLatch(0);

  @BeforeEach
  void start() {
    ToolSpec probe =
        ToolSpec.builder("probe")
            .description("Counts its calls; may wait to be released")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}")
            .handler(
                arguments -> {
                  calls.incrementAndGet();
                  entered.countDown();
                  try {
                    release.await(10, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  return ToolResult.success(Map.of("ok", true));
                })
            .build();
    host =
        Host.start(
            new HostSettings(dir, Set.of(), Set.of(), Map.of(), Map.of()),
            JsonText.newMapper(),
            List.of(probe));
  }

  @AfterEach
  void stop() {
    host.close();
  }

  private static List<Warmup.Call> probes(int n) {
    return Collections.nCopies(n, new Warmup.Call("probe", Map.of("n", 1)));
  }

  @Test
  void makesEveryCallWhenNoClientCalls() {
    ToolInvoker invoker = host.invoker();
    assertEquals(3, Warmup.run(invoker, () -> probes(3), Duration.ZERO, invoker.callsStarted()));
    assertEquals(3, calls.get());
    assertEquals(3, invoker.callsStarted(), "its own calls are counted like any");
  }

  @Test
  void makesNoneWhenAClientCalledDuringTheDelay() {
    ToolInvoker invoker = host.invoker();
    long before = invoker.callsStarted();
    invoker.call("probe", Map.of()); // a client's, after the server was ready
    assertEquals(-1, Warmup.run(invoker, () -> probes(3), Duration.ZERO, before));
    assertEquals(1, calls.get(), "only the client's call ran");
  }

  @Test
  void stopsAtTheFirstClientCallAndMakesNoMore() throws InterruptedException {
    ToolInvoker invoker = host.invoker();
    entered = new CountDownLatch(1);
    release = new CountDownLatch(1);
    Thread warming = Warmup.start(invoker, () -> probes(5), Duration.ZERO);
    assertTrue(entered.await(10, TimeUnit.SECONDS), "the warm-up's first call started");
    Thread client = new Thread(() -> invoker.call("probe", Map.of()));
    client.start();
    // the client's call has started once it is counted; then both may finish
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (invoker.callsStarted() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    release.countDown();
    client.join(10_000);
    warming.join(10_000);
    assertFalse(warming.isAlive());
    assertEquals(2, calls.get(), "the warm-up's one call and the client's, no more");
  }

  @Test
  void waitsForItsDelayBeforeCalling() throws InterruptedException {
    ToolInvoker invoker = host.invoker();
    Thread warming = Warmup.start(invoker, () -> probes(2), Duration.ofMillis(1500));
    Thread.sleep(100);
    assertEquals(0, calls.get(), "nothing before the delay");
    warming.join(10_000);
    assertEquals(2, calls.get());
  }

  @Test
  void anInterruptionWhileItWaitsEndsItWithoutCalls() throws InterruptedException {
    Thread warming = Warmup.start(host.invoker(), () -> probes(2), Duration.ofSeconds(30));
    warming.interrupt(); // what serve does when the session ends
    warming.join(10_000);
    assertFalse(warming.isAlive());
    assertEquals(0, calls.get());
  }
}
