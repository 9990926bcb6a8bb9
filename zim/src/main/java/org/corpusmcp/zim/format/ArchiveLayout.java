package org.corpusmcp.zim.format;

import java.nio.charset.StandardCharsets;
import org.corpusmcp.zim.ZimFault;
import org.jspecify.annotations.Nullable;

/**
 * The structures of an opened archive and the bounded checks made while opening it
 * (zim-and-libzim-search.md §A.3, §A.5, §A.9, §E.2 "opening").
 *
 * <p>Opening reads: the header; the MIME list up to the first structure after it; the first and
 * last path and cluster pointers and the dirents they name; the first {@value #SAMPLE} and the last
 * neighbours of the path order and of each title listing; and, for a new-scheme archive, the
 * dirent and cluster table of {@code X/listing/titleOrdered/v1}. That is a few kilobytes however
 * large the archive, and it catches every fault of libzim's test archives that libzim itself
 * reports at open, plus the title-listing faults libzim only reports on validation.
 *
 * <p>Immutable and thread-safe.
 */
public final class ArchiveLayout {

  /** How many leading neighbours of each ordered table are checked at open. */
  static final int SAMPLE = 16;

  private static final byte[] V1_PATH = "listing/titleOrdered/v1".getBytes(StandardCharsets.US_ASCII);

  private final ArchiveBytes in;
  private final ZimHeader header;
  private final MimeTypeList mimeTypes;
  private final Directory directory;
  private final ClusterReader clusters;
  private final @Nullable TitleListing titlesV0;
  private final @Nullable TitleListing titlesV1;

  private ArchiveLayout(ArchiveBytes in, ZimHeader header, MimeTypeList mimeTypes, Directory directory,
      ClusterReader clusters, @Nullable TitleListing titlesV0, @Nullable TitleListing titlesV1) {
    this.in = in;
    this.header = header;
    this.mimeTypes = mimeTypes;
    this.directory = directory;
    this.clusters = clusters;
    this.titlesV0 = titlesV0;
    this.titlesV1 = titlesV1;
  }

  /** Opens and checks; throws {@link org.corpusmcp.zim.ZimFormatException} naming the first fault. */
  public static ArchiveLayout open(ArchiveBytes in, long maxClusterBytes) {
    ZimHeader header = ZimHeader.read(in);
    Directory directory = new Directory(in, header);
    ClusterReader clusters = new ClusterReader(in, header, maxClusterBytes);
    int n = header.entryCount();

    long limit = header.pathPtrPos();
    if (header.hasTitleListingV0()) {
      limit = Math.min(limit, header.titlePtrPos());
    }
    limit = Math.min(limit, header.clusterPtrPos());
    if (n > 0) {
      limit = Math.min(limit, directory.direntOffset(0));
      limit = Math.min(limit, clusters.clusterOffset(0));
    }
    MimeTypeList mimeTypes = MimeTypeList.read(in, header.mimeListPos(), limit);

    if (n > 0) {
      directory.direntOffset(n - 1);
      clusters.clusterOffset(header.clusterCount() - 1);
      for (int i = 0; i + 1 < n && i < SAMPLE; i++) {
        directory.requireOrdered(i);
      }
      if (n > 1) {
        directory.requireOrdered(n - 2);
      }
    }

    TitleListing v0 = null;
    if (header.hasTitleListingV0()) {
      v0 = new TitleListing(in, in.source().slice(header.titlePtrPos(), 4L * n), header.titlePtrPos(),
          directory, false);
    }
    TitleListing v1 = header.newNamespaceScheme() ? v1(in, directory, clusters) : null;
    if (v0 == null && v1 == null) {
      throw in.fault(ZimFault.MISSING_TITLE_LISTING, 40, "v0 title list or uncompressed X/listing/titleOrdered/v1",
          "neither");
    }
    for (TitleListing t : new TitleListing[] {v0, v1}) {
      if (t != null && t.size() > 0) {
        for (int i = 0; i + 1 < t.size() && i < SAMPLE; i++) {
          t.requireOrdered(i);
        }
        t.entryIndex(t.size() - 1);
      }
    }
    return new ArchiveLayout(in, header, mimeTypes, directory, clusters, v0, v1);
  }

  /** {@code X/listing/titleOrdered/v1} when present as an item in an uncompressed cluster (§A.9). */
  private static @Nullable TitleListing v1(ArchiveBytes in, Directory directory, ClusterReader clusters) {
    int i = directory.find((byte) 'X', V1_PATH);
    if (i < 0) {
      return null;
    }
    Dirent d = directory.dirent(i);
    if (d.kind() != DirentKind.ITEM || !clusters.isUncompressed(d.cluster())) {
      return null;
    }
    Cluster c = clusters.read(d.cluster());
    if (d.blob() < 0 || d.blob() >= c.blobCount()) {
      throw in.fault(ZimFault.BLOB_INDEX, d.offset(), "< " + c.blobCount(), d.blob() & 0xFFFF_FFFFL);
    }
    long size = c.blobSize(d.blob());
    if (size % 4 != 0 || size / 4 > directory.entryCount()) {
      throw in.fault(ZimFault.TITLE_INDEX, c.blobArchiveOffset(d.blob()),
          "a multiple of 4 bytes, at most " + directory.entryCount() + " entries", size + " bytes");
    }
    return new TitleListing(in, c.blob(d.blob()), c.blobArchiveOffset(d.blob()), directory, true);
  }

  public ArchiveBytes bytes() {
    return in;
  }

  public ZimHeader header() {
    return header;
  }

  public MimeTypeList mimeTypes() {
    return mimeTypes;
  }

  public Directory directory() {
    return directory;
  }

  public ClusterReader clusters() {
    return clusters;
  }

  public @Nullable TitleListing titlesV0() {
    return titlesV0;
  }

  public @Nullable TitleListing titlesV1() {
    return titlesV1;
  }

  /** The listing libzim searches titles in: v1 when usable, else v0 (§A.9). */
  public TitleListing activeTitles() {
    TitleListing t = titlesV1 != null ? titlesV1 : titlesV0;
    assert t != null;
    return t;
  }
}
