package org.corpusmcp.corpus;

import java.util.concurrent.atomic.AtomicLongArray;
import org.corpusmcp.zim.StoredBlob;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ByteFingerprint}s of one archive's stored (compressed) clusters, each computed once
 * for as long as its library is open: an open archive does not change, and reading a 1-2 MiB
 * cluster for every search that compares one of its documents with a copy in another library cost
 * more than the search. Holds nothing until asked, then one long per cluster of the archive.
 * Thread-safe; two searches computing one cluster at once store the same value.
 */
final class ClusterFingerprints {

  /** Not computed yet; a cluster whose fingerprint is this value is just computed each time. */
  private static final long UNKNOWN = 0;

  private final int clusterCount;
  private volatile @Nullable AtomicLongArray known;

  ClusterFingerprints(int clusterCount) {
    this.clusterCount = clusterCount;
  }

  long of(StoredBlob stored) {
    AtomicLongArray table = table();
    int cluster = stored.cluster();
    long value = table.get(cluster);
    if (value == UNKNOWN) {
      value = ByteFingerprint.of(stored.clusterBytes());
      table.set(cluster, value);
    }
    return value;
  }

  private AtomicLongArray table() {
    AtomicLongArray table = known;
    if (table == null) {
      synchronized (this) {
        table = known;
        if (table == null) {
          table = new AtomicLongArray(clusterCount);
          known = table;
        }
      }
    }
    return table;
  }
}
