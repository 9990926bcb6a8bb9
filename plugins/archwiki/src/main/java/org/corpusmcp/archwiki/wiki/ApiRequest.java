package org.corpusmcp.archwiki.wiki;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.archwiki.wikitext.PyText;

/**
 * One GET to {@code api.php}: its parameters in order, and the name of the recorded response that
 * answers it offline: {@code <action>_<key>.json}, every character of the key that is not a letter
 * or digit (Unicode-aware) replaced by {@code _}.
 *
 * @param params query parameters, sent in this order
 * @param fixtureKey the identifying key: page title, search text, {@code siteinfo}, or explicit
 */
public record ApiRequest(Map<String, String> params, String fixtureKey) {

  public ApiRequest {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  public String action() {
    return params.getOrDefault("action", "unknown");
  }

  /** {@code parse_Installation_guide__Français_.json}. */
  public String fixtureFileName() {
    StringBuilder safe = new StringBuilder();
    fixtureKey
        .codePoints()
        .forEach(
            cp -> {
              if (PyText.isAlnum(cp)) {
                safe.appendCodePoint(cp);
              } else {
                safe.append('_');
              }
            });
    return action() + "_" + safe + ".json";
  }

  /** {@code application/x-www-form-urlencoded}: {@code |} → {@code %7C}, space → {@code +}. */
  public String queryString() {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (out.length() > 0) {
        out.append('&');
      }
      out.append(formEncode(e.getKey())).append('=').append(formEncode(e.getValue()));
    }
    return out.toString();
  }

  private static String formEncode(String s) {
    StringBuilder out = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '_'
          || c == '.'
          || c == '-'
          || c == '~') {
        out.append((char) c);
      } else if (c == ' ') {
        out.append('+');
      } else {
        out.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return out.toString();
  }
}
