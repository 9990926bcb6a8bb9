package org.corpusmcp.zim.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

class ClusterCacheTest {

  private static Cluster cluster(int bytes) {
    return new Cluster(new ByteArraySource(new byte[bytes]), new long[] {0, bytes}, true, -1);
  }

  /**
   * One thread starts the load and is held inside the loader; seven more ask for the same cluster
   * and are seen parked (WAITING: the only place {@link ClusterCache#get} parks is on the load in
   * flight) before the load is released. No sleep: each step waits for the state it needs.
   */
  @Test
  void concurrentRequestsForOneClusterLoadItOnce() throws Exception {
    AtomicInteger loads = new AtomicInteger();
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ClusterCache cache =
        new ClusterCache(
            1 << 20,
            i -> {
              loads.incrementAndGet();
              entered.countDown();
              try {
                assertTrue(release.await(10, TimeUnit.SECONDS), "the test never released the load");
              } catch (InterruptedException e) {
                throw new AssertionError(e);
              }
              return cluster(1000);
            });
    Cluster[] got = new Cluster[8];
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      int slot = t;
      threads.add(new Thread(() -> got[slot] = cache.get(7), "reader-" + t));
    }
    threads.get(0).start();
    assertTrue(entered.await(10, TimeUnit.SECONDS), "the first reader never started the load");
    for (Thread t : threads.subList(1, 8)) {
      t.start();
      awaitParked(t);
    }
    release.countDown();
    for (Thread t : threads) {
      t.join(10_000);
      assertTrue(!t.isAlive(), t.getName() + " did not finish");
    }
    for (Cluster c : got) {
      assertSame(got[0], c);
    }
    assertEquals(1, loads.get());
  }

  /** Waits (at most 10 s) until {@code t} is parked, i.e. waiting for the load in flight. */
  private static void awaitParked(Thread t) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (t.getState() != Thread.State.WAITING) {
      assertTrue(
          System.nanoTime() < deadline,
          t.getName() + " never waited for the load in flight: " + t.getState());
      Thread.onSpinWait();
    }
  }

  @Test
  void boundedByWeightInBytes() {
    AtomicInteger loads = new AtomicInteger();
    ClusterCache cache =
        new ClusterCache(
            10_000,
            i -> {
              loads.incrementAndGet();
              return cluster(3000);
            });
    for (int i = 0; i < 10; i++) {
      cache.get(i);
      assertTrue(cache.weight() <= 10_000, "weight " + cache.weight());
    }
    int before = loads.get();
    cache.get(9);
    assertEquals(before, loads.get(), "most recent cluster stays cached");
    cache.get(0);
    assertEquals(before + 1, loads.get(), "eldest cluster was evicted");
  }

  @Test
  void failedLoadsAreNotCachedAndReachEveryWaiter() {
    AtomicInteger loads = new AtomicInteger();
    ClusterCache cache =
        new ClusterCache(
            1 << 20,
            i -> {
              loads.incrementAndGet();
              throw new IllegalStateException("boom");
            });
    assertThrows(IllegalStateException.class, () -> cache.get(1));
    assertThrows(IllegalStateException.class, () -> cache.get(1));
    assertEquals(2, loads.get());
    assertEquals(0, cache.weight());
  }

  @Test
  void zeroDisablesCaching() {
    AtomicInteger loads = new AtomicInteger();
    ClusterCache cache =
        new ClusterCache(
            0,
            i -> {
              loads.incrementAndGet();
              return cluster(10);
            });
    cache.get(1);
    cache.get(1);
    assertEquals(2, loads.get());
  }
}
