package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RefsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Bell_test",
        "Ray_Charles_(album)",
        "Эспэранта_Суфіксы.html",
        "a b",
        "100%_pure",
        "C#",
        "What?",
        "library/functions",
        "questions/123/how-do-i-x",
        "tonedear.com/ear-training/intervals",
        "%D0%AD",
        "a\tb",
        "日本語",
        "x\u200By",
        "emoji 🎵",
        "trailing/",
        "//double//"
      })
  void anyPathRoundTrips(String path) {
    String ref = Refs.encode("Lib", path);
    assertTrue(ref.startsWith("corpus://Lib/"), ref);
    assertEquals(new Refs.Ref("Lib", path), Refs.decode(ref));
    assertTrue(ref.chars().noneMatch(c -> c == ' ' || c == '#' || c == '?'), ref);
  }

  @Test
  void encodingIsReadableWhereItCanBe() {
    assertEquals("corpus://Wikipedia/Bell_test", Refs.encode("Wikipedia", "Bell_test"));
    assertEquals("corpus://W/a%20b%25c%23d%3Fe", Refs.encode("W", "a b%c#d?e"));
    assertEquals("corpus://W/Эспэранта", Refs.encode("W", "Эспэранта"));
  }

  @Test
  void malformedRefsAreRefusedWithAReason() {
    assertTrue(
        assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("http://x/y"))
            .getMessage()
            .contains("does not start with corpus://"));
    assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("corpus://"));
    assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("corpus://Lib"));
    assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("corpus://Lib/"));
    assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("corpus://Lib/a%2"));
    assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("corpus://Lib/a%zz"));
    assertThrows(Refs.InvalidRefException.class, () -> Refs.decode("corpus://Lib/%C3%28"));
  }
}
