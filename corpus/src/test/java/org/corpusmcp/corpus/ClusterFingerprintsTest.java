package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.StoredBlob;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.io.ByteSource;
import org.junit.jupiter.api.Test;

/**
 * Each stored cluster's fingerprint is the CRC-32C and CRC-32 of its bytes (computed here by the
 * JDK over the whole array, not in 64 KiB reads), remembered per cluster: asked again, or through
 * another of its blobs, it gives the same value, and different clusters give different ones.
 */
class ClusterFingerprintsTest {

  @Test
  void everyClusterKeepsTheChecksumsOfItsOwnBytes() {
    try (Archive a = Zim.open(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED))) {
      ClusterFingerprints fingerprints = new ClusterFingerprints(a.clusterCount());
      Map<Integer, Long> byCluster = new HashMap<>();
      for (Entry e : a.allEntries()) {
        if (!e.isItem()) {
          continue;
        }
        StoredBlob stored = e.storedBlob();
        if (stored == null) {
          continue;
        }
        ByteSource cluster = stored.clusterBytes();
        byte[] bytes = cluster.readBytes(0, Math.toIntExact(cluster.size()));
        CRC32C c = new CRC32C();
        c.update(bytes);
        CRC32 d = new CRC32();
        d.update(bytes);
        long expected = c.getValue() << 32 | d.getValue();
        assertEquals(expected, fingerprints.of(stored), e.fullPath());
        assertEquals(expected, fingerprints.of(stored), e.fullPath() + ", asked again");
        byCluster.put(stored.cluster(), expected);
      }
      assertTrue(byCluster.size() > 2, "clusters seen: " + byCluster.size());
      Set<Long> distinct = new HashSet<>(byCluster.values());
      assertEquals(byCluster.size(), distinct.size(), "one fingerprint per cluster");
    }
  }
}
