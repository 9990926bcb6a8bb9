package org.corpusmcp.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One of the client's roots: a directory or other place the user has given it (MCP's {@code
 * roots/list}).
 *
 * @param uri where it is, for example {@code file:///home/ada/project}
 * @param name what the user calls it, or {@code null}
 */
public record Root(String uri, @Nullable String name) {

  public Root {
    Objects.requireNonNull(uri, "uri");
  }
}
