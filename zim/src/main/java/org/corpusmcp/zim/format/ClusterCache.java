package org.corpusmcp.zim.format;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.IntFunction;

/**
 * The decoded clusters of one archive, kept within a {@link ClusterBudget} in bytes, least recently
 * used evicted first. The budget is the archive's own or shared with other archives, which then
 * compete for it in one least-recently-used order.
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
public final class ClusterCache implements AutoCloseable {

  private final ClusterBudget budget;
  private final IntFunction<Cluster> loader;
  private final ConcurrentHashMap<Integer, CompletableFuture<Cluster>> loading =
      new ConcurrentHashMap<>();

  /** What this archive's kept clusters weigh; guarded by the budget's lock, kept by the budget. */
  long held;

  /** A cache with a budget of its own of {@code maxWeight} bytes. */
  public ClusterCache(long maxWeight, IntFunction<Cluster> loader) {
    this(ClusterBudget.of(maxWeight), loader);
  }

  /** A cache whose clusters are kept within {@code budget}, which other caches may share. */
  public ClusterCache(ClusterBudget budget, IntFunction<Cluster> loader) {
    this.budget = budget;
    this.loader = loader;
  }

  public Cluster get(int index) {
    Cluster cached = budget.get(this, index);
    if (cached != null) {
      return cached;
    }
    CompletableFuture<Cluster> mine = new CompletableFuture<>();
    CompletableFuture<Cluster> theirs = loading.putIfAbsent(index, mine);
    if (theirs != null) {
      return await(theirs);
    }
    try {
      // Re-check: another thread may have finished loading between our lookup and putIfAbsent.
      Cluster c = budget.get(this, index);
      if (c == null) {
        c = loader.apply(index);
        budget.admit(this, index, c);
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

  /** What this archive's kept clusters weigh now, in bytes (for tests and diagnostics). */
  public long weight() {
    return budget.usedBytes(this);
  }

  /** Gives this archive's share of the budget back: its clusters are no longer kept. */
  @Override
  public void close() {
    budget.release(this);
  }
}
