package org.corpusmcp.api;

import java.util.Locale;

/**
 * How severe a message from a running tool is ({@link ToolCall#log}): RFC 5424's levels, least
 * severe first, as MCP names them. A client asks for messages of one level and above; the host
 * sends a tool's messages only to a client that asked for them.
 */
public enum LogLevel {
  DEBUG,
  INFO,
  NOTICE,
  WARNING,
  ERROR,
  CRITICAL,
  ALERT,
  EMERGENCY;

  /** The level's name on the wire: {@code debug}, {@code info}, … */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
