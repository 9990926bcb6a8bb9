package org.corpusmcp.zim.glass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Position lists as glass stores them, and ones a hostile index could store. */
class PositionCodecTest {

  @Test
  void decodesTheReferenceExample() {
    // xapian-glass.md's worked example of bitstream.cc's interpolative code
    byte[] tag = {0x3d, (byte) 0x97, 0x71, (byte) 0xb6, (byte) 0xfb, 0x01};
    assertArrayEquals(new int[] {23, 30, 34, 40, 48, 49, 57, 61}, PositionCodec.decode(tag));
  }

  /**
   * Last position 2^31 − 1, first 0, and a count of 2^31 − 1: eight bytes that ask for the largest
   * array Java has. Consecutive positions cost no bits, so the count alone cannot be judged from
   * the bytes left; it must meet a bound before anything is allocated.
   */
  @Test
  void aHostileCountIsAFormatErrorNotAnAllocation() {
    // LastPos = 0x7fffffff as a varint
    byte[] last = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
    // bits, LSB first: first = 0 (30 zero bits of value, then flag 0); count - 2 = 2^31 - 3
    // (30 bits holding 2^30 - 3, below the middle 2^30 - 1, then flag 1: + 2^30)
    long bits = (((1L << 30) - 3) << 31) | (1L << 61);
    byte[] tag = new byte[last.length + 8];
    System.arraycopy(last, 0, tag, 0, last.length);
    for (int i = 0; i < 8; i++) {
      tag[last.length + i] = (byte) (bits >>> (8 * i));
    }
    GlassFormatException e =
        assertThrows(GlassFormatException.class, () -> PositionCodec.decode(tag));
    assertTrue(e.getMessage().contains("2147483647"), e.getMessage());
  }
}
