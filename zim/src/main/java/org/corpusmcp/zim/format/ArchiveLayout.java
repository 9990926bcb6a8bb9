package org.corpusmcp.zim.format;

import java.nio.charset.StandardCharsets;
import org.corpusmcp.zim.ZimFault;
import org.jspecify.annotations.Nullable;

/**
 * The structures of an opened archive and the bounded checks made while opening it (header, MIME
 * list, pointer lists and title listings, as libzim checks them on opening).
 *
 * <p>Opening reads: the header; the MIME list up to the first structure after it; the first and
 * last path pointers and the dirents they name; the first {@value #SAMPLE} and the last neighbours
 * of the path order and of each title listing; and, for a new-scheme archive, the dirent and
 * cluster of {@code X/listing/titleOrdered/v1}. That is a few kilobytes however large the archive.
 * It refuses exactly what libzim refuses at open in libzim's test archives; the title-listing
 * sample only marks a listing damaged (libzim opens those archives).
 *
 * <p>Immutable and thread-safe.
 */
public final class ArchiveLayout {

  /** How many leading neighbours of each ordered table are checked at open. */
  static final int SAMPLE = 16;

  private static final byte[] V1_PATH =
      "listing/titleOrdered/v1".getBytes(StandardCharsets.US_ASCII);

  private final ArchiveBytes in;
  private final ZimHeader header;
  private final MimeTypeList mimeTypes;
  private final Directory directory;
  private final ClusterReader clusters;
  private final @Nullable TitleListing titlesV0;
  private final @Nullable TitleListing titlesV1;
  private volatile @Nullable PathDerivedTitleOrder pathDerived;

  private ArchiveLayout(
      ArchiveBytes in,
      ZimHeader header,
      MimeTypeList mimeTypes,
      Directory directory,
      ClusterReader clusters,
      @Nullable TitleListing titlesV0,
      @Nullable TitleListing titlesV1) {
    this.in = in;
    this.header = header;
    this.mimeTypes = mimeTypes;
    this.directory = directory;
    this.clusters = clusters;
    this.titlesV0 = titlesV0;
    this.titlesV1 = titlesV1;
  }

  /**
   * Opens and checks what libzim checks at open; throws {@link
   * org.corpusmcp.zim.ZimFormatException} naming the first fault. Damage libzim only meets when it
   * reads the structure (a cluster pointer, a title listing in use or not) does not stop the
   * opening: it is a typed error on that read and a fault in {@link IntegrityCheck}'s report.
   */
  public static ArchiveLayout open(ArchiveBytes in, long maxClusterBytes) {
    ZimHeader header = ZimHeader.read(in);
    Directory directory = new Directory(in, header);
    ClusterReader clusters = new ClusterReader(in, header, maxClusterBytes);
    int n = header.entryCount();

    long limit = Math.min(header.pathPtrPos(), header.clusterPtrPos());
    if (header.hasTitleListingV0() && header.titlePtrPos() > header.mimeListPos()) {
      limit = Math.min(limit, header.titlePtrPos());
    }
    if (n > 0) {
      limit = Math.min(limit, directory.direntOffset(0));
      Long firstCluster = clusters.clusterOffsetIfValid(0);
      if (firstCluster != null) {
        limit = Math.min(limit, firstCluster);
      }
    }
    MimeTypeList mimeTypes = MimeTypeList.read(in, header.mimeListPos(), limit);

    if (n > 0) {
      directory.direntOffset(n - 1);
      clusters.requireLastClusterInsideFile();
      for (int i = 0; i + 1 < n && i < SAMPLE; i++) {
        directory.requireOrdered(i);
      }
      if (n > 1) {
        directory.requireOrdered(n - 2);
      }
    }

    // As libzim: the v1 listing when the archive has a usable one, else the v0 list, which must
    // then lie inside the archive. A v0 list beside a v1 one is never read by libzim; a v0 list
    // outside the archive is then simply not there (validation reports it).
    TitleListing v1 = header.newNamespaceScheme() ? v1(in, directory, clusters) : null;
    TitleListing v0 = null;
    if (header.hasTitleListingV0()) {
      if (v1 == null) {
        header.requireTitleListV0Inside(in);
      }
      if (v1 == null || v0Inside(in, header)) {
        v0 =
            new TitleListing(
                in,
                in.source().slice(header.titlePtrPos(), 4L * n),
                header.titlePtrPos(),
                directory,
                false);
      }
    }
    if (v0 == null && v1 == null) {
      throw in.fault(
          ZimFault.MISSING_TITLE_LISTING,
          40,
          "v0 title list or uncompressed X/listing/titleOrdered/v1",
          "neither");
    }
    for (TitleListing t : new TitleListing[] {v0, v1}) {
      if (t != null) {
        t.checkSample(SAMPLE);
      }
    }
    return new ArchiveLayout(in, header, mimeTypes, directory, clusters, v0, v1);
  }

  private static boolean v0Inside(ArchiveBytes in, ZimHeader header) {
    try {
      header.requireTitleListV0Inside(in);
      return true;
    } catch (org.corpusmcp.zim.ZimFormatException e) {
      return false;
    }
  }

  /** {@code X/listing/titleOrdered/v1} when present as an item in an uncompressed cluster. */
  private static @Nullable TitleListing v1(
      ArchiveBytes in, Directory directory, ClusterReader clusters) {
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
      throw in.fault(
          ZimFault.BLOB_INDEX, d.offset(), "< " + c.blobCount(), d.blob() & 0xFFFF_FFFFL);
    }
    long size = c.blobSize(d.blob());
    // libzim opens an archive whose v1 listing has a wrong size and reads its whole entries; the
    // listing is then known damaged from the start (title lookups use another order).
    TitleListing v1 =
        new TitleListing(
            in,
            c.blob(d.blob()).slice(0, size - size % 4),
            c.blobArchiveOffset(d.blob()),
            directory,
            true);
    if (size % 4 != 0 || size / 4 > directory.entryCount()) {
      v1.markDamaged(
          in.fault(
              ZimFault.TITLE_INDEX,
              c.blobArchiveOffset(d.blob()),
              "a multiple of 4 bytes, at most " + directory.entryCount() + " entries",
              size + " bytes"));
    }
    return v1;
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

  /**
   * The order title lookups read: libzim's listing (v1 when usable, else v0) while no damage has
   * been seen in it; else the other stored listing while that is sound; else the order rebuilt from
   * the path index, so a damaged listing never turns into "no such title".
   */
  public TitleOrder titleOrder() {
    TitleListing preferred = titlesV1 != null ? titlesV1 : titlesV0;
    TitleListing other = titlesV1 != null ? titlesV0 : null;
    if (preferred != null && preferred.damage() == null) {
      return preferred;
    }
    if (other != null && other.damage() == null) {
      return other;
    }
    PathDerivedTitleOrder rebuilt = pathDerived;
    if (rebuilt == null) {
      synchronized (this) {
        rebuilt = pathDerived;
        if (rebuilt == null) {
          rebuilt = PathDerivedTitleOrder.build(directory);
          pathDerived = rebuilt;
        }
      }
    }
    return rebuilt;
  }
}
