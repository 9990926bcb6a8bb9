package org.corpusmcp.host.mcp;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * The SDK's SSE output on its way to the client, with two changes.
 *
 * <p>Every {@code id:} line is left out. The SDK gives each event on a POST stream the session id
 * as its id (and the same on the GET stream), so one id named every event of a session: useless to
 * resume from, and against the 2025-11-25 transport's rule that an event id be unique within its
 * session. The server keeps no events to replay, so it sends no ids, which the specification
 * allows, and clients do not try to resume.
 *
 * <p>{@link #keepAlive} writes an SSE comment line between the SDK's lines, under the same lock as
 * the SDK's writes (a {@link PrintWriter} over this writer locks on it). A comment line is ignored
 * by every SSE parser wherever it falls, even between two fields of one event.
 *
 * <p>Failures reach the SDK: the container's writer swallows I/O errors, so {@link #flush} turns
 * its error flag into an {@link IOException}, which sets the SDK's {@code checkError()}.
 */
final class EventStreamWriter extends Writer {

  private static final String ID_FIELD = "id:";

  private enum State {
    /** At a line's first characters, still possibly an {@code id:} field. */
    LINE_START,
    /** In a line to pass on. */
    PASSING,
    /** In an {@code id:} line to leave out. */
    DROPPING
  }

  private final PrintWriter out;
  private State state = State.LINE_START;
  private final StringBuilder head = new StringBuilder(ID_FIELD.length());

  EventStreamWriter(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void write(char[] chars, int offset, int length) {
    synchronized (lock) {
      StringBuilder passed = new StringBuilder(length);
      for (int i = offset; i < offset + length; i++) {
        char c = chars[i];
        switch (state) {
          case DROPPING -> {
            if (c == '\n') {
              state = State.LINE_START;
            }
          }
          case PASSING -> {
            passed.append(c);
            if (c == '\n') {
              state = State.LINE_START;
            }
          }
          case LINE_START -> {
            head.append(c);
            if (ID_FIELD.contentEquals(head)) {
              head.setLength(0);
              state = State.DROPPING;
            } else if (!ID_FIELD.startsWith(head.toString())) {
              passed.append(head);
              head.setLength(0);
              state = c == '\n' ? State.LINE_START : State.PASSING;
            }
          }
        }
      }
      out.write(passed.toString());
    }
  }

  @Override
  public void flush() throws IOException {
    synchronized (lock) {
      out.flush();
      if (out.checkError()) {
        throw new IOException("the client is gone");
      }
    }
  }

  @Override
  public void close() {
    synchronized (lock) {
      out.close();
    }
  }

  /**
   * Writes an SSE comment line and flushes it, if the stream is between lines (it always is between
   * the SDK's writes).
   *
   * @return false once the client is gone
   */
  boolean keepAlive() {
    synchronized (lock) {
      if (state == State.LINE_START && head.length() == 0) {
        out.write(":\n");
        out.flush();
      }
      return !out.checkError();
    }
  }
}
