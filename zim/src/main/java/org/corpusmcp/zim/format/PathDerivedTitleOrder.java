package org.corpusmcp.zim.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.corpusmcp.zim.ZimFormatException;

/**
 * The title order rebuilt from the path index: what title lookups use when every stored title
 * listing of the archive is damaged, so a lookup still finds what the directory holds instead of
 * answering "no such title".
 *
 * <p>Built on first use by reading every dirent once (O(entries) reads, O(entries) memory); a
 * dirent that cannot be read is left out, as it cannot be listed by title either. Immutable and
 * thread-safe once built.
 */
public final class PathDerivedTitleOrder implements TitleOrder {

  private final Directory directory;
  private final int[] order;

  private PathDerivedTitleOrder(Directory directory, int[] order) {
    this.directory = directory;
    this.order = order;
  }

  /** Reads the directory and sorts it by (namespace, title); equal titles keep path order. */
  public static PathDerivedTitleOrder build(Directory directory) {
    List<Dirent> readable = new ArrayList<>(directory.entryCount());
    for (int i = 0; i < directory.entryCount(); i++) {
      try {
        readable.add(directory.dirent(i));
      } catch (ZimFormatException damagedDirent) {
        // left out: it has no title to be found by
      }
    }
    readable.sort(
        Comparator.<Dirent>comparingInt(d -> d.namespace() & 0xFF)
            .thenComparing(Dirent::title, java.util.Arrays::compareUnsigned));
    int[] order = new int[readable.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = readable.get(i).index();
    }
    return new PathDerivedTitleOrder(directory, order);
  }

  @Override
  public boolean isV1() {
    return false;
  }

  @Override
  public int size() {
    return order.length;
  }

  @Override
  public Dirent dirent(int i) {
    return directory.dirent(order[i]);
  }
}
