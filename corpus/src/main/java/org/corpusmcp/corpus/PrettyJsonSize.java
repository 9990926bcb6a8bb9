package org.corpusmcp.corpus;

import java.util.Collection;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The size of a plain JSON value (maps, lists, strings, booleans, integers, doubles, null) as the
 * host writes a tool's text block, measured without writing it: Jackson's default pretty printer,
 * which puts each object member on its own line indented two spaces per object level, {@code " : "}
 * after a name, an array's items on one line ({@code [ a, b ]}), {@code [ ]} and {@code { }} for
 * empty ones, and escapes only {@code "}, {@code \} and control characters (short forms for
 * backspace, tab, line feed, form feed and carriage return, else &#92;u00XX); non-ASCII text is
 * kept as is. {@code PrettyJsonSizeTest} holds every rule to Jackson's own output, and the host's
 * {@code CorpusJsonTest} holds real fetch replies to the host's text.
 *
 * <p>Levels count enclosing objects: the reply object is written at level 0, each of its members'
 * values at level 1, and an array's items at the array's own level.
 */
final class PrettyJsonSize {

  private static final String HEX = "0123456789ABCDEF";

  private PrettyJsonSize() {}

  /** The text of {@code value} when it is written at {@code level}. */
  static TextSize of(@Nullable Object value, int level) {
    if (value instanceof String s) {
      return string(s);
    }
    if (value instanceof Map<?, ?> map) {
      return object(map, level);
    }
    if (value instanceof Collection<?> items) {
      TextSize sum = TextSize.ZERO;
      for (Object item : items) {
        sum = sum.plus(of(item, level));
      }
      return array(sum, items.size());
    }
    return TextSize.of(scalar(value));
  }

  /** An array of {@code count} items whose own texts add up to {@code items}. */
  static TextSize array(TextSize items, int count) {
    if (count == 0) {
      return TextSize.of("[ ]");
    }
    return TextSize.of("[ ")
        .plus(items)
        .plus(TextSize.of(", ").times(count - 1L))
        .plus(TextSize.of(" ]"));
  }

  /** One more member of an object at {@code level} that already has a member before it. */
  static TextSize laterMember(int level, String name, TextSize value) {
    return member(",\n", level, name).plus(value);
  }

  private static TextSize object(Map<?, ?> map, int level) {
    if (map.isEmpty()) {
      return TextSize.of("{ }");
    }
    TextSize size = TextSize.of("{\n" + indent(level) + "}");
    boolean first = true;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String separator = first ? "\n" : ",\n";
      first = false;
      size =
          size.plus(member(separator, level, String.valueOf(e.getKey())))
              .plus(of(e.getValue(), level + 1));
    }
    return size;
  }

  /** A member's line up to its value: {@code separator}, indentation, the quoted name, " : ". */
  private static TextSize member(String separator, int level, String name) {
    return TextSize.of(separator + indent(level + 1)).plus(string(name)).plus(TextSize.of(" : "));
  }

  /** A string, quoted and escaped, measured as one piece (see {@link TokenEstimate#size()}). */
  static TextSize string(String s) {
    TokenEstimate text = new TokenEstimate();
    text.add('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        text.add('\\');
        text.add(c);
      } else if (c >= 0x20) {
        text.add(c);
      } else {
        text.add('\\');
        switch (c) {
          case '\b' -> text.add('b');
          case '\t' -> text.add('t');
          case '\n' -> text.add('n');
          case '\f' -> text.add('f');
          case '\r' -> text.add('r');
          default -> {
            text.add("u00");
            text.add(HEX.charAt(c >> 4));
            text.add(HEX.charAt(c & 0xF));
          }
        }
      }
    }
    text.add('"');
    return text.size();
  }

  private static String scalar(@Nullable Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
      return "\"" + d + "\""; // Jackson quotes what JSON has no number for
    }
    if (value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double) {
      return value.toString();
    }
    // plugin-api admits no other metadata value (Section.copyMetadata), and the corpus makes none
    throw new IllegalArgumentException("not a plain JSON value: " + value.getClass().getName());
  }

  private static String indent(int level) {
    return "  ".repeat(level);
  }
}
