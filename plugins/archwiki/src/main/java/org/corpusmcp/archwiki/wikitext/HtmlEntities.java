package org.corpusmcp.archwiki.wikitext;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * HTML character references decoded as Python's {@code html.unescape} does: the full HTML5 named
 * table ({@code html5-entities.tsv}, 2,231 names, legacy forms without {@code ;} included, longest
 * prefix wins), decimal and hex references, invalid ones mapped the HTML5 way (C1 controls via
 * windows-1252, surrogates and out-of-range to U+FFFD, noncharacters dropped).
 */
public final class HtmlEntities {

  private static final Pattern REF =
      Regex.compile("&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\\t\\n\\f <&#;]{1,32};?)");
  private static final Map<String, String> NAMED = load();
  private static final Map<Integer, String> INVALID_CHARREFS = invalidCharrefs();
  private static final Set<Integer> INVALID_CODEPOINTS_EXTRA =
      Set.of(
          0xB, 0xFFFE, 0xFFFF, 0x1FFFE, 0x1FFFF, 0x2FFFE, 0x2FFFF, 0x3FFFE, 0x3FFFF, 0x4FFFE,
          0x4FFFF, 0x5FFFE, 0x5FFFF, 0x6FFFE, 0x6FFFF, 0x7FFFE, 0x7FFFF, 0x8FFFE, 0x8FFFF, 0x9FFFE,
          0x9FFFF, 0xAFFFE, 0xAFFFF, 0xBFFFE, 0xBFFFF, 0xCFFFE, 0xCFFFF, 0xDFFFE, 0xDFFFF, 0xEFFFE,
          0xEFFFF, 0xFFFFE, 0xFFFFF, 0x10FFFE, 0x10FFFF);

  private HtmlEntities() {}

  public static String unescape(String s) {
    if (s.indexOf('&') < 0) {
      return s;
    }
    return Regex.replace(REF, s, m -> replace(m.group(1)));
  }

  private static String replace(String s) {
    if (s.charAt(0) == '#') {
      int num;
      try {
        String digits = s.charAt(1) == 'x' || s.charAt(1) == 'X' ? s.substring(2) : s.substring(1);
        digits = digits.endsWith(";") ? digits.substring(0, digits.length() - 1) : digits;
        long value = Long.parseLong(digits, s.charAt(1) == 'x' || s.charAt(1) == 'X' ? 16 : 10);
        num = value > 0x10FFFF ? Integer.MAX_VALUE : (int) value;
      } catch (NumberFormatException tooLong) {
        num = Integer.MAX_VALUE;
      }
      String invalid = INVALID_CHARREFS.get(num);
      if (invalid != null) {
        return invalid;
      }
      if ((num >= 0xD800 && num <= 0xDFFF) || num > 0x10FFFF) {
        return "\uFFFD";
      }
      if ((num >= 0x1 && num <= 0x8)
          || (num >= 0xE && num <= 0x1F)
          || (num >= 0x7F && num <= 0x9F)
          || (num >= 0xFDD0 && num <= 0xFDEF)
          || INVALID_CODEPOINTS_EXTRA.contains(num)) {
        return "";
      }
      return new String(Character.toChars(num));
    }
    String exact = NAMED.get(s);
    if (exact != null) {
      return exact;
    }
    for (int x = s.length() - 1; x > 1; x--) {
      String prefix = NAMED.get(s.substring(0, x));
      if (prefix != null) {
        return prefix + s.substring(x);
      }
    }
    return "&" + s;
  }

  private static Map<String, String> load() {
    Map<String, String> map = new HashMap<>(4096);
    try (InputStream in = HtmlEntities.class.getResourceAsStream("html5-entities.tsv")) {
      if (in == null) {
        throw new IllegalStateException("html5-entities.tsv missing from the plugin jar");
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        int tab = line.indexOf('\t');
        StringBuilder value = new StringBuilder();
        for (String hex : line.substring(tab + 1).split(" ", -1)) {
          value.appendCodePoint(Integer.parseInt(hex, 16));
        }
        map.put(line.substring(0, tab), value.toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.copyOf(map);
  }

  private static Map<Integer, String> invalidCharrefs() {
    Map<Integer, String> m = new HashMap<>();
    m.put(0x00, "\uFFFD");
    m.put(0x0D, "\r");
    m.put(0x80, "\u20AC");
    m.put(0x81, "\u0081");
    m.put(0x82, "\u201A");
    m.put(0x83, "\u0192");
    m.put(0x84, "\u201E");
    m.put(0x85, "\u2026");
    m.put(0x86, "\u2020");
    m.put(0x87, "\u2021");
    m.put(0x88, "\u02C6");
    m.put(0x89, "\u2030");
    m.put(0x8A, "\u0160");
    m.put(0x8B, "\u2039");
    m.put(0x8C, "\u0152");
    m.put(0x8D, "\u008D");
    m.put(0x8E, "\u017D");
    m.put(0x8F, "\u008F");
    m.put(0x90, "\u0090");
    m.put(0x91, "\u2018");
    m.put(0x92, "\u2019");
    m.put(0x93, "\u201C");
    m.put(0x94, "\u201D");
    m.put(0x95, "\u2022");
    m.put(0x96, "\u2013");
    m.put(0x97, "\u2014");
    m.put(0x98, "\u02DC");
    m.put(0x99, "\u2122");
    m.put(0x9A, "\u0161");
    m.put(0x9B, "\u203A");
    m.put(0x9C, "\u0153");
    m.put(0x9D, "\u009D");
    m.put(0x9E, "\u017E");
    m.put(0x9F, "\u0178");
    return Map.copyOf(m);
  }
}
