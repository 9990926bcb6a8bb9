package org.corpusmcp.zim.format;

import org.corpusmcp.zim.ZimFault;

/**
 * The full structural validation (zim-and-libzim-search.md §E.2), apart from the checksum, which
 * {@link ChecksumVerifier} does. Each check runs on its own, so a damaged checksum does not hide
 * a structural fault (unlike libzim's {@code validate}, which stops at the checksum).
 *
 * <ul>
 *   <li>DIRENT_PTRS: every dirent pointer in {@code [80, checksumPos − 10]}, every dirent decodes;
 *   <li>DIRENT_ORDER: full paths strictly increasing;
 *   <li>TITLE_INDEX: every v0 and v1 entry below the entry count, titles non-decreasing;
 *   <li>CLUSTER_PTRS: every cluster pointer in {@code [80, checksumPos − 1]};
 *   <li>DIRENT_MIMETYPES: every item's MIME code inside the MIME list;
 *   <li>beyond libzim: every redirect index and item cluster number in range, and every cluster's
 *       offset table well-formed (decompressing compressed clusters), every blob number in range.
 * </ul>
 *
 * <p>Costs one pass over the directory and one over the clusters: O(archive size).
 */
public final class IntegrityCheck {

  private IntegrityCheck() {}

  /** Throws {@link org.corpusmcp.zim.ZimFormatException} naming the first fault found. */
  public static void run(ArchiveLayout layout) {
    ArchiveBytes in = layout.bytes();
    ZimHeader h = layout.header();
    Directory dir = layout.directory();
    int n = h.entryCount();
    for (int i = 0; i < n; i++) {
      dir.direntOffset(i);
    }
    for (int i = 0; i + 1 < n; i++) {
      dir.requireOrdered(i);
    }
    for (TitleListing t : new TitleListing[] {layout.titlesV0(), layout.titlesV1()}) {
      if (t != null) {
        for (int i = 0; i < t.size(); i++) {
          t.entryIndex(i);
        }
        for (int i = 0; i + 1 < t.size(); i++) {
          t.requireOrdered(i);
        }
      }
    }
    ClusterReader clusters = layout.clusters();
    int[] blobCounts = new int[h.clusterCount()];
    for (int c = 0; c < h.clusterCount(); c++) {
      blobCounts[c] = clusters.read(c).blobCount();
    }
    int mimeCount = layout.mimeTypes().size();
    for (int i = 0; i < n; i++) {
      Dirent d = dir.dirent(i);
      switch (d.kind()) {
        case ITEM:
          if (d.mimeCode() >= mimeCount) {
            throw in.fault(ZimFault.MIME_TYPE_CODE, d.offset(), "< " + mimeCount, d.mimeCode());
          }
          if (d.cluster() < 0 || d.cluster() >= h.clusterCount()) {
            throw in.fault(ZimFault.CLUSTER_INDEX, d.offset() + 8, "< " + h.clusterCount(),
                d.cluster() & 0xFFFF_FFFFL);
          }
          if (d.blob() < 0 || d.blob() >= blobCounts[d.cluster()]) {
            throw in.fault(ZimFault.BLOB_INDEX, d.offset() + 12, "< " + blobCounts[d.cluster()],
                d.blob() & 0xFFFF_FFFFL);
          }
          break;
        case REDIRECT:
          if (d.redirectIndex() < 0 || d.redirectIndex() >= n) {
            throw in.fault(ZimFault.REDIRECT_INDEX, d.offset() + 8, "< " + n, d.redirectIndex() & 0xFFFF_FFFFL);
          }
          break;
        default:
          break;
      }
    }
  }
}
