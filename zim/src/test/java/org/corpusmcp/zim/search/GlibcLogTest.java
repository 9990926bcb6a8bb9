package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * glibc's log (through CPython's math.log) bit for bit, on BM25 idf arguments and random doubles.
 */
class GlibcLogTest {
  @Test
  void sameBitsAsGlibc() {
    String out = Oracle.python(List.of(Oracle.script("glibc_log.py").toString()));
    int n = 0;
    int bad = 0;
    String firstBad = null;
    for (String line : out.split("\n", -1)) {
      if (line.isEmpty()) {
        continue;
      }
      String[] p = line.split(" ", -1);
      double x = Double.longBitsToDouble(HexFormat.fromHexDigitsToLong(p[0]));
      long want = HexFormat.fromHexDigitsToLong(p[1]);
      long got = Double.doubleToRawLongBits(GlibcLog.log(x));
      n++;
      if (got != want) {
        bad++;
        if (firstBad == null) {
          firstBad =
              x
                  + ": glibc "
                  + Double.longBitsToDouble(want)
                  + " ours "
                  + Double.longBitsToDouble(got);
        }
      }
    }
    assertEquals(
        0,
        bad,
        bad
            + " of "
            + n
            + " differ, first "
            + firstBad
            + " (glibc on a CPU without FMA has a log with other last bits)");
    assertEquals(true, n > 200000);
  }
}
