package org.corpusmcp.host;

/** The product's name and version, as published to MCP clients and printed by --version. */
public final class BuildInfo {

  public static final String NAME = "corpus-mcp";

  private BuildInfo() {}

  /** The version from the host jar's manifest, or {@code dev} when run from classes. */
  public static String version() {
    String v = BuildInfo.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
