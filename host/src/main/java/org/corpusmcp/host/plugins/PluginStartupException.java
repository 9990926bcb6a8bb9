package org.corpusmcp.host.plugins;

/**
 * Startup must stop: a plugin failed to load, start or register, or two plugins claim one tool
 * name. The message names the plugin (and the other one, for a clash) and says what to do.
 */
public final class PluginStartupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PluginStartupException(String message) {
    super(message);
  }

  public PluginStartupException(String message, Throwable cause) {
    super(message, cause);
  }
}
