package org.corpusmcp.api;

/** Facts about this plugin-api release that the host and plugins agree on. */
public final class PluginApi {

  /**
   * The plugin-api version a host provides. PF4J compares it with each plugin's
   * {@code plugin.requires} (for example {@code >=0.1.0}) and refuses plugins built for a newer
   * API instead of failing later with a linkage error.
   */
  public static final String VERSION = "0.1.0";

  private PluginApi() {}
}
