package org.corpusmcp.host.mcp;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Ends a session of the SDK's on the server's own account, as its client's {@code DELETE} would.
 *
 * <p>The SDK keeps its sessions in a private map and ends one only on a {@code DELETE} or in its
 * idle sweep, so the one way to end a chosen session at once, with its streams closed and its
 * memory released, is to hand the SDK's servlet a {@code DELETE} for it. That request is built from
 * the request being served (so it passes the servlet's own Host and Origin checks as that request
 * did), and its answer is discarded: no client is waiting for it.
 */
final class SessionEviction {

  private static final String SESSION_HEADER = "Mcp-Session-Id";

  private final HttpServlet sdk;

  SessionEviction(HttpServlet sdk) {
    this.sdk = sdk;
  }

  /**
   * Ends session {@code id}; true when the SDK ended it (false: it no longer knew the id, or it is
   * shutting down).
   */
  boolean end(HttpServletRequest serving, HttpServletResponse servingResponse, String id)
      throws IOException, ServletException {
    Discarded answer = new Discarded(servingResponse);
    sdk.service(new DeleteOf(serving, id), answer);
    return answer.status < 300;
  }

  /** {@code DELETE} of session {@code id}, with the headers of the request being served. */
  private static final class DeleteOf extends HttpServletRequestWrapper {
    private final String id;

    DeleteOf(HttpServletRequest request, String id) {
      super(request);
      this.id = id;
    }

    @Override
    public String getMethod() {
      return "DELETE";
    }

    @Override
    public @Nullable String getHeader(String name) {
      return SESSION_HEADER.equalsIgnoreCase(name) ? id : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
      return SESSION_HEADER.equalsIgnoreCase(name)
          ? Collections.enumeration(List.of(id))
          : super.getHeaders(name);
    }

    @Override
    public Enumeration<String> getHeaderNames() {
      List<String> names = Collections.list(super.getHeaderNames());
      if (names.stream().noneMatch(SESSION_HEADER::equalsIgnoreCase)) {
        names.add(SESSION_HEADER);
      }
      return Collections.enumeration(names);
    }

    @Override
    public int getContentLength() {
      return 0;
    }

    @Override
    public long getContentLengthLong() {
      return 0;
    }
  }

  /** Takes the SDK's answer to the {@code DELETE} and lets none of it reach the real response. */
  private static final class Discarded extends HttpServletResponseWrapper {
    int status = SC_OK;
    private final PrintWriter writer =
        new PrintWriter(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);

    Discarded(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void setStatus(int sc) {
      status = sc;
    }

    @Override
    public int getStatus() {
      return status;
    }

    @Override
    public void sendError(int sc) {
      status = sc;
    }

    @Override
    public void sendError(int sc, String msg) {
      status = sc;
    }

    @Override
    public void sendRedirect(String location) {
      status = SC_FOUND;
    }

    @Override
    public void setHeader(String name, String value) {}

    @Override
    public void addHeader(String name, String value) {}

    @Override
    public void setIntHeader(String name, int value) {}

    @Override
    public void addIntHeader(String name, int value) {}

    @Override
    public void setDateHeader(String name, long date) {}

    @Override
    public void addDateHeader(String name, long date) {}

    @Override
    public void setContentType(String type) {}

    @Override
    public void setCharacterEncoding(String charset) {}

    @Override
    public void setContentLength(int len) {}

    @Override
    public void setContentLengthLong(long len) {}

    @Override
    public void setBufferSize(int size) {}

    @Override
    public PrintWriter getWriter() {
      return writer;
    }

    @Override
    public ServletOutputStream getOutputStream() {
      return new ServletOutputStream() {
        @Override
        public void write(int b) {}

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new UnsupportedOperationException("nothing is written");
        }
      };
    }

    @Override
    public void flushBuffer() {}

    @Override
    public void reset() {}

    @Override
    public void resetBuffer() {}

    @Override
    public boolean isCommitted() {
      return false;
    }
  }
}
