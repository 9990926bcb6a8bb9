package org.corpusmcp.zim.format;

import java.nio.ByteBuffer;
import org.corpusmcp.zim.UnsupportedZimVersionException;
import org.corpusmcp.zim.ZimFault;

/**
 * The 80-byte header at archive offset 0 (openZIM ZIM file format spec, "Header").
 *
 * <pre>
 * Header     --&gt; Magic, Major, Minor, Uuid, EntryCount, ClusterCount, PathPtrPos, TitlePtrPos,
 *                ClusterPtrPos, MimeListPos, MainPage, LayoutPage, ChecksumPos
 * Magic      --&gt; u32 = 0x044D495A ("ZIM\x04")
 * Major      --&gt; u16 in {5, 6}       Minor --&gt; u16 (≥ 1: new namespace scheme, 3: v0 title list optional)
 * Uuid       --&gt; 16 bytes
 * EntryCount, ClusterCount --&gt; u32
 * PathPtrPos, TitlePtrPos, ClusterPtrPos, MimeListPos --&gt; u64 (TitlePtrPos all-ones = absent)
 * MainPage, LayoutPage --&gt; u32 entry index, 0xFFFFFFFF = none
 * ChecksumPos --&gt; u64 = archive size − 16 (MD5 follows), trusted only when MimeListPos ≥ 80
 * </pre>
 *
 * <p>Example: libzim's {@code nons/small.zim} (41,155 bytes) starts {@code 5A 49 4D 04 06 00 01
 * 00}: version 6.1, 16 entries, 2 clusters, mimeListPos 80, checksumPos 41,139.
 *
 * @param titlePtrPos -1 when the archive has no v0 title list
 * @param mainPage -1 when none
 */
@SuppressWarnings("ArrayRecordComponent") // the UUID as read; headers are never compared
public record ZimHeader(
    int major,
    int minor,
    byte[] uuid,
    int entryCount,
    int clusterCount,
    long pathPtrPos,
    long titlePtrPos,
    long clusterPtrPos,
    long mimeListPos,
    int mainPage,
    int layoutPage,
    long checksumPos) {

  public static final int SIZE = 80;
  static final int MAGIC = 0x044D495A;
  static final long NONE = -1L;

  /**
   * Reads and checks the header: every check of libzim's {@code Fileheader::sanity_check} that
   * needs no other structure (size, magic, version, counts, positions in order and inside the
   * archive, checksum position).
   */
  public static ZimHeader read(ArchiveBytes in) {
    long size = in.size();
    if (size < SIZE) {
      throw in.fault(ZimFault.TOO_SMALL, 0, ">= " + SIZE + " bytes", size + " bytes");
    }
    ByteBuffer b = in.read(0, SIZE, "header");
    int magic = b.getInt();
    if (magic != MAGIC) {
      throw in.fault(ZimFault.BAD_MAGIC, 0, hex(MAGIC), hex(magic));
    }
    int major = b.getShort() & 0xFFFF;
    int minor = b.getShort() & 0xFFFF;
    if (major != 5 && major != 6) {
      throw new UnsupportedZimVersionException(in.name(), major, minor);
    }
    byte[] uuid = new byte[16];
    b.get(uuid);
    long entryCount = b.getInt() & 0xFFFF_FFFFL;
    long clusterCount = b.getInt() & 0xFFFF_FFFFL;
    long pathPtrPos = b.getLong();
    long titlePtrPos = b.getLong();
    long clusterPtrPos = b.getLong();
    long mimeListPos = b.getLong();
    int mainPage = b.getInt();
    int layoutPage = b.getInt();
    long checksumPos = b.getLong();

    if ((entryCount == 0) != (clusterCount == 0) || clusterCount > entryCount) {
      throw in.fault(
          ZimFault.BAD_COUNTS,
          24,
          "clusterCount <= entryCount, both 0 or neither",
          "entryCount=" + entryCount + ", clusterCount=" + clusterCount);
    }
    // Java arrays and our indexes are int; 2^31 entries is beyond any real archive.
    if (entryCount > Integer.MAX_VALUE) {
      throw in.fault(ZimFault.BAD_COUNTS, 24, "entryCount <= " + Integer.MAX_VALUE, entryCount);
    }
    if (mimeListPos != SIZE && mimeListPos != 72) {
      throw in.fault(ZimFault.MIME_LIST_POSITION, 56, SIZE, Long.toUnsignedString(mimeListPos));
    }
    boolean hasChecksum = mimeListPos >= SIZE;
    if (hasChecksum && (checksumPos < 0 || checksumPos != size - 16)) {
      throw in.fault(ZimFault.CHECKSUM_POSITION, 72, size - 16, Long.toUnsignedString(checksumPos));
    }
    long end = hasChecksum ? checksumPos : size;
    requireTable(in, ZimFault.PATH_POINTER_LIST, 32, pathPtrPos, entryCount * 8, mimeListPos, end);
    requireTable(
        in, ZimFault.CLUSTER_POINTER_LIST, 48, clusterPtrPos, clusterCount * 8, mimeListPos, end);
    // Where the v0 title list lies is checked only when it is the listing in use (see
    // requireTitleListV0Inside): libzim ignores it, and opens the archive, when a v1 listing
    // exists.
    if (titlePtrPos == NONE && minor < 3) {
      throw in.fault(
          ZimFault.TITLE_POINTER_LIST,
          40,
          "a v0 title list before version 6.3",
          "none in " + major + "." + minor);
    }
    return new ZimHeader(
        major,
        minor,
        uuid,
        (int) entryCount,
        (int) clusterCount,
        pathPtrPos,
        titlePtrPos,
        clusterPtrPos,
        mimeListPos,
        mainPage,
        layoutPage,
        hasChecksum ? checksumPos : NONE);
  }

  /** Throws TITLE_POINTER_LIST unless the v0 title list lies wholly inside the archive's data. */
  public void requireTitleListV0Inside(ArchiveBytes in) {
    requireTable(
        in,
        ZimFault.TITLE_POINTER_LIST,
        40,
        titlePtrPos,
        4L * entryCount,
        mimeListPos,
        dataEnd(in.size()));
  }

  private static void requireTable(
      ArchiveBytes in, ZimFault fault, long field, long pos, long length, long min, long end) {
    if (pos < min || pos > end || length > end - pos) {
      throw in.fault(
          fault,
          field,
          "[" + min + ", " + end + "] for " + length + " bytes",
          Long.toUnsignedString(pos) + (pos < 0 || pos > end ? "" : ", ends at " + (pos + length)));
    }
  }

  private static String hex(int v) {
    return String.format("0x%08X", v);
  }

  /** minor ≥ 1 means the C/M/W/X namespace scheme; libzim checks nothing else. */
  public boolean newNamespaceScheme() {
    return minor >= 1;
  }

  public boolean hasTitleListingV0() {
    return titlePtrPos != NONE;
  }

  /** {@code hasChecksum()} in libzim: the checksum is trusted only when mimeListPos ≥ 80. */
  public boolean hasChecksum() {
    return checksumPos != NONE;
  }

  /** The end of the data that dirents and clusters may occupy: checksumPos, or the archive end. */
  public long dataEnd(long archiveSize) {
    return hasChecksum() ? checksumPos : archiveSize;
  }
}
