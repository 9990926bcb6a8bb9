package org.corpusmcp.host.mcp;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTTP answer to one 2026-07-28 request: a JSON body, unless the request's handler sends a
 * notification first (progress or a log message of a running tool call), in which case the answer
 * becomes the SSE response stream that revision allows, carrying the notifications and then the
 * response, and ending with it. A request that sends none is answered exactly as before, in JSON.
 *
 * <p>Notifications come from the tool's thread while the servlet thread waits for the answer; one
 * lock orders them, and none is written after the answer.
 */
final class ModernAnswerStream implements Consumer<ObjectNode> {

  private static final Logger log = LoggerFactory.getLogger(ModernAnswerStream.class);

  private final HttpServletResponse response;
  private final boolean clientTakesStreams;
  private boolean streaming;
  private boolean answered;
  private boolean gone;

  /**
   * @param clientTakesStreams whether the request's {@code Accept} lists {@code text/event-stream};
   *     without it notifications are dropped and the answer stays JSON
   */
  ModernAnswerStream(HttpServletResponse response, boolean clientTakesStreams) {
    this.response = response;
    this.clientTakesStreams = clientTakesStreams;
  }

  @Override
  public synchronized void accept(ObjectNode notification) {
    if (answered || gone || !clientTakesStreams) {
      return;
    }
    try {
      if (!streaming) {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        // the revision asks for it: a buffering proxy would hold the progress back
        response.setHeader("X-Accel-Buffering", "no");
        streaming = true;
      }
      event(notification.toString());
    } catch (IOException e) {
      // the client closed the stream; the call finishes and its answer goes nowhere
      gone = true;
      log.debug("answer stream closed by the client: {}", e.toString());
    }
  }

  /** Sends the answer: the stream's last event, or the whole JSON body when nothing streamed. */
  synchronized void answer(int status, String body) throws IOException {
    answered = true;
    if (!streaming) {
      HttpFront.writeJson(response, status, body);
      return;
    }
    if (!gone) {
      event(body);
    }
  }

  private void event(String data) throws IOException {
    PrintWriter out = response.getWriter();
    out.write("event: message\ndata: ");
    out.write(data);
    out.write("\n\n");
    out.flush();
    if (out.checkError()) {
      throw new IOException("the client is gone");
    }
  }
}
