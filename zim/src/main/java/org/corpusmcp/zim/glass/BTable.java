package org.corpusmcp.zim.glass;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;

/**
 * One B-tree table of a glass database ({@code glass_table.cc}). Immutable and thread-safe; every
 * traversal uses its own {@link Cursor}.
 *
 * <pre>
 *   Block     := Revision:u32 Level:u8 MaxFree:u16 TotalFree:u16 DirEnd:u16 Directory Items   (big-endian)
 *   Directory := ItemOffset:u16 ^ ((DirEnd - 11) / 2)     offsets from the block start, in key order
 *   Leaf item := I:u16 (0x8000 compressed, 0x4000 last, 0x2000 first, low 13 bits size-3)
 *                K:u8 Key[K] [Component:u16 unless first] TagSlice
 *   Branch    := Child:u32 K:u8 Key[K] Component:u16          item 0 is "minus infinity"
 * </pre>
 *
 * Rejected on read: DirEnd outside 11..blockSize, items leaving the block, a child whose level is
 * not its parent's minus one, a continuation component that does not follow its predecessor.
 */
final class BTable {
  private static final int HEADER = 11;
  private static final byte[] EMPTY = new byte[0];
  private static final ThreadLocal<Inflater> INFLATERS =
      ThreadLocal.withInitial(() -> new Inflater(true));

  final String name;
  private final BlockCache cache;
  private final long root;
  private final int levels;
  private final int blockSize;
  private final boolean fake;

  BTable(GlassHeader.RootInfo info, BlockCache cache) {
    this.name = info.name();
    this.cache = cache;
    this.root = info.root();
    this.levels = info.level();
    this.blockSize = info.blockSize();
    this.fake = info.fake();
  }

  boolean isEmpty() {
    return fake;
  }

  /** The tag stored under {@code key}, or null. */
  byte @Nullable [] get(byte[] key) {
    if (fake) {
      return null;
    }
    Cursor c = cursor();
    return c.find(key) ? c.readTag() : null;
  }

  Cursor cursor() {
    return new Cursor();
  }

  // ---- block accessors ----

  private byte[] block(long n, int expectedLevel) {
    byte[] b = cache.block(n, blockSize);
    int level = u8(b, 4);
    int dirEnd = u16(b, 9);
    if (level != expectedLevel) {
      throw new GlassFormatException(
          name + " block " + n + ": level " + level + ", expected " + expectedLevel);
    }
    if (dirEnd < HEADER || dirEnd > blockSize || ((dirEnd - HEADER) & 1) != 0) {
      throw new GlassFormatException(
          name + " block " + n + ": directory end " + dirEnd + " outside 11.." + blockSize);
    }
    return b;
  }

  /**
   * The big-endian u16 at {@code o}. Offsets come from the block's own bytes, so one past the block
   * end is damage to report, not an index error.
   */
  private int u16(byte[] b, int o) {
    inside(b, o, 2);
    return ((b[o] & 0xFF) << 8) | (b[o + 1] & 0xFF);
  }

  private int u8(byte[] b, int o) {
    inside(b, o, 1);
    return b[o] & 0xFF;
  }

  private void inside(byte[] b, int o, int length) {
    if (o < 0 || o > b.length - length) {
      throw new GlassFormatException(
          name
              + ": "
              + length
              + " bytes at "
              + o
              + " run past the end of a "
              + b.length
              + "-byte block");
    }
  }

  private int count(byte[] b) {
    return (u16(b, 9) - HEADER) / 2;
  }

  private int item(byte[] b, int i) {
    int o = u16(b, HEADER + 2 * i);
    if (o < HEADER || o + 3 > blockSize) {
      throw new GlassFormatException(name + ": item offset " + o + " outside the block");
    }
    return o;
  }

  /** Compares the item's (key, component) with (key, 1); leaf or branch layout. */
  private int compare(byte[] b, int o, boolean leaf, byte[] key) {
    int k;
    int ko;
    int comp;
    if (leaf) {
      k = u8(b, o + 2);
      ko = o + 3;
      if (ko + k > blockSize) {
        throw new GlassFormatException(name + ": key leaves the block");
      }
      comp = (u16(b, o) & 0x2000) != 0 ? 1 : u16(b, ko + k);
    } else {
      k = u8(b, o + 4);
      ko = o + 5;
      if (ko + k + 2 > blockSize) {
        throw new GlassFormatException(name + ": branch key leaves the block");
      }
      comp = u16(b, ko + k);
    }
    int c = Arrays.compareUnsigned(b, ko, ko + k, key, 0, key.length);
    return c != 0 ? c : Integer.compare(comp, 1);
  }

  private long child(byte[] b, int o) {
    inside(b, o, 4);
    return ((long) (b[o] & 0xFF) << 24)
        | ((b[o + 1] & 0xFF) << 16)
        | ((b[o + 2] & 0xFF) << 8)
        | (b[o + 3] & 0xFF);
  }

  /**
   * A position in the table: one (block, index) per level, leaf at 0. Not thread-safe. After {@link
   * #readTag} the cursor rests on the tag's last component.
   */
  final class Cursor {
    private final byte[][] blocks = new byte[levels + 1][];
    private final int[] idx = new int[levels + 1];
    private boolean positioned;

    /** Descends towards (key, 1); leaves the leaf index on the last item ≤ it, possibly −1. */
    private void descend(byte[] key) {
      long n = root;
      for (int l = levels; l >= 0; l--) {
        byte[] b = block(n, l);
        blocks[l] = b;
        int cnt = count(b);
        if (l > 0) {
          if (cnt == 0) {
            throw new GlassFormatException(name + ": empty branch block " + n);
          }
          int lo = 1;
          int hi = cnt - 1;
          int found = 0;
          while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(b, item(b, mid), false, key) <= 0) {
              found = mid;
              lo = mid + 1;
            } else {
              hi = mid - 1;
            }
          }
          idx[l] = found;
          n = child(b, item(b, found));
        } else {
          int lo = 0;
          int hi = cnt - 1;
          int found = -1;
          while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(b, item(b, mid), true, key) <= 0) {
              found = mid;
              lo = mid + 1;
            } else {
              hi = mid - 1;
            }
          }
          idx[0] = found;
        }
      }
      positioned = true;
    }

    /** Exact lookup: true and positioned on the entry's first component when {@code key} exists. */
    boolean find(byte[] key) {
      if (fake) {
        return false;
      }
      descend(key);
      if (idx[0] < 0) {
        return false;
      }
      int o = item(blocks[0], idx[0]);
      return isFirst() && compare(blocks[0], o, true, key) == 0;
    }

    /** Positions on the entry with the greatest key ≤ {@code key}; false if there is none. */
    boolean seekLessOrEqual(byte[] key) {
      if (fake) {
        return false;
      }
      descend(key);
      if (idx[0] < 0 && !prevItem()) {
        return false;
      }
      while (!isFirst()) {
        if (!prevItem()) {
          return false;
        }
      }
      return currentKeyLength() > 0; // the null item is not an entry
    }

    /** Positions on the first entry with key ≥ {@code key}; false at the end. */
    boolean seekGreaterOrEqual(byte[] key) {
      if (fake) {
        return false;
      }
      descend(key);
      if (idx[0] >= 0 && isFirst() && compare(blocks[0], item(blocks[0], idx[0]), true, key) == 0) {
        return true;
      }
      return nextEntry();
    }

    /** Moves to the next entry (the next first component); false at the end. */
    boolean nextEntry() {
      if (!positioned) {
        return false;
      }
      do {
        if (!nextItem()) {
          positioned = false;
          return false;
        }
      } while (!isFirst() || currentKeyLength() == 0);
      return true;
    }

    private boolean isFirst() {
      int o = item(blocks[0], idx[0]);
      return (u16(blocks[0], o) & 0x2000) != 0;
    }

    private int currentKeyLength() {
      return u8(blocks[0], item(blocks[0], idx[0]) + 2);
    }

    /** The key of the current item. */
    byte[] key() {
      byte[] b = blocks[0];
      int o = item(b, idx[0]);
      int k = u8(b, o + 2);
      inside(b, o + 3, k);
      return Arrays.copyOfRange(b, o + 3, o + 3 + k);
    }

    private boolean nextItem() {
      if (idx[0] + 1 < count(blocks[0])) {
        idx[0]++;
        return true;
      }
      int l = 1;
      while (l <= levels && idx[l] + 1 >= count(blocks[l])) {
        l++;
      }
      if (l > levels) {
        return false;
      }
      idx[l]++;
      for (; l > 0; l--) {
        blocks[l - 1] = block(child(blocks[l], item(blocks[l], idx[l])), l - 1);
        idx[l - 1] = 0;
      }
      return count(blocks[0]) > 0 || nextItem();
    }

    private boolean prevItem() {
      if (idx[0] > 0) {
        idx[0]--;
        return true;
      }
      int l = 1;
      while (l <= levels && idx[l] == 0) {
        l++;
      }
      if (l > levels) {
        return false;
      }
      idx[l]--;
      for (; l > 0; l--) {
        byte[] c = block(child(blocks[l], item(blocks[l], idx[l])), l - 1);
        blocks[l - 1] = c;
        idx[l - 1] = count(c) - 1;
      }
      return idx[0] >= 0 || prevItem();
    }

    /** Reads the whole tag of the entry the cursor is on (its first component). */
    byte[] readTag() {
      byte[] b = blocks[0];
      int o = item(b, idx[0]);
      int head = u16(b, o);
      boolean compressed = (head & 0x8000) != 0;
      byte[] key = key();
      ByteArrayOutputStream out = null;
      byte[] single = null;
      int component = 1;
      while (true) {
        b = blocks[0];
        o = item(b, idx[0]);
        head = u16(b, o);
        int size = (head & 0x1FFF) + 3;
        int k = u8(b, o + 2);
        int start = o + 3 + k;
        if ((head & 0x2000) == 0) {
          int comp = u16(b, start);
          if (comp != component) {
            throw new GlassFormatException(
                name + ": component " + comp + " where " + component + " was expected");
          }
          start += 2;
        } else if (component != 1) {
          throw new GlassFormatException(name + ": tag interrupted by a new entry");
        }
        if (o + size > blockSize || start > o + size) {
          throw new GlassFormatException(name + ": item of " + size + " bytes leaves the block");
        }
        boolean last = (head & 0x4000) != 0;
        if (component == 1 && last) {
          single = Arrays.copyOfRange(b, start, o + size);
          break;
        }
        if (out == null) {
          out = new ByteArrayOutputStream();
        }
        out.write(b, start, o + size - start);
        if (last) {
          break;
        }
        if (!nextItem()) {
          throw new GlassFormatException(name + ": tag truncated after component " + component);
        }
        if (!Arrays.equals(key(), key)) {
          throw new GlassFormatException(name + ": tag truncated, next key differs");
        }
        component++;
      }
      byte[] tag = single != null ? single : out.toByteArray();
      return compressed ? inflate(tag) : tag;
    }

    private byte[] inflate(byte[] data) {
      // one inflater per thread, reset per tag: creating one sets up zlib state (tens of µs per
      // tag), which dominated small searches whose document data is compressed
      Inflater inf = INFLATERS.get();
      inf.reset();
      try {
        inf.setInput(Arrays.copyOf(data, data.length + 1));
        byte[] out = new byte[Math.max(64, data.length * 4)];
        int size = 0;
        while (!inf.finished()) {
          if (size == out.length) {
            if (out.length >= (1 << 28)) {
              throw new GlassFormatException(name + ": compressed tag inflates beyond 256 MiB");
            }
            out = Arrays.copyOf(out, out.length * 2);
          }
          int n = inf.inflate(out, size, out.length - size);
          if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
            break;
          }
          size += n;
        }
        if (!inf.finished()) {
          throw new GlassFormatException(name + ": truncated compressed tag");
        }
        return size == out.length ? out : Arrays.copyOf(out, size);
      } catch (DataFormatException e) {
        throw new GlassFormatException(name + ": corrupt compressed tag", e);
      }
    }
  }

  static byte[] empty() {
    return EMPTY;
  }
}
