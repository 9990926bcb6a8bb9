package org.corpusmcp.archwiki.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonTree#integer} gives a number only when it is exactly the JSON's number: a revision id
 * of 22111111111111111111111111111111111111111111 was read as 755611267558568391 (the low 64 bits;
 * found by WikiAnswersFuzzTest), and 1e300 as {@link Long#MAX_VALUE}.
 */
class JsonTreeTest {

  @Test
  void wholeNumbersWithinALongAreRead() {
    assertEquals(858930L, JsonTree.integer(858930L));
    assertEquals(2L, JsonTree.integer(2.0));
    assertEquals(Long.MIN_VALUE, JsonTree.integer(-0x1p63));
    assertEquals(Long.MAX_VALUE, JsonTree.integer(BigInteger.valueOf(Long.MAX_VALUE)));
    assertEquals(7L, JsonTree.integer(new BigDecimal("7.000")));
    assertEquals(3L, JsonTree.integer(3));
  }

  @Test
  void numbersThatAreNotExactlyALongAreNone() {
    assertNull(JsonTree.integer(new BigInteger("22111111111111111111111111111111111111111111")));
    assertNull(JsonTree.integer(BigInteger.ONE.shiftLeft(63)));
    assertNull(JsonTree.integer(1e300));
    assertNull(JsonTree.integer(0x1p63));
    assertNull(JsonTree.integer(Double.POSITIVE_INFINITY));
    assertNull(JsonTree.integer(Double.NaN));
    assertNull(JsonTree.integer(1.5));
    assertNull(JsonTree.integer(new BigDecimal("1.0000000000000000000001")));
    assertNull(JsonTree.integer("1"));
  }
}
