package org.corpusmcp.zim;

import org.corpusmcp.zim.io.ByteSource;

/**
 * Where an item's content is stored: a cluster of its archive, as its bytes lie there (compressed,
 * not decoded), and the blob's number in that cluster. Two items whose clusters' stored bytes are
 * equal and whose blob numbers are equal have the same content, in any two archives; a cluster
 * copied from one archive into another (a copy under a new UUID, a re-packed snapshot that kept it)
 * is recognised by reading it, without decoding it. Unequal stored bytes say nothing: the same
 * content compresses differently beside other blobs.
 *
 * <p>Cheap to get: where the cluster ends is found only when {@link #clusterBytes()} is asked for,
 * so a caller comparing many items can keep what it learnt of each cluster by its number and read
 * each cluster once. Immutable; valid while the archive is open.
 */
public final class StoredBlob {

  private final EntryReader reader;
  private final int cluster;
  private final int blob;

  StoredBlob(EntryReader reader, int cluster, int blob) {
    this.reader = reader;
    this.cluster = cluster;
    this.blob = blob;
  }

  /** The cluster's number in its archive, the same for every blob in it. */
  public int cluster() {
    return cluster;
  }

  /** The blob's number in the cluster. */
  public int blob() {
    return blob;
  }

  /**
   * The cluster as stored, from its info byte to the end of its data (a zstd cluster's last frame,
   * an uncompressed one's last blob). Each call finds that end again: it reads a zstd cluster's
   * frame and block headers.
   *
   * @throws ZimFormatException the cluster's stored layout is damaged
   */
  public ByteSource clusterBytes() {
    return reader.storedClusterBytes(cluster);
  }

  @Override
  public String toString() {
    return "cluster " + cluster + " blob " + blob + " of " + reader.archiveName();
  }
}
