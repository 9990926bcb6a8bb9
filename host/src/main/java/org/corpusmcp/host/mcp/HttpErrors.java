package org.corpusmcp.host.mcp;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place an HTTP error status becomes a JSON-RPC error body: which JSON-RPC code goes with
 * which status, and the server's own wording for each, so that refusals from Jetty, from the SDK
 * and from {@link HttpFront} all read alike and none carries a library's text.
 */
final class HttpErrors {

  private HttpErrors() {}

  /** -32600 for a malformed request, -32603 for a server fault, -32000 for every other refusal. */
  static int jsonRpcCode(int status) {
    if (status >= 500 && status != 503) {
      return -32603;
    }
    return switch (status) {
      case 400, 406, 408, 413, 414, 431 -> -32600;
      default -> -32000;
    };
  }

  /** The server's wording for a status. */
  static String message(int status) {
    return switch (status) {
      case 400 -> "Bad Request: malformed HTTP request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not found";
      case 405 -> "Method not allowed";
      case 406 -> "Not Acceptable: list application/json and text/event-stream in Accept";
      case 408 -> "Request Timeout: the request did not arrive in time";
      case 413 -> "Request body too large";
      case 414 -> "URI too long";
      case 415 -> "Unsupported media type: send application/json";
      case 421 -> "Misdirected request: Host header not allowed";
      case 431 -> "Request header fields too large";
      case 500 -> "Internal error: the details are in the server log";
      case 503 -> "Service unavailable";
      default -> "HTTP " + status;
    };
  }

  /** A JSON-RPC error body for {@code status}; {@code message} null means the default wording. */
  static String body(JsonMapper json, int status, @Nullable JsonNode id, @Nullable String message) {
    return ProtocolGate.errorResponse(
            json,
            id,
            jsonRpcCode(status),
            message == null || message.isBlank() ? message(status) : message)
        .toString();
  }
}
