package org.corpusmcp.api;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** The rule for the keys of input requests, in one place for every kind of request. */
final class InputKeys {

  static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private InputKeys() {}

  static void check(@Nullable String key) {
    if (key != null && !KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "input request key '" + key + "' must match " + KEY.pattern());
    }
  }
}
