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
 * <p>The {@code GET} stream's headers are the SDK's to send: since 2.2.0 it sets them and flushes
 * them as soon as it opens the stream, after it has taken the writer. (2.1.0 sent nothing until its
 * first message, so this class used to flush on taking the writer; with 2.2.0 that flush went out
 * before the SDK had set {@code Content-Type}.)
 */
final class EventStreamResponse extends HttpServletResponseWrapper {

  private @Nullable EventStreamWriter events;
  private @Nullable PrintWriter writer;

  EventStreamResponse(HttpServletResponse response) {
    super(response);
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer == null) {
      events = new EventStreamWriter(super.getWriter());
      writer = new PrintWriter(events);
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
