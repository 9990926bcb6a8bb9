package org.corpusmcp.api;

/**
 * Behaviour hints published as MCP tool annotations. They are promises a client may act on (for
 * example by skipping a confirmation), so they must be true of the tool.
 *
 * @param readOnly the tool changes nothing
 * @param destructive the tool may destroy data (meaningful only when not read-only)
 * @param idempotent calling it twice with the same arguments has no further effect
 * @param openWorld the tool talks to a world outside the server (a website, an API)
 */
public record ToolHints(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {

  /** Read-only, idempotent, over local data only: the usual shape of a lookup tool. */
  public static ToolHints localLookup() {
    return new ToolHints(true, false, true, false);
  }

  /** Read-only and idempotent, but reaching a remote service. */
  public static ToolHints remoteLookup() {
    return new ToolHints(true, false, true, true);
  }
}
