package org.corpusmcp.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Facts about this plugin-api release that the host and plugins agree on. */
public final class PluginApi {

  /**
   * The plugin-api version a host provides, as {@code major.minor.patch} without a qualifier. PF4J
   * compares it with each plugin's {@code plugin.requires} (for example {@code >=0.1.0}) and
   * refuses plugins built for a newer API instead of failing later with a linkage error. It comes
   * from the build (the project version, {@code -SNAPSHOT} and other qualifiers cut, since by
   * SemVer {@code 0.1.0-SNAPSHOT} sorts before {@code 0.1.0} and would refuse every plugin).
   */
  public static final String VERSION = readVersion();

  private PluginApi() {}

  private static String readVersion() {
    Properties facts = new Properties();
    try (InputStream in = PluginApi.class.getResourceAsStream("plugin-api.properties")) {
      if (in == null) {
        throw new IllegalStateException("plugin-api.properties is missing from the plugin-api jar");
      }
      facts.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read plugin-api.properties", e);
    }
    String version = facts.getProperty("version", "");
    if (!version.matches("\\d+\\.\\d+\\.\\d+")) {
      throw new IllegalStateException(
          "plugin-api.properties holds version '"
              + version
              + "', not major.minor.patch;"
              + " the build did not filter it");
    }
    return version;
  }
}
