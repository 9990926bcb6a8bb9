package org.corpusmcp.zim.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.zstd.ZstdBlockDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

/**
 * One byte budget over the clusters of several archives: one least-recently-used order across all
 * of them, the bound held whatever the number of archives, each archive's share given back when it
 * closes, and weights that cover what a kept cluster really holds.
 */
class ClusterBudgetTest {

  /** A decoded cluster of {@code bytes} bytes: weight {@code bytes} + 2 offsets (16) + 64. */
  private static Cluster cluster(int bytes) {
    return new Cluster(new ByteArraySource(new byte[bytes]), new long[] {0, bytes}, true, -1);
  }

  /** An archive's cache that counts its loads per cluster. */
  private static final class Counted {
    final Map<Integer, AtomicInteger> loads = new HashMap<>();
    final ClusterCache cache;

    Counted(ClusterBudget budget, int bytes) {
      cache =
          new ClusterCache(
              budget,
              i -> {
                loads.computeIfAbsent(i, k -> new AtomicInteger()).incrementAndGet();
                return cluster(bytes);
              });
    }

    int loads(int index) {
      AtomicInteger n = loads.get(index);
      return n == null ? 0 : n.get();
    }
  }

  @Test
  void theLeastRecentlyUsedClusterOfAnyArchiveGoesFirst() {
    // 3,080 bytes a cluster: three fit in 10,000, four do not.
    ClusterBudget budget = ClusterBudget.of(10_000);
    Counted a = new Counted(budget, 3000);
    Counted b = new Counted(budget, 3000);
    a.cache.get(0);
    a.cache.get(1);
    b.cache.get(0);
    a.cache.get(0); // a's cluster 0 is now the most recently used; a's 1 the least
    b.cache.get(1); // needs room: a's 1 goes, though a per-archive LRU would have evicted b's 0
    assertEquals(3 * 3080, budget.usedBytes());
    assertEquals(3080, a.cache.weight());
    assertEquals(2 * 3080, b.cache.weight());

    a.cache.get(0);
    b.cache.get(0);
    b.cache.get(1);
    assertEquals(1, a.loads(0), "a's 0 stayed");
    assertEquals(1, b.loads(0), "b's 0 stayed");
    assertEquals(1, b.loads(1), "b's 1 stayed");
    a.cache.get(1);
    assertEquals(2, a.loads(1), "a's 1 was the one evicted");
  }

  @Test
  void oneBoundHoldsForAnyNumberOfArchives() {
    ClusterBudget budget = ClusterBudget.of(100_000);
    Counted[] archives = new Counted[50];
    for (int i = 0; i < archives.length; i++) {
      archives[i] = new Counted(budget, 4000 + 100 * i);
    }
    for (int round = 0; round < 3; round++) {
      for (Counted c : archives) {
        for (int k = 0; k < 10; k++) {
          c.cache.get(k);
          assertTrue(budget.usedBytes() <= 100_000, "used " + budget.usedBytes());
        }
      }
    }
    long shares = 0;
    for (Counted c : archives) {
      shares += c.cache.weight();
    }
    assertEquals(budget.usedBytes(), shares, "the archives' shares add up to the budget's use");
    // The last clusters admitted are the ones kept: 100,000 bytes hold 20 of the last archive's
    // 9,000-byte clusters at most, and the most recent one is certainly among them.
    assertTrue(budget.usedBytes() > 100_000 - 9_080, "filled to within one cluster");
    int before = archives[49].loads(9);
    archives[49].cache.get(9);
    assertEquals(before, archives[49].loads(9));
  }

  @Test
  void closingAnArchiveGivesItsShareBack() {
    ClusterBudget budget = ClusterBudget.of(1 << 20);
    Counted a = new Counted(budget, 1000);
    Counted b = new Counted(budget, 2000);
    for (int k = 0; k < 5; k++) {
      a.cache.get(k);
      b.cache.get(k);
    }
    assertEquals(5 * 1080 + 5 * 2080, budget.usedBytes());
    a.cache.close();
    assertEquals(5 * 2080, budget.usedBytes());
    assertEquals(0, a.cache.weight());
    assertEquals(5, budget.clusters());
    b.cache.get(4);
    assertEquals(1, b.loads(4), "the other archive's clusters stay");
  }

  @Test
  void aClusterHeavierThanTheWholeBudgetIsHandedOutButNotKept() {
    ClusterBudget budget = ClusterBudget.of(5000);
    Counted a = new Counted(budget, 2000);
    Counted big = new Counted(budget, 6000);
    a.cache.get(0);
    big.cache.get(0);
    big.cache.get(0);
    assertEquals(2, big.loads(0));
    assertEquals(2080, budget.usedBytes(), "the small cluster was not evicted for it");
  }

  @Test
  void aBudgetOfZeroKeepsNothing() {
    ClusterBudget budget = ClusterBudget.of(0);
    Counted a = new Counted(budget, 10);
    a.cache.get(1);
    a.cache.get(1);
    assertEquals(2, a.loads(1));
    assertEquals(0, budget.usedBytes());
  }

  /**
   * A zstd cluster is kept from its first read, decoded only as far as needed, with its decoder's
   * state: its weight must cover what it holds then (the output array and the decoder), measured by
   * walking the object graph, and still after it is decoded whole.
   */
  @Test
  void aZstdPayloadWeighsAtLeastWhatItHolds() {
    StringBuilder text = new StringBuilder();
    java.util.Random random = new java.util.Random(16);
    String[] words = {"cluster", "budget", "archive", "zstd", "block", "window", "of", "the"};
    while (text.length() < 1_500_000) {
      text.append(words[random.nextInt(words.length)]).append(random.nextInt(1000)).append(' ');
    }
    byte[] payload = text.toString().getBytes(StandardCharsets.UTF_8);
    byte[] compressed = Zstd.compress(payload, 3);
    byte[] file = Arrays.copyOf(compressed, compressed.length + 8);
    ArchiveBytes in = new ArchiveBytes(new ByteArraySource(file), "budget-test");
    ZstdFrame.Frames frames = ZstdFrame.walk(in, 0, 0, file.length);
    ZstdPayload zstd = new ZstdPayload(in, 0, frames, (int) frames.outputBound());
    Cluster cluster = new Cluster(zstd, new long[] {0, payload.length});

    zstd.decodeBlocks(1);
    assertTrue(!zstd.isWhole(), "one block of several decoded");
    long partial = RetainedSize.of(cluster, in);
    assertTrue(
        partial > payload.length, "the output array is held: " + partial + " of " + payload.length);
    assertTrue(cluster.weight() >= partial, "weight " + cluster.weight() + " < held " + partial);

    zstd.range(0, payload.length);
    assertTrue(zstd.isWhole());
    long whole = RetainedSize.of(cluster, in);
    assertTrue(cluster.weight() >= whole, "weight " + cluster.weight() + " < held " + whole);
    // Not wildly over either: at most the decoder's allowance beyond what it holds.
    assertTrue(
        cluster.weight() - whole <= ZstdBlockDecoder.RETAINED_BYTES + 1024,
        "weight " + cluster.weight() + ", held " + whole);
  }
}
