package org.corpusmcp.zim.glass;

import java.io.ByteArrayOutputStream;

/**
 * Xapian's byte encodings inside keys and tags ({@code pack.h}), as a reading cursor over an array.
 * Every decoder checks bounds and overflow and throws {@link GlassFormatException}.
 *
 * <pre>
 *   varint        little-endian base 128: 300 = AC 02
 *   sortable uint 2 bytes below 0x8000 (0x7FFF = 7F FF); else a unary length prefix: 0x8000 = 80 80 00
 *   sortable str  bytes with 00 written 00 FF, then 00 unless last in the key
 * </pre>
 */
final class Pack {
  final byte[] buf;
  int pos;
  final int end;

  Pack(byte[] buf) {
    this(buf, 0, buf.length);
  }

  Pack(byte[] buf, int pos, int end) {
    this.buf = buf;
    this.pos = pos;
    this.end = end;
  }

  boolean atEnd() {
    return pos >= end;
  }

  int remaining() {
    return end - pos;
  }

  /** A varint that must fit in 64 bits (unsigned values above 2^63 are rejected). */
  long uint() {
    long v = 0;
    int shift = 0;
    while (true) {
      if (pos >= end) {
        throw new GlassFormatException("truncated varint at byte " + pos);
      }
      int b = buf[pos++] & 0xFF;
      if ((shift == 63 && (b & 0x7F) > 1) || shift > 63) {
        throw new GlassFormatException("varint overflows 64 bits at byte " + pos);
      }
      v |= (long) (b & 0x7F) << shift;
      if (b < 0x80) {
        return v;
      }
      shift += 7;
    }
  }

  /** A varint that must fit in a non-negative int (counts, lengths). */
  int uint31() {
    long v = uint();
    if (v < 0 || v > Integer.MAX_VALUE) {
      throw new GlassFormatException(
          "value " + Long.toUnsignedString(v) + " too large at byte " + pos);
    }
    return (int) v;
  }

  /** {@code '0'} or {@code '1'}. */
  boolean bool() {
    if (pos >= end) {
      throw new GlassFormatException("truncated bool at byte " + pos);
    }
    int c = buf[pos++];
    if (c != '0' && c != '1') {
      throw new GlassFormatException("bad bool byte " + c + " at " + (pos - 1));
    }
    return c == '1';
  }

  /** A length-prefixed string. */
  byte[] string() {
    int n = uint31();
    if (n > end - pos) {
      throw new GlassFormatException("string of " + n + " bytes overruns tag at " + pos);
    }
    byte[] out = java.util.Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return out;
  }

  /** Skips a length-prefixed string; returns its start (its length is at {@code pos - start}). */
  int skipString() {
    int n = uint31();
    if (n > end - pos) {
      throw new GlassFormatException("string of " + n + " bytes overruns tag at " + pos);
    }
    int start = pos;
    pos += n;
    return start;
  }

  /** The rest as raw bytes. */
  byte[] rest() {
    byte[] out = java.util.Arrays.copyOfRange(buf, pos, end);
    pos = end;
    return out;
  }

  /** Glass sortable unsigned integer (Xapian's {@code pack.h}). */
  long sortableUint() {
    if (pos >= end) {
      throw new GlassFormatException("truncated sortable uint at " + pos);
    }
    int c = buf[pos++] & 0xFF;
    if (c < 0x80) {
      if (pos >= end) {
        throw new GlassFormatException("truncated sortable uint at " + pos);
      }
      return ((long) c << 8) | (buf[pos++] & 0xFF);
    }
    if (c == 0xFF) {
      throw new GlassFormatException("invalid sortable uint prefix FF at " + (pos - 1));
    }
    int ones = Integer.numberOfLeadingZeros(~c << 24);
    long v = c & (0xFF >>> (ones + 1));
    int follow = ones + 1;
    if (follow > end - pos) {
      throw new GlassFormatException("truncated sortable uint at " + pos);
    }
    for (int i = 0; i < follow; i++) {
      v = (v << 8) | (buf[pos++] & 0xFF);
    }
    return v;
  }

  /** Sortable string: reads up to an unescaped 00 (consumed) or the end. */
  byte[] sortableString() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (pos < end) {
      int b = buf[pos++] & 0xFF;
      if (b == 0) {
        if (pos < end && (buf[pos] & 0xFF) == 0xFF) {
          pos++;
          out.write(0);
          continue;
        }
        break;
      }
      out.write(b);
    }
    return out.toByteArray();
  }

  // ---- encoders (for building keys) ----

  static void putUint(ByteArrayOutputStream out, long v) {
    while (Long.compareUnsigned(v, 0x80) >= 0) {
      out.write((int) (v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write((int) v);
  }

  static void putSortableUint(ByteArrayOutputStream out, long v) {
    if (v < 0x8000) {
      out.write((int) (v >>> 8));
      out.write((int) v);
      return;
    }
    int bits = 64 - Long.numberOfLeadingZeros(v);
    int n = (bits + 5) / 7;
    byte[] b = new byte[n];
    long x = v;
    for (int i = n - 1; i >= 0; i--) {
      b[i] = (byte) x;
      x >>>= 8;
    }
    int prefix = (0xFF << (8 - (n - 2))) & 0xFF; // (n-2) one bits then a zero bit
    b[0] = (byte) ((b[0] & 0xFF) | prefix);
    out.write(b, 0, n);
  }

  static void putSortableString(ByteArrayOutputStream out, byte[] s, boolean last) {
    for (byte c : s) {
      out.write(c);
      if (c == 0) {
        out.write(0xFF);
      }
    }
    if (!last) {
      out.write(0);
    }
  }
}
