package org.corpusmcp.corpus;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The opaque document reference: {@code corpus://<library>/<path>}, where path is the entry's path
 * without any ZIM namespace. Agents never build or parse one; this codec is the only place that
 * does. Paths round-trip exactly, whatever they hold (Unicode, spaces, slashes, {@code %}, {@code
 * #}, {@code ?}): those four ASCII characters, whitespace, controls and {@code \"<>\\^`{|}} are
 * percent-encoded as UTF-8, other characters stay readable.
 */
public final class Refs {

  public static final String SCHEME = "corpus://";

  private Refs() {}

  /** A decoded ref. */
  public record Ref(String library, String path) {}

  /** Refused input, with a sentence for the agent. */
  public static final class InvalidRefException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidRefException(String message) {
      super(message);
    }
  }

  public static String encode(String library, String path) {
    StringBuilder out = new StringBuilder(SCHEME.length() + library.length() + path.length() + 8);
    out.append(SCHEME).append(library).append('/');
    int i = 0;
    while (i < path.length()) {
      int cp = path.codePointAt(i);
      if (mustEscape(cp)) {
        for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
          out.append('%')
              .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
              .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
        }
      } else {
        out.appendCodePoint(cp);
      }
      i += Character.charCount(cp);
    }
    return out.toString();
  }

  /** Decodes {@code ref}; throws {@link InvalidRefException} saying what is wrong. */
  public static Ref decode(String ref) {
    if (!ref.startsWith(SCHEME)) {
      throw new InvalidRefException(
          "invalid reference: '"
              + abbreviate(ref)
              + "' does not start with "
              + SCHEME
              + "; pass a ref exactly as search() returned it");
    }
    int slash = ref.indexOf('/', SCHEME.length());
    if (slash <= SCHEME.length() || slash == ref.length() - 1) {
      throw new InvalidRefException(
          "invalid reference: '"
              + abbreviate(ref)
              + "' has no library or no document part; pass a ref exactly as search() returned it");
    }
    String library = ref.substring(SCHEME.length(), slash);
    return new Ref(library, percentDecode(ref.substring(slash + 1), ref));
  }

  private static boolean mustEscape(int cp) {
    if (cp <= 0x20 || cp == 0x7F || Character.isWhitespace(cp) || Character.isISOControl(cp)) {
      return true;
    }
    return switch (cp) {
      case '%', '#', '?', '"', '<', '>', '\\', '^', '`', '{', '|', '}' -> true;
      default ->
          Character.getType(cp) == Character.FORMAT || Character.getType(cp) == Character.SURROGATE;
    };
  }

  private static String percentDecode(String s, String ref) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      char c = s.charAt(i);
      if (c == '%') {
        if (i + 3 > s.length()) {
          throw new InvalidRefException(
              "invalid reference: bad escape at the end of '" + abbreviate(ref) + "'");
        }
        int hi = Character.digit(s.charAt(i + 1), 16);
        int lo = Character.digit(s.charAt(i + 2), 16);
        if (hi < 0 || lo < 0) {
          throw new InvalidRefException(
              "invalid reference: bad escape '"
                  + s.substring(i, i + 3)
                  + "' in '"
                  + abbreviate(ref)
                  + "'");
        }
        bytes.write((hi << 4) | lo);
        i += 3;
      } else {
        flush(bytes, out, ref);
        out.append(c);
        i++;
      }
    }
    flush(bytes, out, ref);
    return out.toString();
  }

  private static void flush(ByteArrayOutputStream bytes, StringBuilder out, String ref) {
    if (bytes.size() == 0) {
      return;
    }
    try {
      out.append(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes.toByteArray())));
    } catch (CharacterCodingException e) {
      throw new InvalidRefException(
          "invalid reference: escapes in '" + abbreviate(ref) + "' are not UTF-8");
    }
    bytes.reset();
  }

  static String abbreviate(String s) {
    return s.length() <= 120 ? s : s.substring(0, 117) + "...";
  }
}
