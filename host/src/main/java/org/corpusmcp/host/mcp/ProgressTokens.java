package org.corpusmcp.host.mcp;

import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/** MCP's rule for a progress token: a string or an integer, nothing else. */
final class ProgressTokens {

  private ProgressTokens() {}

  static boolean valid(@Nullable Object token) {
    return token instanceof String
        || token instanceof Integer
        || token instanceof Long
        || token instanceof Short
        || token instanceof BigInteger;
  }
}
