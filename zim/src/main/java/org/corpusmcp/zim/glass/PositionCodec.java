package org.corpusmcp.zim.glass;

/**
 * Position lists ({@code bitstream.cc}): {@code LastPos:varint} then, if more than one position, an
 * LSB-first bit stream holding the first position in [0, last), count − 2 in [0, last − first), and
 * the inner positions in interpolative code (middle first, then the left half, then the right).
 *
 * <p>Example: {@code 3d 97 71 b6 fb 01} → [23, 30, 34, 40, 48, 49, 57, 61].
 */
final class PositionCodec {

  /**
   * The most positions one term may have in one document: 4 Mi, a 16 MiB array, far more words than
   * any article libzim indexes. The count is read from the index, and a consecutive run costs no
   * bits at all, so without a bound a few hostile bytes would ask for an array of 2^31 ints.
   */
  static final int MAX_POSITIONS = 1 << 22;

  private final byte[] buf;
  private int pos;
  private long acc;
  private int bits;

  private PositionCodec(byte[] buf, int pos) {
    this.buf = buf;
    this.pos = pos;
  }

  static int[] decode(byte[] tag) {
    Pack p = new Pack(tag);
    long last = p.uint();
    if (last > Integer.MAX_VALUE) {
      throw new GlassFormatException("position " + last + " out of range");
    }
    if (p.atEnd()) {
      return new int[] {(int) last};
    }
    PositionCodec r = new PositionCodec(tag, p.pos);
    int first = r.value((int) last);
    int count = r.value((int) last - first) + 2;
    if (count > last - first + 1 || count < 2) {
      throw new GlassFormatException(
          "position count " + count + " impossible in [" + first + ", " + last + "]");
    }
    if (count > MAX_POSITIONS) {
      throw new GlassFormatException(
          "position count " + count + " over the limit of " + MAX_POSITIONS);
    }
    int[] out = new int[count];
    out[0] = first;
    out[count - 1] = (int) last;
    r.interpolate(out, 0, count - 1);
    return out;
  }

  private void interpolate(int[] a, int j, int k) {
    while (k > j + 1) {
      int mid = j + (k - j) / 2;
      int outof = a[k] - a[j] - (k - j) + 1;
      a[mid] = value(outof) + a[j] + (mid - j);
      interpolate(a, j, mid);
      j = mid;
    }
  }

  private int read(int n) {
    while (bits < n) {
      if (pos >= buf.length) {
        throw new GlassFormatException("position bit stream truncated");
      }
      acc |= (long) (buf[pos++] & 0xFF) << bits;
      bits += 8;
    }
    int v = (int) (acc & ((1L << n) - 1));
    acc >>>= n;
    bits -= n;
    return v;
  }

  private int value(int outof) {
    if (outof <= 0) {
      throw new GlassFormatException("position range empty");
    }
    if (outof == 1) {
      return 0;
    }
    int b = 32 - Integer.numberOfLeadingZeros(outof - 1);
    long spare = (1L << b) - outof;
    if (spare == 0) {
      return read(b);
    }
    int mid = (int) ((outof - spare) / 2);
    int p = read(b - 1);
    if (p < mid) {
      if (read(1) == 1) {
        p += mid + (int) spare;
      }
    }
    return p;
  }
}
