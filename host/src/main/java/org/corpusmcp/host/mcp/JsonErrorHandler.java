package org.corpusmcp.host.mcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Jetty's error pages as JSON-RPC error bodies: what Jetty answers itself (a request line it cannot
 * parse: 400; a URI or header block over its limits: 414, 431; an exception thrown past the
 * servlet: 500) would otherwise be an HTML page, with the exception's text in it. The reason Jetty
 * gives is logged at debug level and never sent.
 */
final class JsonErrorHandler extends ErrorHandler {

  private static final Logger log = LoggerFactory.getLogger(JsonErrorHandler.class);

  private final JsonMapper json;

  JsonErrorHandler(JsonMapper json) {
    this.json = json;
    setShowStacks(false);
    setShowCauses(false);
  }

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int status,
      String message,
      Throwable cause,
      Callback callback) {
    log.debug(
        "HTTP {} for {} {}: {} {}",
        status,
        request.getMethod(),
        request.getHttpURI().getPath(),
        message,
        cause == null ? "" : cause.toString());
    byte[] body = HttpErrors.body(json, status, null, null).getBytes(StandardCharsets.UTF_8);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  // Deprecated for removal in Jetty 12.1, yet still what Jetty calls for a request it cannot
  // parse: overriding it is how those answers get a JSON body
  @SuppressWarnings("removal")
  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    log.debug("HTTP {} for a malformed request: {}", status, reason);
    fields.put(HttpHeader.CONTENT_TYPE, "application/json");
    byte[] body = HttpErrors.body(json, status, null, null).getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.wrap(body);
  }
}
