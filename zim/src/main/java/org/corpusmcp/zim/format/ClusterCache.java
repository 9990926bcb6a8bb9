package org.corpusmcp.zim.format;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.IntFunction;

/**
 * Decoded clusters, bounded by their {@linkplain Cluster#weight() weight} in bytes, least recently
 * used evicted first.
 *
 * <p>{@link #get} is atomic per cluster: when several threads ask for the same missing cluster at
 * once, exactly one decodes it and the others wait for that result, so no cluster is decompressed
 * twice at the same time. Different clusters load in parallel. A load that fails is not cached: the
 * next request tries again and fails the same way.
 *
 * <p>Semantics, stated honestly: the bound is checked after each load, so the cache may briefly
 * exceed it by one cluster; a single cluster heavier than the bound is handed to its caller but not
 * kept. A maximum of 0 disables caching (every read decodes). Thread-safe.
 */
public final class ClusterCache {

  private final long maxWeight;
  private final IntFunction<Cluster> loader;
  private final ConcurrentHashMap<Integer, CompletableFuture<Cluster>> loading =
      new ConcurrentHashMap<>();

  /** Guarded by itself; access-ordered. */
  private final LinkedHashMap<Integer, Cluster> lru = new LinkedHashMap<>(64, 0.75f, true);

  private long weight;

  public ClusterCache(long maxWeight, IntFunction<Cluster> loader) {
    this.maxWeight = maxWeight;
    this.loader = loader;
  }

  public Cluster get(int index) {
    synchronized (lru) {
      Cluster c = lru.get(index);
      if (c != null) {
        return c;
      }
    }
    CompletableFuture<Cluster> mine = new CompletableFuture<>();
    CompletableFuture<Cluster> theirs = loading.putIfAbsent(index, mine);
    if (theirs != null) {
      return await(theirs);
    }
    try {
      // Re-check: another thread may have finished loading between our lookup and putIfAbsent.
      Cluster c;
      synchronized (lru) {
        c = lru.get(index);
      }
      if (c == null) {
        c = loader.apply(index);
        admit(index, c);
      }
      mine.complete(c);
      return c;
    } catch (RuntimeException | Error e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      loading.remove(index, mine);
    }
  }

  private void admit(int index, Cluster c) {
    long w = c.weight();
    if (w > maxWeight) {
      return;
    }
    synchronized (lru) {
      Cluster old = lru.put(index, c);
      weight += w - (old == null ? 0 : old.weight());
      Iterator<Map.Entry<Integer, Cluster>> it = lru.entrySet().iterator();
      while (weight > maxWeight && it.hasNext()) {
        Map.Entry<Integer, Cluster> eldest = it.next();
        weight -= eldest.getValue().weight();
        it.remove();
      }
    }
  }

  private static Cluster await(CompletableFuture<Cluster> f) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return f.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof RuntimeException runtimeException) {
            throw runtimeException;
          }
          if (cause instanceof Error error) {
            throw error;
          }
          throw new IllegalStateException(cause);
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The current weight in bytes (for tests and diagnostics). */
  public long weight() {
    synchronized (lru) {
      return weight;
    }
  }
}
