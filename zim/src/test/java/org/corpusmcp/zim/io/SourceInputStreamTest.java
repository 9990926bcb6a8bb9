package org.corpusmcp.zim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The one stream over a run of a source: what decoders and blob copies read. */
class SourceInputStreamTest {

  private static final ByteSource TEN =
      new ByteArraySource(new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});

  @Test
  void readsExactlyItsRunThenEnds() throws IOException {
    SourceInputStream s = new SourceInputStream(TEN, 4, 7);

    assertEquals(3, s.available());
    assertEquals(4, s.read());
    byte[] b = new byte[8];
    assertEquals(2, s.read(b, 3, 5));
    assertArrayEquals(new byte[] {0, 0, 0, 5, 6, 0, 0, 0}, b);
    assertEquals(-1, s.read());
    assertEquals(-1, s.read(b, 0, 8));
    assertEquals(0, s.read(b, 0, 0));
  }

  @Test
  void skipStopsAtTheEndOfTheRun() throws IOException {
    SourceInputStream s = new SourceInputStream(TEN);

    assertEquals(8, s.skip(8));
    assertEquals(2, s.skip(100));
    assertEquals(0, s.skip(1));
    assertEquals(0, s.skip(-5));
    assertEquals(0, s.available());
  }

  @Test
  void readsAWholeSourceLikeReadAllBytes() throws IOException {
    assertArrayEquals(
        new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, new SourceInputStream(TEN).readAllBytes());
  }

  @Test
  void aRunOutsideTheSourceOrABadArrayRangeIsTheCallersMistake() {
    assertThrows(IndexOutOfBoundsException.class, () -> new SourceInputStream(TEN, 5, 11));
    assertThrows(IndexOutOfBoundsException.class, () -> new SourceInputStream(TEN, 6, 5));
    SourceInputStream s = new SourceInputStream(TEN);
    assertThrows(IndexOutOfBoundsException.class, () -> s.read(new byte[4], 2, 3));
  }
}
