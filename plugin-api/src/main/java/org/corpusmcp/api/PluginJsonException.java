package org.corpusmcp.api;

/**
 * JSON text that {@link PluginJson} cannot read, or a value it cannot write. The message says what
 * is wrong and, for text, where (line and column), in words fit to pass on to a user.
 */
public class PluginJsonException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PluginJsonException(String message) {
    super(message);
  }

  public PluginJsonException(String message, Throwable cause) {
    super(message, cause);
  }
}
