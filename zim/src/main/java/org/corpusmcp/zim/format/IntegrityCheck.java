package org.corpusmcp.zim.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;

/**
 * The full structural validation (libzim's {@code zim::validate}), apart from the checksum, which
 * {@link ChecksumVerifier} does. Every check runs on its own and every fault is collected, so one
 * damaged structure neither hides another nor stops the report (libzim's {@code validate} stops at
 * the first failing check).
 *
 * <ul>
 *   <li>DIRENT_PTRS: every dirent pointer in {@code [80, checksumPos − 10]}, every dirent decodes;
 *   <li>DIRENT_ORDER: full paths non-decreasing (equal neighbours are allowed, as in libzim);
 *   <li>TITLE_INDEX: the v0 title list inside the archive, every v0 and v1 entry below the entry
 *       count, titles non-decreasing;
 *   <li>CLUSTER_PTRS: every cluster pointer in {@code [80, checksumPos − 1]};
 *   <li>DIRENT_MIMETYPES: every item's MIME code inside the MIME list;
 *   <li>beyond libzim: every redirect index and item cluster number in range, and every cluster's
 *       offset table well-formed (decompressing compressed clusters), every blob number in range.
 * </ul>
 *
 * <p>Costs one pass over the directory and one over the clusters: O(archive size). A fault is
 * reported once per (fault, offset); the report stops growing at {@value #MAX_FAULTS}.
 */
public final class IntegrityCheck {

  /** Bounds the report of an archive damaged throughout (a shuffled title listing, say). */
  public static final int MAX_FAULTS = 1000;

  private IntegrityCheck() {}

  /** Throws {@link ZimFormatException} naming the first fault found. */
  public static void run(ArchiveLayout layout) {
    List<ZimFormatException> faults = faults(layout);
    if (!faults.isEmpty()) {
      throw faults.get(0);
    }
  }

  /** Every fault found, in check order (pointers, order, title listings, clusters, dirents). */
  public static List<ZimFormatException> faults(ArchiveLayout layout) {
    Report report = new Report();
    ArchiveBytes in = layout.bytes();
    ZimHeader h = layout.header();
    Directory dir = layout.directory();
    int n = h.entryCount();
    for (int i = 0; i < n && report.open(); i++) {
      int at = i;
      report.attempt(() -> dir.direntOffset(at));
    }
    for (int i = 0; i + 1 < n && report.open(); i++) {
      int at = i;
      report.attempt(() -> dir.requireOrdered(at));
    }
    if (h.hasTitleListingV0() && layout.titlesV0() == null) {
      report.attempt(() -> h.requireTitleListV0Inside(in));
    }
    for (TitleListing t : new TitleListing[] {layout.titlesV0(), layout.titlesV1()}) {
      if (t != null) {
        if (t.damage() != null) {
          report.add(t.damage()); // what opening found, its stored size, say
        }
        for (int i = 0; i < t.size() && report.open(); i++) {
          int at = i;
          report.attempt(() -> t.entryIndex(at));
        }
        for (int i = 0; i + 1 < t.size() && report.open(); i++) {
          int at = i;
          report.attempt(() -> t.requireOrdered(at));
        }
      }
    }
    ClusterReader clusters = layout.clusters();
    int[] blobCounts = new int[h.clusterCount()];
    for (int c = 0; c < h.clusterCount() && report.open(); c++) {
      try {
        blobCounts[c] = clusters.read(c).blobCount();
      } catch (ZimFormatException e) {
        blobCounts[c] = -1;
        report.add(e);
      }
    }
    int mimeCount = layout.mimeTypes().size();
    for (int i = 0; i < n && report.open(); i++) {
      Dirent d;
      try {
        d = dir.dirent(i);
      } catch (ZimFormatException alreadyReported) {
        continue;
      }
      switch (d.kind()) {
        case ITEM -> {
          if (d.mimeCode() >= mimeCount) {
            report.add(
                in.fault(ZimFault.MIME_TYPE_CODE, d.offset(), "< " + mimeCount, d.mimeCode()));
          }
          if (d.cluster() < 0 || d.cluster() >= h.clusterCount()) {
            report.add(
                in.fault(
                    ZimFault.CLUSTER_INDEX,
                    d.offset() + 8,
                    "< " + h.clusterCount(),
                    d.cluster() & 0xFFFF_FFFFL));
          } else if (blobCounts[d.cluster()] >= 0
              && (d.blob() < 0 || d.blob() >= blobCounts[d.cluster()])) {
            report.add(
                in.fault(
                    ZimFault.BLOB_INDEX,
                    d.offset() + 12,
                    "< " + blobCounts[d.cluster()],
                    d.blob() & 0xFFFF_FFFFL));
          }
        }
        case REDIRECT -> {
          if (d.redirectIndex() < 0 || d.redirectIndex() >= n) {
            report.add(
                in.fault(
                    ZimFault.REDIRECT_INDEX,
                    d.offset() + 8,
                    "< " + n,
                    d.redirectIndex() & 0xFFFF_FFFFL));
          }
        }
        default -> {}
      }
    }
    return report.faults();
  }

  /** The faults found so far, one per (fault, offset), in the order found. */
  private static final class Report {
    private final Map<String, ZimFormatException> faults = new LinkedHashMap<>();

    boolean open() {
      return faults.size() < MAX_FAULTS;
    }

    void attempt(Runnable check) {
      try {
        check.run();
      } catch (ZimFormatException e) {
        add(e);
      }
    }

    void add(ZimFormatException e) {
      if (open()) {
        faults.putIfAbsent(e.fault() + "@" + e.offset(), e);
      }
    }

    List<ZimFormatException> faults() {
      return new ArrayList<>(faults.values());
    }
  }
}
