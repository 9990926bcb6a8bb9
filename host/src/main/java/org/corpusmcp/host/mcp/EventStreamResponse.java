package org.corpusmcp.host.mcp;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import org.jspecify.annotations.Nullable;

/**
 * A response of the SDK's on the MCP endpoint, whose writer (the SDK writes SSE through it) is an
 * {@link EventStreamWriter}.
 *
 * <p>For the {@code GET} stream, the headers go out as soon as the SDK takes the writer. The SDK
 * writes nothing on that stream until it has a message, so before, the status and headers waited in
 * the buffer for the first keep-alive ping, 30 s later, and a client awaiting them (as HTTP clients
 * do before they hand over a stream) stalled that long.
 */
final class EventStreamResponse extends HttpServletResponseWrapper {

  private final boolean sendHeadersAtOnce;
  private @Nullable EventStreamWriter events;
  private @Nullable PrintWriter writer;

  EventStreamResponse(HttpServletResponse response, boolean sendHeadersAtOnce) {
    super(response);
    this.sendHeadersAtOnce = sendHeadersAtOnce;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer == null) {
      events = new EventStreamWriter(super.getWriter());
      writer = new PrintWriter(events);
      if (sendHeadersAtOnce) {
        super.flushBuffer();
      }
    }
    return writer;
  }

  /**
   * Leaves out the SDK's {@code Connection} header: {@code keep-alive} says nothing on HTTP/1.1,
   * and it would overrule the {@code Connection: close} of a graceful shutdown.
   */
  @Override
  public void setHeader(String name, String value) {
    if (!"Connection".equalsIgnoreCase(name)) {
      super.setHeader(name, value);
    }
  }

  @Override
  public void addHeader(String name, String value) {
    if (!"Connection".equalsIgnoreCase(name)) {
      super.addHeader(name, value);
    }
  }

  /** The stream the SDK writes to, once it has asked for it. */
  @Nullable EventStreamWriter events() {
    return events;
  }
}
