package org.corpusmcp.zim.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

class ClusterCacheTest {

  private static Cluster cluster(int bytes) {
    return new Cluster(new ByteArraySource(new byte[bytes]), new long[] {0, bytes}, true, -1);
  }

  @Test
  void concurrentRequestsForOneClusterLoadItOnce() throws Exception {
    AtomicInteger loads = new AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    ClusterCache cache = new ClusterCache(1 << 20, i -> {
      loads.incrementAndGet();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      return cluster(1000);
    });
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Cluster>> got = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        got.add(pool.submit(() -> cache.get(7)));
      }
      Thread.sleep(200);
      release.countDown();
      Cluster first = got.get(0).get();
      for (Future<Cluster> f : got) {
        assertSame(first, f.get());
      }
      assertEquals(1, loads.get());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void boundedByWeightInBytes() {
    AtomicInteger loads = new AtomicInteger();
    ClusterCache cache = new ClusterCache(10_000, i -> {
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
    ClusterCache cache = new ClusterCache(1 << 20, i -> {
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
    ClusterCache cache = new ClusterCache(0, i -> {
      loads.incrementAndGet();
      return cluster(10);
    });
    cache.get(1);
    cache.get(1);
    assertEquals(2, loads.get());
  }
}
