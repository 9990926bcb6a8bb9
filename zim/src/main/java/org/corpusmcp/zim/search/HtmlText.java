package org.corpusmcp.zim.search;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The HTML-to-text pass libzim runs before indexing and before cutting snippets (its {@code
 * MyHtmlParser}): a byte-level scanner, not an HTML parser. Text runs between markup have entities
 * decoded and whitespace ({@code " \t\n\r"}) collapsed; block-level tags insert a space; {@code
 * <script>}/{@code <style>} text, comments, {@code <!--htdig_noindex-->…<!--/htdig_noindex-->} and
 * {@code <?…?>} are dropped; {@code <body>} clears what came before, {@code </body>} ends the text,
 * {@code </title>} moves the text so far into the title, a robots meta with none/noindex stops.
 *
 * <p>Example: {@code <p>Caf&eacute;<br>au&nbsp;lait</p>} → {@code "Café au\u00a0lait"}.
 */
@SuppressWarnings("EscapedEntity") // its Javadoc shows entities as written in HTML, on purpose
final class HtmlText {
  private static final Map<String, Integer> ENTITIES = new HashMap<>();
  private static final Object[] ENTITY_TABLE = {
    "AElig", 198, "Aacute", 193, "Acirc", 194, "Agrave", 192, "Alpha", 913, "Aring", 197, "Atilde",
        195, "Auml", 196,
    "Beta", 914, "Ccedil", 199, "Chi", 935, "Dagger", 8225, "Delta", 916, "ETH", 208, "Eacute", 201,
        "Ecirc", 202,
    "Egrave", 200, "Epsilon", 917, "Eta", 919, "Euml", 203, "Gamma", 915, "Iacute", 205, "Icirc",
        206, "Igrave", 204,
    "Iota", 921, "Iuml", 207, "Kappa", 922, "Lambda", 923, "Mu", 924, "Ntilde", 209, "Nu", 925,
        "OElig", 338,
    "Oacute", 211, "Ocirc", 212, "Ograve", 210, "Omega", 937, "Omicron", 927, "Oslash", 216,
        "Otilde", 213, "Ouml", 214,
    "Phi", 934, "Pi", 928, "Prime", 8243, "Psi", 936, "Rho", 929, "Scaron", 352, "Sigma", 931,
        "THORN", 222,
    "Tau", 932, "Theta", 920, "Uacute", 218, "Ucirc", 219, "Ugrave", 217, "Upsilon", 933, "Uuml",
        220, "Xi", 926,
    "Yacute", 221, "Yuml", 376, "Zeta", 918, "aacute", 225, "acirc", 226, "acute", 180, "aelig",
        230, "agrave", 224,
    "alefsym", 8501, "alpha", 945, "amp", 38, "and", 8743, "ang", 8736, "apos", 39, "aring", 229,
        "asymp", 8776,
    "atilde", 227, "auml", 228, "bdquo", 8222, "beta", 946, "brvbar", 166, "bull", 8226, "cap",
        8745, "ccedil", 231,
    "cedil", 184, "cent", 162, "chi", 967, "circ", 710, "clubs", 9827, "cong", 8773, "copy", 169,
        "crarr", 8629,
    "cup", 8746, "curren", 164, "dArr", 8659, "dagger", 8224, "darr", 8595, "deg", 176, "delta",
        948, "diams", 9830,
    "divide", 247, "eacute", 233, "ecirc", 234, "egrave", 232, "empty", 8709, "emsp", 8195, "ensp",
        8194, "epsilon", 949,
    "equiv", 8801, "eta", 951, "eth", 240, "euml", 235, "euro", 8364, "exist", 8707, "fnof", 402,
        "forall", 8704,
    "frac12", 189, "frac14", 188, "frac34", 190, "frasl", 8260, "gamma", 947, "ge", 8805, "gt", 62,
        "hArr", 8660,
    "harr", 8596, "hearts", 9829, "hellip", 8230, "iacute", 237, "icirc", 238, "iexcl", 161,
        "igrave", 236, "image", 8465,
    "infin", 8734, "int", 8747, "iota", 953, "iquest", 191, "isin", 8712, "iuml", 239, "kappa", 954,
        "lArr", 8656,
    "lambda", 955, "lang", 9001, "laquo", 171, "larr", 8592, "lceil", 8968, "ldquo", 8220, "le",
        8804, "lfloor", 8970,
    "lowast", 8727, "loz", 9674, "lrm", 8206, "lsaquo", 8249, "lsquo", 8216, "lt", 60, "macr", 175,
        "mdash", 8212,
    "micro", 181, "middot", 183, "minus", 8722, "mu", 956, "nabla", 8711, "nbsp", 160, "ndash",
        8211, "ne", 8800,
    "ni", 8715, "not", 172, "notin", 8713, "nsub", 8836, "ntilde", 241, "nu", 957, "oacute", 243,
        "ocirc", 244,
    "oelig", 339, "ograve", 242, "oline", 8254, "omega", 969, "omicron", 959, "oplus", 8853, "or",
        8744, "ordf", 170,
    "ordm", 186, "oslash", 248, "otilde", 245, "otimes", 8855, "ouml", 246, "para", 182, "part",
        8706, "permil", 8240,
    "perp", 8869, "phi", 966, "pi", 960, "piv", 982, "plusmn", 177, "pound", 163, "prime", 8242,
        "prod", 8719,
    "prop", 8733, "psi", 968, "quot", 34, "rArr", 8658, "radic", 8730, "rang", 9002, "raquo", 187,
        "rarr", 8594,
    "rceil", 8969, "rdquo", 8221, "real", 8476, "reg", 174, "rfloor", 8971, "rho", 961, "rlm", 8207,
        "rsaquo", 8250,
    "rsquo", 8217, "sbquo", 8218, "scaron", 353, "sdot", 8901, "sect", 167, "shy", 173, "sigma",
        963, "sigmaf", 962,
    "sim", 8764, "spades", 9824, "sub", 8834, "sube", 8838, "sum", 8721, "sup", 8835, "sup1", 185,
        "sup2", 178,
    "sup3", 179, "supe", 8839, "szlig", 223, "tau", 964, "there4", 8756, "theta", 952, "thetasym",
        977, "thinsp", 8201,
    "thorn", 254, "tilde", 732, "times", 215, "trade", 8482, "uArr", 8657, "uacute", 250, "uarr",
        8593, "ucirc", 251,
    "ugrave", 249, "uml", 168, "upsih", 978, "upsilon", 965, "uuml", 252, "weierp", 8472, "xi", 958,
        "yacute", 253,
    "yen", 165, "yuml", 255, "zeta", 950, "zwj", 8205, "zwnj", 8204,
  };

  static {
    for (int i = 0; i < ENTITY_TABLE.length; i += 2) {
      ENTITIES.put((String) ENTITY_TABLE[i], (Integer) ENTITY_TABLE[i + 1]);
    }
  }

  private static final Set<String> SPACE_OPEN =
      Set.of(
          "address",
          "blockquote",
          "br",
          "center",
          "dd",
          "dir",
          "div",
          "dl",
          "dt",
          "embed",
          "fieldset",
          "form",
          "hr",
          "h1",
          "h2",
          "h3",
          "h4",
          "h5",
          "h6",
          "iframe",
          "img",
          "isindex",
          "input",
          "keygen",
          "legend",
          "li",
          "listing",
          "marquee",
          "menu",
          "multicol",
          "ol",
          "option",
          "p",
          "pre",
          "plaintext",
          "q",
          "select",
          "table",
          "td",
          "textarea",
          "th",
          "ul",
          "xmp");
  private static final Set<String> SPACE_CLOSE =
      Set.of(
          "address",
          "blockquote",
          "br",
          "center",
          "dd",
          "dir",
          "div",
          "dl",
          "dt",
          "fieldset",
          "form",
          "hr",
          "h1",
          "h2",
          "h3",
          "h4",
          "h5",
          "h6",
          "iframe",
          "legend",
          "li",
          "listing",
          "marquee",
          "menu",
          "ol",
          "option",
          "p",
          "pre",
          "q",
          "select",
          "table",
          "td",
          "textarea",
          "th",
          "ul",
          "xmp");

  /** What the pass extracts. */
  record Result(String dump, String title, boolean indexingAllowed) {}

  private static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stop() {
      super(null, null, false, false);
    }
  }

  private boolean inScriptTag;
  private boolean inStyleTag;
  private boolean pendingSpace;
  private boolean indexingAllowed = true;
  private Bytes title = new Bytes();
  private Bytes dump = new Bytes();
  private final Map<String, byte[]> params = new HashMap<>();

  /** A growable byte string. */
  private static final class Bytes extends ByteArrayOutputStream {
    void add(byte[] b, int from, int to) {
      write(b, from, to - from);
    }

    boolean isEmpty() {
      return count == 0;
    }
  }

  static Result parse(byte[] html) {
    HtmlText p = new HtmlText();
    try {
      p.run(html);
    } catch (Stop stop) {
      // </body>, or a robots meta forbidding indexing, ends the text: what was gathered is used.
      // Any
      // bytes are valid input to this scanner, so every other exception is a bug of ours and goes
      // to the caller.
    }
    return new Result(
        p.dump.toString(StandardCharsets.UTF_8),
        p.title.toString(StandardCharsets.UTF_8),
        p.indexingAllowed);
  }

  private static boolean alpha(int c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  private static boolean digit(int c) {
    return c >= '0' && c <= '9';
  }

  private static boolean alnum(int c) {
    return alpha(c) || digit(c);
  }

  private static boolean xdigit(int c) {
    return digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
  }

  private static boolean space(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 11 || c == 12 || c == '\r';
  }

  private static boolean tagChar(int c) {
    return alnum(c) || c == '.' || c == '-' || c == ':';
  }

  private static boolean ws(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }

  private static int find(byte[] b, int c, int from) {
    for (int i = Math.max(from, 0); i < b.length; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  private static int find(byte[] b, byte[] needle, int from) {
    outer:
    for (int i = Math.max(from, 0); i + needle.length <= b.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (b[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** Decodes {@code &name;}, {@code &#123;}, {@code &#x7B;} (the ';' optional). */
  static byte[] decodeEntities(byte[] in, int from, int to) {
    Bytes out = new Bytes();
    int i = from;
    while (i < to) {
      int amp = -1;
      for (int k = i; k < to; k++) {
        if (in[k] == '&') {
          amp = k;
          break;
        }
      }
      if (amp < 0) {
        out.add(in, i, to);
        break;
      }
      out.add(in, i, amp);
      int p = amp + 1;
      int e;
      long val = 0;
      if (p < to && in[p] == '#') {
        p++;
        if (p < to && (in[p] == 'x' || in[p] == 'X')) {
          p++;
          e = p;
          while (e < to && xdigit(in[e] & 0xFF)) {
            e++;
          }
          val = e > p ? parse(in, p, e, 16) : 0;
        } else {
          e = p;
          while (e < to && digit(in[e] & 0xFF)) {
            e++;
          }
          val = e > p ? parse(in, p, e, 10) : 0;
        }
      } else {
        e = p;
        while (e < to && alnum(in[e] & 0xFF)) {
          e++;
        }
        Integer v = ENTITIES.get(new String(in, p, e - p, StandardCharsets.ISO_8859_1));
        val = v == null ? 0 : v;
      }
      int end = e;
      if (end < to && in[end] == ';') {
        end++;
      }
      if (val != 0) {
        if (val < 0x80) {
          out.write((int) val);
        } else {
          out.writeBytes(utf8((int) Math.min(val, 0x7FFFFFFF)));
        }
        // the replacement text is not rescanned, except its own first byte position onwards
        i = end;
        // Python: amp moves to amp+1 within the modified string, i.e. after the first replaced
        // byte;
        // the rest of the replacement is rescanned but can only contain '&' if val == '&'.
        if (val == '&') {
          // "&amp;amp;" -> "&amp;" : the new '&' is not rescanned (amp + 1 skips it)
        }
      } else {
        out.add(in, amp, end);
        i = end;
      }
    }
    return out.toByteArray();
  }

  private static long parse(byte[] b, int from, int to, int radix) {
    long v = 0;
    for (int i = from; i < to; i++) {
      v = v * radix + Character.digit(b[i], radix);
      if (v > 0x10FFFFL * 16) {
        v = 0x10FFFFL * 16;
      }
    }
    return v;
  }

  /**
   * UTF-8 of a code point, including surrogates and values beyond Unicode (as Python's
   * surrogatepass).
   */
  private static byte[] utf8(int cp) {
    if (cp < 0x800) {
      return new byte[] {(byte) (0xC0 | (cp >> 6)), (byte) (0x80 | (cp & 0x3F))};
    }
    if (cp < 0x10000) {
      return new byte[] {
        (byte) (0xE0 | (cp >> 12)), (byte) (0x80 | ((cp >> 6) & 0x3F)), (byte) (0x80 | (cp & 0x3F))
      };
    }
    return new byte[] {
      (byte) (0xF0 | (cp >> 18)),
      (byte) (0x80 | ((cp >> 12) & 0x3F)),
      (byte) (0x80 | ((cp >> 6) & 0x3F)),
      (byte) (0x80 | (cp & 0x3F))
    };
  }

  private void processText(byte[] text) {
    int n = text.length;
    if (n == 0 || inScriptTag || inStyleTag) {
      return;
    }
    int b = 0;
    while (b < n && ws(text[b])) {
      b++;
    }
    if (b == n) {
      b = -1;
    }
    if (b != 0) {
      pendingSpace = true;
    }
    while (b != -1) {
      if (pendingSpace && !dump.isEmpty()) {
        dump.write(' ');
      }
      int e = b;
      while (e < n && !ws(text[e])) {
        e++;
      }
      pendingSpace = e < n;
      if (!pendingSpace) {
        dump.add(text, b, n);
        return;
      }
      dump.add(text, b, e);
      b = e + 1;
      while (b < n && ws(text[b])) {
        b++;
      }
      if (b == n) {
        b = -1;
      }
    }
  }

  private void openingTag(String tag) {
    if (tag.isEmpty()) {
      return;
    }
    switch (tag) {
      case "body" -> dump = new Bytes();
      case "meta" -> {
        byte[] content = params.get("content");
        byte[] name = params.get("name");
        if (content != null && name != null) {
          String nm =
              new String(name, StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT);
          if (nm.equals("robots")) {
            String c =
                new String(decodeEntities(content, 0, content.length), StandardCharsets.ISO_8859_1)
                    .toLowerCase(java.util.Locale.ROOT);
            if (c.contains("none") || c.contains("noindex")) {
              indexingAllowed = false;
              throw new Stop();
            }
          }
        }
      }
      case "style" -> inStyleTag = true;
      case "script" -> inScriptTag = true;
      default -> {
        if (SPACE_OPEN.contains(tag)) {
          pendingSpace = true;
        }
      }
    }
  }

  private void closingTag(String tag) {
    if (tag.isEmpty()) {
      return;
    }
    switch (tag) {
      case "body" -> throw new Stop();
      case "style" -> inStyleTag = false;
      case "script" -> inScriptTag = false;
      case "title" -> {
        if (title.isEmpty()) {
          title = dump;
          dump = new Bytes();
        }
      }
      default -> {
        if (SPACE_CLOSE.contains(tag)) {
          pendingSpace = true;
        }
      }
    }
  }

  private static int at(byte[] b, int i) {
    return i >= 0 && i < b.length ? b[i] & 0xFF : 0;
  }

  private void run(byte[] body) {
    int n = body.length;
    boolean inScript = false;
    int start = 0;
    while (true) {
      int p = start;
      while (true) {
        p = find(body, '<', p);
        if (p < 0) {
          p = n;
          break;
        }
        int ch = at(body, p + 1);
        if ((!inScript && alpha(ch)) || ch == '/' || ch == '!' || ch == '?') {
          break;
        }
        p++;
      }
      if (p > start) {
        processText(decodeEntities(body, start, p));
      }
      if (p == n) {
        break;
      }
      start = p + 1;
      if (start == n) {
        break;
      }
      int c = body[start] & 0xFF;
      if (c == '!') {
        start++;
        if (start == n) {
          break;
        }
        start++;
        if (start == n) {
          break;
        }
        if (body[start - 1] == '-' && body[start] == '-') {
          start++;
          int close = find(body, '>', start);
          if (close < 0) {
            break;
          }
          p = close;
          while (p != -1 && (at(body, p - 1) != '-' || at(body, p - 2) != '-')) {
            p = find(body, '>', p + 1);
          }
          if (p != -1) {
            if (p - start == 15 && matches(body, start, "htdig_noindex")) {
              int i =
                  find(body, "<!--/htdig_noindex-->".getBytes(StandardCharsets.ISO_8859_1), p + 1);
              if (i < 0) {
                break;
              }
              start = i + 21;
              continue;
            }
            start = p;
          } else {
            start = close;
          }
        } else {
          start = find(body, '>', start - 1);
          if (start < 0) {
            break;
          }
        }
        start++;
      } else if (c == '?') {
        start++;
        if (start == n) {
          break;
        }
        start = start + 1 <= n ? find(body, '>', start + 1) : -1;
        while (start != -1 && body[start - 1] != '?') {
          start = find(body, '>', start + 1);
        }
        start = start == -1 ? n : start + 1;
      } else {
        boolean closing = false;
        if (c == '/') {
          closing = true;
          start++;
          while (start < n && space(body[start] & 0xFF)) {
            start++;
          }
        }
        p = start;
        while (start < n && tagChar(body[start] & 0xFF)) {
          start++;
        }
        String tag =
            new String(body, p, start - p, StandardCharsets.ISO_8859_1)
                .toLowerCase(java.util.Locale.ROOT);
        if (closing) {
          closingTag(tag);
          if (inScript && tag.equals("script")) {
            inScript = false;
          }
          p = find(body, '>', start);
          if (p < 0) {
            break;
          }
          start = p + 1;
        } else {
          params.clear();
          while (start < n && body[start] != '>') {
            p = start;
            while (p < n && !(space(body[p] & 0xFF) || body[p] == '=' || body[p] == '>')) {
              p++;
            }
            String name = new String(body, start, p - start, StandardCharsets.ISO_8859_1);
            while (p < n && space(body[p] & 0xFF)) {
              p++;
            }
            start = p;
            if (start < n && body[start] == '=') {
              start++;
              while (start < n && space(body[start] & 0xFF)) {
                start++;
              }
              p = n;
              int q = at(body, start);
              if (q == '"' || q == '\'') {
                start++;
                p = find(body, q, start);
                if (p < 0) {
                  p = n;
                }
              }
              if (p == n) {
                p = start;
                while (p < n && !(space(body[p] & 0xFF) || body[p] == '>')) {
                  p++;
                }
              }
              byte[] value = java.util.Arrays.copyOfRange(body, start, p);
              start = p;
              while (start < n && space(body[start] & 0xFF)) {
                start++;
              }
              if (!name.isEmpty()) {
                params.putIfAbsent(name.toLowerCase(java.util.Locale.ROOT), value);
              }
            }
          }
          openingTag(tag);
          params.clear();
          if (tag.equals("script")) {
            inScript = true;
          }
          if (start < n && body[start] == '>') {
            start++;
          }
        }
      }
    }
  }

  private static boolean matches(byte[] b, int at, String s) {
    if (at + s.length() > b.length) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (b[at + i] != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
