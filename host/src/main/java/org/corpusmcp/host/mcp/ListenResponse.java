package org.corpusmcp.host.mcp;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code subscriptions/listen} stream on HTTP: the request's own response, turned into an SSE
 * stream that stays open (an async response without a timeout) until the server ends it or the
 * client goes away, which the next write or keep-alive finds out.
 */
final class ListenResponse implements ListenStreams.Sink {

  private static final Logger log = LoggerFactory.getLogger(ListenResponse.class);

  private final AsyncContext async;
  private final PrintWriter out;
  private volatile boolean gone;

  private ListenResponse(AsyncContext async, PrintWriter out) {
    this.async = async;
    this.out = out;
  }

  /** Starts the stream: status and headers sent at once, so the client sees it open. */
  static ListenResponse start(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    AsyncContext async = request.startAsync();
    async.setTimeout(0);
    response.setStatus(HttpServletResponse.SC_OK);
    response.setContentType("text/event-stream");
    response.setCharacterEncoding("UTF-8");
    response.setHeader("Cache-Control", "no-cache");
    // the revision asks for it: a buffering proxy would hold notifications back
    response.setHeader("X-Accel-Buffering", "no");
    ListenResponse stream = new ListenResponse(async, response.getWriter());
    async.addListener(stream.new Ended());
    response.flushBuffer();
    return stream;
  }

  @Override
  public void send(String message) throws IOException {
    write("event: message\ndata: " + message + "\n\n");
  }

  @Override
  public void keepAlive() throws IOException {
    write(":\n\n");
  }

  @Override
  public void close(boolean byServer) {
    gone = true;
    try {
      async.complete();
    } catch (IllegalStateException alreadyEnded) {
      // the container ended it first
    }
  }

  private void write(String text) throws IOException {
    if (gone) {
      throw new IOException("the listen stream has ended");
    }
    out.write(text);
    out.flush();
    if (out.checkError()) {
      gone = true;
      throw new IOException("the client is gone");
    }
  }

  /** The container's word that the response ended (a failed connection, a timeout). */
  private final class Ended implements AsyncListener {
    @Override
    public void onComplete(AsyncEvent event) {
      gone = true;
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      gone = true;
    }

    @Override
    public void onError(AsyncEvent event) {
      log.debug("a listen stream failed: {}", String.valueOf(event.getThrowable()));
      gone = true;
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      // not re-dispatched
    }
  }
}
