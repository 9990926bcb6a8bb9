package org.corpusmcp.host.mcp;

import java.io.IOException;
import java.time.Duration;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.host.plugins.ListUpdates;
import org.corpusmcp.host.plugins.ResourceUpdates;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The open {@code subscriptions/listen} streams of one server (2026-07-28), whatever carries them:
 * an SSE response on HTTP, lines among the others on stdio. Each is acknowledged first, then gets
 * the notifications its {@link ListenFilter} asks for, each tagged with the stream's subscription
 * id (the listen request's JSON-RPC id).
 *
 * <p>Bounded: at most {@code limit} streams at once (one more is refused with {@link Full}), and a
 * stream whose client has fallen {@value #MAX_BEHIND} notifications behind is ended, so a client
 * that stops reading holds neither memory nor a thread. Writes happen on this class's own threads,
 * never on the plugin's thread that reported a change (a slow client must not stall a plugin); they
 * exist only while there is something to write or a stream to keep alive, so a server whose streams
 * have all ended holds no thread of this class's. A stream ends when its client goes away (a write
 * fails, including the periodic keep-alive), cancels it, or when the server closes: then it gets
 * the revision's graceful end, a result for the listen request.
 */
final class ListenStreams implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ListenStreams.class);

  /** Open streams at most, per server: each holds a connection, or a slot on stdio. */
  static final int DEFAULT_LIMIT = 64;

  /** A client this many notifications behind is not reading: its stream ends. */
  static final int MAX_BEHIND = 1024;

  static final String META_SUBSCRIPTION_ID = ModernProtocol.PROTOCOL_PREFIX + "subscriptionId";

  /** How long a writer thread waits for more work before it ends. */
  private static final long IDLE_THREAD_SECONDS = 2;

  /** Where a stream's messages go; a transport implements it. */
  interface Sink {
    /** Sends one JSON-RPC message; throws when the client is gone. */
    void send(String message) throws IOException;

    /** Shows an idle stream's client it is still open; throws when the client is gone. */
    void keepAlive() throws IOException;

    /**
     * Ends the transport's stream; called once.
     *
     * @param byServer whether the server ends it (a shutdown), rather than the client or its
     *     absence
     */
    void close(boolean byServer);
  }

  /** Refusal of one stream more than the limit. */
  static final class Full extends Exception {
    private static final long serialVersionUID = 1L;

    Full(int limit) {
      super(
          "Too many open subscriptions/listen streams: this server keeps at most "
              + limit
              + " open at once; close one, or retry later");
    }
  }

  private final JsonMapper json;
  private final int limit;
  private final Duration keepAlive;
  private final Set<Stream> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger reserved = new AtomicInteger();
  private final ThreadPoolExecutor writers;
  private final ScheduledThreadPoolExecutor ticks;
  private final AutoCloseable resourceUpdates;
  private final AutoCloseable listUpdates;
  private final AtomicBoolean closed = new AtomicBoolean();
  private @Nullable ScheduledFuture<?> ticking;

  /**
   * @param updates the plugins' resource changes, relayed to the streams that carry the URI
   * @param lists the plugins' tool and prompt list changes, relayed to the streams that asked
   * @param keepAlive how often an idle stream gets a keep-alive
   */
  ListenStreams(
      JsonMapper json, ResourceUpdates updates, ListUpdates lists, int limit, Duration keepAlive) {
    this.json = json;
    this.limit = limit;
    this.keepAlive = keepAlive;
    this.writers =
        new ThreadPoolExecutor(
            4,
            4,
            IDLE_THREAD_SECONDS,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            daemons("listen-stream-"));
    writers.allowCoreThreadTimeOut(true);
    this.ticks = new ScheduledThreadPoolExecutor(1, daemons("listen-keepalive-"));
    ticks.setKeepAliveTime(IDLE_THREAD_SECONDS, TimeUnit.SECONDS);
    ticks.allowCoreThreadTimeOut(true);
    ticks.setRemoveOnCancelPolicy(true);
    this.resourceUpdates = updates.listen(this::resourceUpdated);
    this.listUpdates = lists.listen(this::listChanged);
  }

  /**
   * Opens a stream: takes a slot, has {@code channel} start the transport's stream, acknowledges it
   * there (before any notification can reach it) and starts relaying.
   *
   * @param id the listen request's id, which tags everything on the stream
   * @return the stream, to {@link Stream#cancel} when the client cancels it; null when the client
   *     takes no stream
   * @throws Full when {@link #limit} streams are open already (the channel is not touched)
   * @throws IOException when the client left before its stream began
   */
  @Nullable Stream open(JsonNode id, ListenFilter filter, ModernProtocol.ListenChannel channel)
      throws Full, IOException {
    if (closed.get() || reserved.incrementAndGet() > limit) {
      reserved.decrementAndGet();
      throw new Full(limit);
    }
    Sink sink;
    try {
      sink = channel.open();
    } catch (IOException | RuntimeException e) {
      reserved.decrementAndGet();
      throw e;
    }
    if (sink == null) {
      reserved.decrementAndGet();
      return null;
    }
    Stream stream = new Stream(id, filter, sink);
    ObjectNode params = json.createObjectNode();
    params.set("notifications", filter.acknowledged(json));
    synchronized (stream) {
      // Registered before the acknowledgement is written, under the stream's lock: a change
      // reported meanwhile queues behind the acknowledgement instead of being lost or first, and
      // a client that cancels the stream as soon as it reads the acknowledgement finds it known
      // to its transport (on stdio the cancellation names the stream by id).
      open.add(stream);
      channel.opened(stream);
      stream.write(notification(id, "notifications/subscriptions/acknowledged", params));
    }
    startTicking();
    return stream;
  }

  /** Streams open now. */
  int openCount() {
    return open.size();
  }

  /** Ends every stream with the revision's graceful end (a result for the listen request). */
  private void endAll() {
    for (Stream stream : open) {
      stream.endByServer();
    }
  }

  /** Ends every stream gracefully, stops relaying, and lets this class's threads go. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      resourceUpdates.close();
      listUpdates.close();
    } catch (Exception e) {
      log.debug("stopping resource and list updates: {}", e.toString());
    }
    endAll();
    writers.shutdown();
    ticks.shutdownNow();
  }

  private void resourceUpdated(String uri) {
    for (Stream stream : open) {
      if (stream.filter.carries(uri)) {
        ObjectNode params = json.createObjectNode();
        params.put("uri", uri);
        stream.enqueue(notification(stream.id, "notifications/resources/updated", params));
      }
    }
  }

  private void listChanged(ListUpdates.Kind kind) {
    String method =
        kind == ListUpdates.Kind.TOOLS
            ? "notifications/tools/list_changed"
            : "notifications/prompts/list_changed";
    for (Stream stream : open) {
      if (kind == ListUpdates.Kind.TOOLS ? stream.filter.tools() : stream.filter.prompts()) {
        stream.enqueue(notification(stream.id, method, json.createObjectNode()));
      }
    }
  }

  private ObjectNode notification(JsonNode id, String method, ObjectNode params) {
    params.putObject("_meta").set(META_SUBSCRIPTION_ID, id);
    ObjectNode message = json.createObjectNode();
    message.put("jsonrpc", "2.0");
    message.put("method", method);
    message.set("params", params);
    return message;
  }

  private synchronized void startTicking() {
    if (ticking == null && !closed.get()) {
      try {
        long every = keepAlive.toMillis();
        ticking = ticks.scheduleAtFixedRate(this::tick, every, every, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException stopping) {
        // closing: the streams end with it
      }
    }
  }

  private synchronized void stopTickingIfIdle() {
    if (open.isEmpty() && ticking != null) {
      ticking.cancel(false);
      ticking = null;
    }
  }

  private void tick() {
    for (Stream stream : open) {
      stream.enqueueKeepAlive();
    }
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + n.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** One open stream. Its messages are written in order, one writer at a time. */
  final class Stream {
    private final JsonNode id;
    private final ListenFilter filter;
    private final Sink sink;
    private final Queue<ObjectNode> pending = new ConcurrentLinkedQueue<>();
    private final AtomicInteger behind = new AtomicInteger();
    private final AtomicBoolean writing = new AtomicBoolean();
    private final AtomicBoolean keepAliveDue = new AtomicBoolean();
    private final AtomicBoolean ended = new AtomicBoolean();

    private Stream(JsonNode id, ListenFilter filter, Sink sink) {
      this.id = id;
      this.filter = filter;
      this.sink = sink;
    }

    /** The client cancelled the stream: it ends without another message. */
    void cancel() {
      end(false);
    }

    boolean isOpen() {
      return !ended.get();
    }

    private void enqueue(ObjectNode message) {
      if (ended.get()) {
        return;
      }
      if (behind.incrementAndGet() > MAX_BEHIND) {
        log.debug("a listen stream's client is {} notifications behind: ending it", MAX_BEHIND);
        end(false);
        return;
      }
      pending.add(message);
      drainSoon();
    }

    private void enqueueKeepAlive() {
      if (!ended.get() && keepAliveDue.compareAndSet(false, true)) {
        drainSoon();
      }
    }

    private void drainSoon() {
      if (writing.compareAndSet(false, true)) {
        try {
          writers.execute(this::drain);
        } catch (RejectedExecutionException stopping) {
          writing.set(false);
        }
      }
    }

    private void drain() {
      try {
        do {
          synchronized (this) {
            ObjectNode next;
            while ((next = pending.poll()) != null && !ended.get()) {
              behind.decrementAndGet();
              write(next);
            }
            if (keepAliveDue.getAndSet(false) && !ended.get()) {
              try {
                sink.keepAlive();
              } catch (IOException | RuntimeException gone) {
                clientGone(gone);
              }
            }
          }
          writing.set(false);
        } while ((!pending.isEmpty() || keepAliveDue.get())
            && !ended.get()
            && writing.compareAndSet(false, true));
      } finally {
        if (ended.get()) {
          pending.clear();
        }
      }
    }

    /** Writes one message now; the caller holds this stream's lock. */
    private void write(ObjectNode message) {
      if (ended.get()) {
        return;
      }
      try {
        sink.send(message.toString());
      } catch (IOException | RuntimeException gone) {
        clientGone(gone);
      }
    }

    private void clientGone(Exception why) {
      log.debug("a listen stream's client is gone: {}", why.toString());
      end(false);
    }

    private void endByServer() {
      synchronized (this) {
        if (ended.get()) {
          return;
        }
        // the revision's graceful end: the listen request's result, tagged like every message
        ObjectNode result = json.createObjectNode();
        result.putObject("_meta").set(META_SUBSCRIPTION_ID, id);
        write(ModernProtocol.response(json, id, result, "complete"));
        end(true);
      }
    }

    private void end(boolean byServer) {
      if (!ended.compareAndSet(false, true)) {
        return;
      }
      open.remove(this);
      reserved.decrementAndGet();
      pending.clear();
      stopTickingIfIdle();
      try {
        sink.close(byServer);
      } catch (RuntimeException e) {
        log.debug("closing a listen stream: {}", e.toString());
      }
    }
  }
}
