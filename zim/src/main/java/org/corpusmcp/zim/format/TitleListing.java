package org.corpusmcp.zim.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * A title-ordered list of entry indexes (v0 title pointer list or {@code titleOrdered/v1}).
 *
 * <pre>
 * TitleListing --&gt; EntryIndex^Count        EntryIndex --&gt; u32 &lt; entryCount
 * </pre>
 *
 * <p>Two versions exist: v0 at the header's {@code titlePtrPos} lists every entry (all namespaces);
 * v1, the content of {@code X/listing/titleOrdered/v1}, lists only front articles. Both are ordered
 * by (namespace byte, title bytes), where the title is the stored title or the path when that is
 * empty. Equal titles may appear in any order (libzim sorts unstably).
 *
 * <p><b>Damage.</b> A listing whose entry is not an entry index, or whose titles are out of order,
 * is not a reason to refuse the archive (libzim opens it and reports the damage only on
 * validation). The first such fault seen, at open's sample, in validation or in a lookup, is
 * remembered ({@link #damage()}), and title lookups then turn to another order.
 *
 * <p>Example: small.zim's v0 list {@code 00000000 01000000 …} starts with entry 0 ({@code
 * C/favicon.png}, title = path) then entry 1 ({@code C/main.html}, "Test ZIM file").
 */
public final class TitleListing implements TitleOrder {

  private final ArchiveBytes in;
  private final ByteSource list;
  private final long listOffset;
  private final int count;
  private final Directory directory;
  private final boolean v1;
  private volatile @Nullable ZimFormatException damage;

  /**
   * @param list the u32 array; {@code listOffset} is its archive offset, for messages only
   */
  public TitleListing(
      ArchiveBytes in, ByteSource list, long listOffset, Directory directory, boolean v1) {
    this.in = in;
    this.list = list;
    this.listOffset = listOffset;
    this.count = (int) (list.size() / 4);
    this.directory = directory;
    this.v1 = v1;
  }

  /** Whether this is the v1 (front articles only) listing. */
  @Override
  public boolean isV1() {
    return v1;
  }

  @Override
  public int size() {
    return count;
  }

  /** The entry index at title position {@code i}, checked against the entry count (TITLE_INDEX). */
  public int entryIndex(int i) {
    java.util.Objects.checkIndex(i, count);
    ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
    list.read(4L * i, b);
    long e = b.getInt(0) & 0xFFFF_FFFFL;
    if (e >= directory.entryCount()) {
      throw damaged(
          in.fault(ZimFault.TITLE_INDEX, listOffset + 4L * i, "< " + directory.entryCount(), e));
    }
    return (int) e;
  }

  @Override
  public Dirent dirent(int i) {
    return directory.dirent(entryIndex(i));
  }

  /** Throws TITLE_ORDER unless positions {@code i} and {@code i + 1} are non-decreasing. */
  public void requireOrdered(int i) {
    Dirent a = dirent(i);
    Dirent b = dirent(i + 1);
    if (Dirent.compare(a.namespace(), a.title(), b.namespace(), b.title()) > 0) {
      throw damaged(
          in.fault(
              ZimFault.TITLE_ORDER,
              listOffset + 4L * i,
              "title " + i + " <= title " + (i + 1),
              "entries " + a.index() + " > " + b.index()));
    }
  }

  /**
   * Checks the first {@code sample} neighbours and the last entry index, remembering a fault
   * instead of throwing it: what opening checks, a few reads however long the listing.
   */
  public void checkSample(int sample) {
    try {
      for (int i = 0; i + 1 < count && i < sample; i++) {
        requireOrdered(i);
      }
      if (count > 0) {
        entryIndex(count - 1);
      }
    } catch (ZimFormatException e) {
      if (!isDamageOf(e)) {
        throw e;
      }
    }
  }

  /** The first fault found in this listing, or null while none has been seen. */
  public @Nullable ZimFormatException damage() {
    return damage;
  }

  /** Whether {@code e} is a fault of this listing (rather than of a dirent it points to). */
  public boolean isDamageOf(ZimFormatException e) {
    return e.fault() == ZimFault.TITLE_INDEX || e.fault() == ZimFault.TITLE_ORDER;
  }

  /** Records damage found outside the listing's own reads (its stored size, say). */
  void markDamaged(ZimFormatException e) {
    damaged(e);
  }

  private ZimFormatException damaged(ZimFormatException e) {
    if (damage == null) {
      damage = e;
    }
    return e;
  }
}
