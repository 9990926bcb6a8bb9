package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The M/Counter grammar ({@code mime=count;} pairs), on libzim's documented examples. */
class MimeCounterTest {

  @Test
  void plainCounts() {
    assertEquals(
        Map.of("image/png", 34L, "text/html", 70L), MimeCounter.parse("image/png=34;text/html=70"));
  }

  @Test
  void mimeParametersAreGluedBack() {
    assertEquals(
        Map.of("text/html;raw=true", 12L, "image/png", 3L),
        MimeCounter.parse("text/html;raw=true=12;image/png=3"));
  }

  @Test
  void unparseableItemsAreSkipped() {
    assertEquals(Map.of("text/html", 1L), MimeCounter.parse("text/html=1;;junk=x;"));
  }
}
