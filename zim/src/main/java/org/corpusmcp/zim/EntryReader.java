package org.corpusmcp.zim;

import org.corpusmcp.zim.format.ArchiveLayout;
import org.corpusmcp.zim.format.Cluster;
import org.corpusmcp.zim.format.ClusterCache;
import org.corpusmcp.zim.format.Dirent;
import org.corpusmcp.zim.format.DirentKind;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.io.ConcatenatedSource;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link Entry} and a {@link StoredBlob} read of their archive beyond their own dirent: the
 * MIME list, redirect targets, the dirent's cluster (through the archive's cache) and a cluster's
 * stored bytes. One per open {@link Archive}, which makes it and hands it to the entries it gives
 * out; entries hold it instead of the archive, so neither calls back into the other. Immutable and
 * thread-safe, as the archive is.
 */
final class EntryReader {

  private final ArchiveLayout layout;
  private final ClusterCache cache;
  private final String archiveName;
  private final boolean newNamespaceScheme;

  EntryReader(ArchiveLayout layout, ClusterCache cache, String archiveName) {
    this.layout = layout;
    this.cache = cache;
    this.archiveName = archiveName;
    this.newNamespaceScheme = layout.header().newNamespaceScheme();
  }

  /** The archive's name, for messages. */
  String archiveName() {
    return archiveName;
  }

  /** Whether entries' public paths leave out the namespace (see {@link Entry#path()}). */
  boolean newNamespaceScheme() {
    return newNamespaceScheme;
  }

  Entry entry(Dirent d) {
    return new Entry(this, d);
  }

  /**
   * Entry {@code index} in path order over all namespaces.
   *
   * @throws IndexOutOfBoundsException index not in [0, entry count)
   */
  Entry entryAt(int index) {
    return entry(layout.directory().dirent(index));
  }

  String mimeType(Dirent d) {
    int code = d.mimeCode();
    if (code >= layout.mimeTypes().size()) {
      throw layout
          .bytes()
          .fault(ZimFault.MIME_TYPE_CODE, d.offset(), "< " + layout.mimeTypes().size(), code);
    }
    return layout.mimeTypes().get(code);
  }

  Entry redirectTarget(Dirent d) {
    int target = d.redirectIndex();
    int entryCount = layout.header().entryCount();
    if (target < 0 || target >= entryCount) {
      throw layout
          .bytes()
          .fault(ZimFault.REDIRECT_INDEX, d.offset() + 8, "< " + entryCount, target & 0xFFFF_FFFFL);
    }
    return entryAt(target);
  }

  /** The size of {@code d}'s content, from its cluster's offset table (no content decoded). */
  long contentSize(Dirent d) {
    return cluster(d).blobSize(d.blob());
  }

  Blob content(Dirent d) {
    Cluster c = cluster(d);
    return new Blob(c.blob(d.blob()), !c.isCompressed() && directlyAccessible(c, d));
  }

  @Nullable StoredBlob storedBlob(Dirent d) {
    return layout.clusters().hasKnownStoredEnd(d.cluster())
        ? new StoredBlob(this, d.cluster(), d.blob())
        : null;
  }

  /** Cluster {@code index} as stored (see {@link StoredBlob#clusterBytes()}). */
  ByteSource storedClusterBytes(int index) {
    ByteSource stored = layout.clusters().storedBytes(index);
    if (stored == null) {
      throw new IllegalStateException("cluster " + index + " is xz: its stored end is not known");
    }
    return stored;
  }

  @Nullable ByteSource directContent(Dirent d) {
    if (d.kind() != DirentKind.ITEM || !layout.clusters().isUncompressed(d.cluster())) {
      return null;
    }
    Cluster c = cluster(d);
    return directlyAccessible(c, d) ? c.blob(d.blob()) : null;
  }

  private Cluster cluster(Dirent d) {
    Cluster c = cache.get(d.cluster() < 0 ? -1 : d.cluster());
    if (d.blob() < 0 || d.blob() >= c.blobCount()) {
      throw layout
          .bytes()
          .fault(
              ZimFault.BLOB_INDEX, d.offset() + 12, "< " + c.blobCount(), d.blob() & 0xFFFF_FFFFL);
    }
    return c;
  }

  private boolean directlyAccessible(Cluster c, Dirent d) {
    ByteSource source = layout.bytes().source();
    return !(source instanceof ConcatenatedSource concatenatedSource)
        || concatenatedSource.partHolding(c.blobArchiveOffset(d.blob()), c.blobSize(d.blob())) >= 0;
  }
}
