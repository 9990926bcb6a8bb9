package org.corpusmcp.host.mcp;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Once a graceful shutdown has begun, answers every request with {@code Connection: close}, so each
 * open connection serves the request it brings and then closes, and its client takes the next one
 * elsewhere.
 *
 * <p>Jetty's own graceful connector shutdown was not used: it also closes, after the response, a
 * connection whose response had been committed before the shutdown began, without a word to the
 * client, which then sends its next request into a closed connection (6 of 32 clients under load
 * lost a request that way). Here such a connection stays open; the request it brings next is
 * answered, with {@code Connection: close}.
 */
final class ClosingConnections extends Handler.Wrapper {

  private volatile boolean closing;

  ClosingConnections(Handler next) {
    super(next);
  }

  /** From now on, every response closes its connection. */
  void begin() {
    closing = true;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (closing) {
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
    return super.handle(request, response, callback);
  }
}
