package org.corpusmcp.zim.format;

/**
 * Entries ordered by (namespace byte, title bytes), where the title is the stored title or the path
 * when that is empty: a title listing stored in the archive ({@link TitleListing}), or the same
 * order rebuilt from the path index when the stored ones are damaged ({@link
 * PathDerivedTitleOrder}). Title lookups, prefix listings and title iteration all read through it.
 */
public interface TitleOrder {

  /** Whether this lists front articles only (the v1 listing). */
  boolean isV1();

  int size();

  /** The dirent at title position {@code i} (0 ≤ i &lt; size). */
  Dirent dirent(int i);

  /** The first title position whose (namespace, title) is ≥ the given one, in [0, size]. */
  default int lowerBound(byte namespace, byte[] title) {
    int lo = 0;
    int hi = size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      Dirent d = dirent(mid);
      if (Dirent.compare(d.namespace(), d.title(), namespace, title) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
