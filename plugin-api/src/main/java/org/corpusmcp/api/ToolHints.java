package org.corpusmcp.api;

import org.jspecify.annotations.Nullable;

/**
 * Behaviour hints published as MCP tool annotations. They are promises a client may act on (for
 * example by skipping a confirmation), so they must be true of the tool.
 *
 * <p>Built by name, never by a row of booleans, so a call site says what it promises:
 *
 * <pre>{@code
 * ToolHints.localLookup()                                   // read-only, idempotent, local data
 * ToolHints.remoteLookup()                                  // the same, but reaches a remote service
 * ToolHints.builder().destructive(false).idempotent(true).build()  // writes remotely, safe to repeat
 * }</pre>
 *
 * <p>A builder starts from what MCP assumes of a tool that gives no hints, the most cautious claim:
 * not read-only, possibly destructive, not idempotent, open world. A tool states only what it can
 * promise beyond that.
 */
public final class ToolHints {

  private static final ToolHints LOCAL_LOOKUP =
      builder().readOnly(true).idempotent(true).openWorld(false).build();
  private static final ToolHints REMOTE_LOOKUP = LOCAL_LOOKUP.toBuilder().openWorld(true).build();

  private final boolean readOnly;
  private final boolean destructive;
  private final boolean idempotent;
  private final boolean openWorld;

  private ToolHints(Builder b) {
    this.readOnly = b.readOnly;
    // A read-only tool destroys nothing; MCP gives destructiveHint meaning only without readOnly.
    this.destructive = !b.readOnly && b.destructive;
    this.idempotent = b.idempotent;
    this.openWorld = b.openWorld;
  }

  /** Read-only, idempotent, over local data only: the usual shape of a lookup tool. */
  public static ToolHints localLookup() {
    return LOCAL_LOOKUP;
  }

  /** Read-only and idempotent, but reaching a remote service. */
  public static ToolHints remoteLookup() {
    return REMOTE_LOOKUP;
  }

  /** A builder starting from the most cautious hints (see the class comment). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these hints, for a modified copy. */
  public Builder toBuilder() {
    return new Builder()
        .readOnly(readOnly)
        .destructive(destructive)
        .idempotent(idempotent)
        .openWorld(openWorld);
  }

  /** The tool changes nothing. */
  public boolean readOnly() {
    return readOnly;
  }

  /** The tool may destroy data; always false for a read-only tool. */
  public boolean destructive() {
    return destructive;
  }

  /** Calling it twice with the same arguments has no further effect. */
  public boolean idempotent() {
    return idempotent;
  }

  /** The tool talks to a world outside the server (a website, an API). */
  public boolean openWorld() {
    return openWorld;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof ToolHints h
        && h.readOnly == readOnly
        && h.destructive == destructive
        && h.idempotent == idempotent
        && h.openWorld == openWorld;
  }

  @Override
  public int hashCode() {
    return (readOnly ? 1 : 0) | (destructive ? 2 : 0) | (idempotent ? 4 : 0) | (openWorld ? 8 : 0);
  }

  @Override
  public String toString() {
    return "ToolHints[readOnly="
        + readOnly
        + ", destructive="
        + destructive
        + ", idempotent="
        + idempotent
        + ", openWorld="
        + openWorld
        + "]";
  }

  /** Names each hint as it is set; see {@link ToolHints} for the starting values. */
  public static final class Builder {
    private boolean readOnly;
    private boolean destructive = true;
    private boolean idempotent;
    private boolean openWorld = true;

    private Builder() {}

    public Builder readOnly(boolean readOnly) {
      this.readOnly = readOnly;
      return this;
    }

    public Builder destructive(boolean destructive) {
      this.destructive = destructive;
      return this;
    }

    public Builder idempotent(boolean idempotent) {
      this.idempotent = idempotent;
      return this;
    }

    public Builder openWorld(boolean openWorld) {
      this.openWorld = openWorld;
      return this;
    }

    public ToolHints build() {
      return new ToolHints(this);
    }
  }
}
