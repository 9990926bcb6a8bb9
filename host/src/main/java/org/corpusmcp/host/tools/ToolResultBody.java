package org.corpusmcp.host.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.api.ToolResult;
import org.jspecify.annotations.Nullable;

/**
 * The JSON body every front end shows for a tool call: the MCP bridge as its text block (and, for a
 * success, as structured content), the CLI on stdout or stderr. A success shows its own body. A
 * failure shows {@code {"error": code, "code": code, "message": text, ...details}}: {@code error} +
 * {@code message} is the corpus seed's shape, {@code code} the Arch wiki seed's, so clients written
 * against either find the stable code where they look for it; a detail with one of those three
 * names is left out rather than let it hide the code or the message.
 */
public final class ToolResultBody {

  private ToolResultBody() {}

  /** The body of {@code result}, in the key order clients are shown. */
  public static Map<String, @Nullable Object> of(ToolResult result) {
    if (result instanceof ToolResult.Success success) {
      return success.body();
    }
    ToolResult.Failure failure = (ToolResult.Failure) result;
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("error", failure.code());
    body.put("code", failure.code());
    body.put("message", failure.message());
    failure.details().forEach(body::putIfAbsent);
    return body;
  }
}
