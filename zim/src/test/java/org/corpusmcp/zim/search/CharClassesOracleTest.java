package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Word characters, CJK characters and lower-casing of every code point, against python3-xapian. */
class CharClassesOracleTest {
  @Test
  void sameCharacterClassesAsXapian() {
    String out = Oracle.python(List.of(Oracle.script("charclass_oracle.py").toString()));
    Map<Integer, String[]> x = new HashMap<>();
    for (String line : out.split("\n", -1)) {
      if (!line.isBlank()) {
        String[] p = line.split(" ", 4);
        x.put(Integer.parseInt(p[0], 16), p);
      }
    }
    List<String> bad = new ArrayList<>();
    for (int cp = 0x20; cp < 0x110000; cp++) {
      if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == '#' || cp == '+') {
        continue;
      }
      String[] p = x.get(cp);
      boolean word = p != null && p[1].equals("1");
      boolean cjk = p != null && p[2].equals("1");
      if (word != CharClasses.isWordChar(cp)
          || cjk != (CharClasses.isWordChar(cp) && CharClasses.isCjk(cp))) {
        bad.add(Integer.toHexString(cp) + " word " + word + " cjk " + cjk);
      } else if (word) {
        String lower =
            Integer.toHexString(CharClasses.lower(cp)).toUpperCase(java.util.Locale.ROOT);
        if (!lower.equals(p[3])) {
          bad.add(Integer.toHexString(cp) + " lower " + lower + " != " + p[3]);
        }
      }
      if (bad.size() > 20) {
        break;
      }
    }
    assertEquals(List.of(), bad);
    assertEquals(true, x.size() > 100000, "oracle listed " + x.size() + " code points");
  }
}
