package org.corpusmcp.zim.format;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.corpusmcp.zim.ZimFault;

/**
 * The path-ordered directory: the path pointer list and the dirents it points to (openZIM ZIM file
 * format spec, "Pointer lists" and "Directory Entries").
 *
 * <pre>
 * PathPointerList --&gt; DirentOffset^EntryCount       DirentOffset --&gt; u64 archive offset
 * </pre>
 *
 * <p>Entry {@code i} is the dirent at {@code DirentOffset[i]}; entries are non-decreasing by
 * (namespace byte, path bytes), unsigned, so a path is found by binary search (the first of equal
 * neighbours, see {@link #requireOrdered}). Nothing is read ahead: opening costs no I/O here, and
 * each lookup reads about log2(entryCount) dirents. A small direct-mapped cache of decoded dirents
 * (bounded, lock-free) spares repeated reads of the dirents every binary search visits first.
 *
 * <p>Immutable and thread-safe.
 */
public final class Directory {

  private static final int CACHE_SLOTS = 4096;

  private final ArchiveBytes in;
  private final ZimHeader header;
  private final long dataEnd;
  private final AtomicReferenceArray<Dirent> cache = new AtomicReferenceArray<>(CACHE_SLOTS);

  public Directory(ArchiveBytes in, ZimHeader header) {
    this.in = in;
    this.header = header;
    this.dataEnd = header.dataEnd(in.size());
  }

  public int entryCount() {
    return header.entryCount();
  }

  /** The archive offset of dirent {@code index}, checked as libzim's DIRENT_PTRS check does. */
  public long direntOffset(int index) {
    java.util.Objects.checkIndex(index, header.entryCount());
    long at = header.pathPtrPos() + 8L * index;
    long offset = in.u64(at, "path pointer list");
    if (offset < ZimHeader.SIZE || offset > dataEnd - 10) {
      throw in.fault(
          ZimFault.DIRENT_POINTER,
          at,
          "[" + ZimHeader.SIZE + ", " + (dataEnd - 10) + "]",
          Long.toUnsignedString(offset));
    }
    return offset;
  }

  /** Dirent {@code index} (0 ≤ index &lt; entryCount, else IndexOutOfBoundsException). */
  public Dirent dirent(int index) {
    int slot = index & (CACHE_SLOTS - 1);
    Dirent d = cache.get(slot);
    if (d != null && d.index() == index) {
      return d;
    }
    d = Dirent.read(in, index, direntOffset(index), dataEnd);
    cache.set(slot, d);
    return d;
  }

  /**
   * The first entry index whose (namespace, path) is ≥ the given one, in {@code [0, entryCount]}.
   */
  public int lowerBound(byte namespace, byte[] path) {
    int lo = 0;
    int hi = header.entryCount();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      Dirent d = dirent(mid);
      if (Dirent.compare(d.namespace(), d.path(), namespace, path) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The entry index of (namespace, path), or -1; of equal paths, the first, as libzim. */
  public int find(byte namespace, byte[] path) {
    int i = lowerBound(namespace, path);
    if (i < header.entryCount()) {
      Dirent d = dirent(i);
      if (d.namespace() == namespace && java.util.Arrays.equals(d.path(), path)) {
        return i;
      }
    }
    return -1;
  }

  /** The first entry index of namespace {@code ns} or any later one. */
  public int namespaceStart(byte namespace) {
    return lowerBound(namespace, new byte[0]);
  }

  /**
   * Throws DIRENT_ORDER when entry {@code index + 1} sorts before entry {@code index}. Equal
   * neighbours are accepted, as libzim accepts them: old writers did not require unique paths
   * (libkiwix's example.zim has two {@code -/j/js_modules/jsConfigVars.js}). A lookup then finds
   * the first of them ({@link #find}), as libzim's does, and each stays listable by index.
   */
  public void requireOrdered(int index) {
    Dirent a = dirent(index);
    Dirent b = dirent(index + 1);
    if (Dirent.compare(a.namespace(), a.path(), b.namespace(), b.path()) > 0) {
      throw in.fault(
          ZimFault.DIRENT_ORDER,
          header.pathPtrPos() + 8L * index,
          "entry " + index + " <= entry " + (index + 1),
          a.fullPath() + " > " + b.fullPath());
    }
  }
}
