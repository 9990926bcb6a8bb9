package org.corpusmcp.host.mcp;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.thread.Scheduler;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads each request body in full, without holding a thread, before the servlet sees the request.
 *
 * <p>The SDK's servlet and {@link HttpFront} read bodies with blocking calls; behind Jetty's
 * blocking servlet input, a client that announced a large body and then sent a byte every few
 * seconds held a worker thread for as long as it liked (the idle timeout restarts on every byte),
 * and a few dozen such clients left none for anyone else. Here the body is collected with Jetty's
 * asynchronous reads, so a slow sender costs a connection and a buffer but no thread, and it is cut
 * off once it falls below a minimum data rate. What reaches the servlet is already in memory.
 *
 * <ul>
 *   <li>a declared or actual length above {@code maxBytes}: 413
 *   <li>fewer than {@code minBytesPerSecond} per second on average once {@code grace} has passed:
 *       408
 *   <li>a body that ends before its declared length: 400
 * </ul>
 *
 * Jetty's own {@link Content.Source#asByteArrayAsync} does the reading; this class adds the rate
 * watch and the mapping of its failures to statuses. Jetty's {@code MinimumDataRateHandler} was not
 * used because it checks the rate only when a chunk has arrived and not before the first byte, so a
 * client that announces a body and sends none of it is left to the idle timeout, and it allows no
 * grace period for a slow start. Its {@code EagerContentHandler} was not used because it retains
 * every network chunk as received rather than copying it, so a sender of one byte per packet would
 * pin one network buffer per byte.
 */
final class WholeBodyHandler extends Handler.Wrapper {

  private static final Logger log = LoggerFactory.getLogger(WholeBodyHandler.class);

  private final int maxBytes;
  private final long minBytesPerSecond;
  private final long graceMillis;

  WholeBodyHandler(Handler next, int maxBytes, long minBytesPerSecond, Duration grace) {
    super(next);
    this.maxBytes = maxBytes;
    this.minBytesPerSecond = minBytesPerSecond;
    this.graceMillis = grace.toMillis();
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    long declared = request.getLength();
    boolean chunked = request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    if (declared == 0 || (declared < 0 && !chunked)) {
      return super.handle(request, response, callback);
    }
    if (declared > maxBytes) {
      Response.writeError(request, response, callback, 413);
      return true;
    }
    new BodyRead(request, response, callback).start();
    return true;
  }

  /** One body being collected; exactly one of its outcomes answers the request. */
  private final class BodyRead implements Promise.Invocable<byte[]> {
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final AtomicLong received = new AtomicLong();
    private final AtomicBoolean settled = new AtomicBoolean();
    private final long startNanos = System.nanoTime();
    private volatile Scheduler.@Nullable Task watch;

    BodyRead(Request request, Response response, Callback callback) {
      this.request = request;
      this.response = response;
      this.callback = callback;
    }

    void start() {
      scheduleWatch();
      Content.Source.asByteArrayAsync(new CountingRequest(request, received), maxBytes + 1, this);
    }

    private void scheduleWatch() {
      Scheduler scheduler = request.getComponents().getScheduler();
      watch = scheduler.schedule(this::checkRate, 1, TimeUnit.SECONDS);
    }

    private void checkRate() {
      if (settled.get()) {
        return;
      }
      long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
      long owed = (elapsedMillis - graceMillis) * minBytesPerSecond / 1000;
      if (owed > received.get()) {
        refuse(
            408,
            "Request Timeout: the body arrived slower than "
                + minBytesPerSecond
                + " bytes per second");
        return;
      }
      scheduleWatch();
    }

    @Override
    public void succeeded(byte[] body) {
      if (!settle()) {
        return;
      }
      if (body.length > maxBytes) {
        Response.writeError(request, response, callback, 413);
        return;
      }
      Request buffered = new BufferedRequest(request, body);
      try {
        if (!WholeBodyHandler.super.handle(buffered, response, callback)) {
          Response.writeError(request, response, callback, 404);
        }
      } catch (Throwable t) {
        log.warn("request failed after its body was read: {}", t.toString());
        Response.writeError(request, response, callback, 500);
      }
    }

    @Override
    public void failed(Throwable failure) {
      if (!settle()) {
        return;
      }
      if (received.get() > maxBytes) {
        Response.writeError(request, response, callback, 413);
      } else if (failure instanceof EofException || failure.getCause() instanceof EofException) {
        Response.writeError(
            request,
            response,
            callback,
            400,
            "Bad Request: the body ended before its declared length");
      } else if (failure instanceof TimeoutException
          || failure.getCause() instanceof TimeoutException) {
        Response.writeError(request, response, callback, 408);
      } else {
        log.debug("reading a request body failed: {}", failure.toString());
        Response.writeError(request, response, callback, 400);
      }
    }

    private void refuse(int status, String message) {
      if (settle()) {
        log.debug("refused a request body: {}", message);
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
        Response.writeError(request, response, callback, status, message);
      }
    }

    private boolean settle() {
      if (!settled.compareAndSet(false, true)) {
        return false;
      }
      Scheduler.Task task = watch;
      if (task != null) {
        task.cancel();
      }
      return true;
    }

    @Override
    public InvocationType getInvocationType() {
      return InvocationType.BLOCKING; // the servlet behind may block, so never on a selector thread
    }
  }

  /** Counts the body bytes the reader takes, for the rate watch. */
  private static final class CountingRequest extends Request.Wrapper {
    private final AtomicLong received;

    CountingRequest(Request request, AtomicLong received) {
      super(request);
      this.received = received;
    }

    @Override
    public Content.Chunk read() {
      Content.Chunk chunk = super.read();
      if (chunk != null && chunk.hasRemaining()) {
        received.addAndGet(chunk.remaining());
      }
      return chunk;
    }
  }

  /** The request with its body already in memory. */
  private static final class BufferedRequest extends Request.Wrapper {
    private final byte[] body;
    private boolean consumed;

    BufferedRequest(Request request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public synchronized Content.Chunk read() {
      if (consumed) {
        return Content.Chunk.EOF;
      }
      consumed = true;
      return Content.Chunk.from(ByteBuffer.wrap(body), true);
    }

    @Override
    public void demand(Runnable demandCallback) {
      demandCallback.run();
    }

    @Override
    public long getLength() {
      return body.length;
    }
  }
}
