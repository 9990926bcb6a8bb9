package org.corpusmcp.zim.format;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One byte budget for the decoded clusters of any number of archives: a single least recently used
 * order over all their clusters, so the memory they take together is bounded by one number however
 * many archives are open. A server that opens one more archive with the same budget pays for its
 * clusters out of what the others hold, not on top of it.
 *
 * <p>Each archive reads through its own {@link ClusterCache} (which keeps the "decode once at a
 * time" rule per archive); the caches hand what they decode to the budget, which keeps or evicts it
 * by its {@linkplain Cluster#weight() weight}, whichever archive it came from.
 *
 * <p>Semantics as {@link ClusterCache} states them: the bound is checked as each cluster is
 * admitted (it never holds more than the bound), a cluster heavier than the whole budget is not
 * kept, and a budget of 0 keeps nothing. Thread-safe: one lock, held only to look up, admit and
 * evict, never while decoding.
 */
public final class ClusterBudget {

  private final long maxBytes;

  /** Guarded by itself; access-ordered across all archives. */
  private final LinkedHashMap<Key, Cluster> lru = new LinkedHashMap<>(64, 0.75f, true);

  private long used;

  /** A cluster of one archive; the cache is compared by identity (it has no equals of its own). */
  private record Key(ClusterCache owner, int index) {}

  private ClusterBudget(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** A budget of {@code maxBytes} for the clusters of all archives opened with it; 0 keeps none. */
  public static ClusterBudget of(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("cluster budget < 0: " + maxBytes);
    }
    return new ClusterBudget(maxBytes);
  }

  /** The bound, in bytes. */
  public long maxBytes() {
    return maxBytes;
  }

  /** What the kept clusters of all archives weigh now, in bytes. */
  public long usedBytes() {
    synchronized (lru) {
      return used;
    }
  }

  /** How many clusters are kept, of all archives. */
  public int clusters() {
    synchronized (lru) {
      return lru.size();
    }
  }

  @Nullable Cluster get(ClusterCache owner, int index) {
    synchronized (lru) {
      return lru.get(new Key(owner, index));
    }
  }

  /** Keeps {@code cluster}, evicting the least recently used clusters of any archive for room. */
  void admit(ClusterCache owner, int index, Cluster cluster) {
    long w = cluster.weight();
    if (w > maxBytes) {
      return;
    }
    synchronized (lru) {
      Cluster old = lru.put(new Key(owner, index), cluster);
      if (old != null) {
        charge(owner, -old.weight());
      }
      charge(owner, w);
      Iterator<Map.Entry<Key, Cluster>> it = lru.entrySet().iterator();
      while (used > maxBytes && it.hasNext()) {
        Map.Entry<Key, Cluster> eldest = it.next();
        charge(eldest.getKey().owner(), -eldest.getValue().weight());
        it.remove();
      }
    }
  }

  /** Forgets every cluster of {@code owner} (its archive is closed), giving their bytes back. */
  void release(ClusterCache owner) {
    synchronized (lru) {
      Iterator<Map.Entry<Key, Cluster>> it = lru.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<Key, Cluster> e = it.next();
        if (e.getKey().owner() == owner) {
          charge(owner, -e.getValue().weight());
          it.remove();
        }
      }
    }
  }

  /** What the kept clusters of {@code owner} weigh, in bytes. */
  long usedBytes(ClusterCache owner) {
    synchronized (lru) {
      return owner.held;
    }
  }

  /** Caller holds the lock. */
  private void charge(ClusterCache owner, long bytes) {
    used += bytes;
    owner.held += bytes;
  }
}
