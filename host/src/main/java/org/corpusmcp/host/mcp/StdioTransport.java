package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP over stdio, one JSON-RPC message per line, in place of the SDK's {@code
 * StdioServerTransportProvider}, which stops reading for good at the first line it cannot map,
 * emits concurrent responses through a sink that can drop them ("Failed to enqueue message"), and
 * never lets the JVM exit when stdin closes.
 *
 * <p>Here every inbound line passes the {@link ProtocolGate} first, except a request of revision
 * 2026-07-28 (by its {@code _meta}), which {@link ModernProtocol} answers without the SDK; every
 * outbound message is written synchronously as one whole line under one lock, so concurrent
 * responses can neither interleave nor be dropped; and {@link #run()} returns when stdin ends,
 * after the requests already read have been answered.
 */
public final class StdioTransport implements McpServerTransportProvider {

  private static final Logger log = LoggerFactory.getLogger(StdioTransport.class);

  private final McpJsonMapper mcpJson;
  private final JsonMapper json;
  private final ProtocolGate gate;
  private final ModernProtocol modern;
  private final InputStream in;
  private final OutputStream out;
  private final int maxMessageBytes;
  private final Duration drainTimeout;
  private final RequestCount inFlight = new RequestCount();
  private final StdioLifecycle lifecycle = new StdioLifecycle();

  /** This stream's open listen streams by their request id's JSON text, for cancellation. */
  private final Map<String, ListenStreams.Stream> listens = new ConcurrentHashMap<>();

  private volatile @Nullable McpServerSession session;
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile @Nullable Duration stopGrace;
  private volatile RequestCount.@Nullable Mark stopMark;

  /**
   * @param out the real standard output, captured before anything could print to it
   * @param maxMessageBytes longer lines are refused with a JSON-RPC error instead of buffered
   * @param drainTimeout how long to wait at end of input for requests still running
   */
  public StdioTransport(
      McpJsonMapper mcpJson,
      JsonMapper json,
      ProtocolGate gate,
      ModernProtocol modern,
      InputStream in,
      OutputStream out,
      int maxMessageBytes,
      Duration drainTimeout) {
    this.mcpJson = mcpJson;
    this.json = json;
    this.gate = gate;
    this.modern = modern;
    this.in =
        in instanceof java.io.BufferedInputStream
            ? in
            : new java.io.BufferedInputStream(in, 1 << 16);
    this.out = out;
    this.maxMessageBytes = maxMessageBytes;
    this.drainTimeout = drainTimeout;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory sessionFactory) {
    this.session = sessionFactory.create(new LineTransport());
  }

  /**
   * Reads and dispatches messages until stdin ends or {@link #stop} is called, then waits for
   * in-flight requests: up to the drain timeout at end of input, up to the grace given to {@code
   * stop} otherwise.
   *
   * @return the requests waited for and those still running at the end
   *     <p>Lines are read on a daemon thread of their own so that {@code stop} can end this method
   *     while a read is blocked (a read of stdin cannot be interrupted); that thread dies with the
   *     process.
   */
  public Drain run() {
    McpServerSession current = session;
    if (current == null) {
      throw new IllegalStateException("no MCP server is attached to this transport");
    }
    Thread reader =
        new Thread(
            () -> {
              try {
                byte[] line;
                while ((line = readLine()) != null && stopGrace == null) {
                  if (line.length > maxMessageBytes) {
                    writeLine(
                        ProtocolGate.errorResponse(
                                json,
                                null,
                                -32600,
                                "Invalid Request: message longer than "
                                    + maxMessageBytes
                                    + " bytes")
                            .toString());
                    continue;
                  }
                  dispatch(current, new String(line, StandardCharsets.UTF_8));
                }
              } catch (IOException e) {
                log.warn("stdin failed: {}", e.toString());
              } finally {
                finished.countDown();
              }
            },
            "stdio-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      finished.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Duration grace = stopGrace;
    RequestCount.Mark start = stopMark;
    // a line the reader was handing over as stop came is counted as arrived during the drain
    Drain drain =
        inFlight.drain(
            start != null ? start : inFlight.mark(),
            grace != null ? grace : drainTimeout,
            () -> true);
    if (drain.cutOff() > 0) {
      log.warn("{} request(s) still running at the end; not waiting longer", drain.cutOff());
    }
    // listen streams last until ended: they get the revision's graceful end before the session's
    modern.close();
    current.closeGracefully().block(Duration.ofSeconds(2));
    return drain;
  }

  /**
   * Stops reading input (a message arriving after this is not handled) and makes {@link #run}
   * return once the requests in flight have been answered or {@code grace} has passed.
   */
  public void stop(Duration grace) {
    stopMark = inFlight.mark();
    stopGrace = grace;
    finished.countDown();
  }

  private void dispatch(McpServerSession current, String text) {
    JsonNode parsed = modern.parse(text);
    if (parsed != null && ModernProtocol.isModern(parsed)) {
      dispatchModern(parsed);
      return;
    }
    if (parsed != null && cancelsListen(parsed)) {
      return;
    }
    ProtocolGate.Verdict verdict = parsed == null ? gate.inspect(text) : gate.inspect(parsed);
    if (verdict instanceof ProtocolGate.Reply reply) {
      writeLine(reply.response().toString());
      return;
    }
    if (verdict instanceof ProtocolGate.Drop drop) {
      log.debug("dropped inbound message: {}", drop.reason());
      return;
    }
    if (verdict instanceof ProtocolGate.Ignore ignore) {
      log.debug("ignored notification: {}", ignore.reason());
      return;
    }
    ProtocolGate.Forward forward = (ProtocolGate.Forward) verdict;
    switch (lifecycle.next(forward.message(), forward.isRequest())) {
      case ANSWER_PING -> {
        ObjectNode pong = json.createObjectNode();
        pong.put("jsonrpc", "2.0");
        pong.set("id", forward.message().get("id"));
        pong.putObject("result");
        writeLine(pong.toString());
        return;
      }
      case REFUSE -> {
        writeLine(
            ProtocolGate.errorResponse(
                    json,
                    forward.message().get("id"),
                    -32600,
                    "Invalid Request: the session is not initialized; send initialize first")
                .toString());
        return;
      }
      case DROP -> {
        log.debug(
            "dropped {} outside its place in the lifecycle",
            forward.message().path("method").asString());
        return;
      }
      case INITIALIZE_THEN_FORWARD -> {
        log.debug("a request came before notifications/initialized: taken as initialized");
        ObjectNode initialized = json.createObjectNode();
        initialized.put("jsonrpc", "2.0");
        initialized.put("method", StdioLifecycle.INITIALIZED);
        forwardToSession(current, initialized, false);
      }
      case FORWARD -> {
        // below
      }
    }
    forwardToSession(current, forward.message(), forward.isRequest());
  }

  /** Hands one message to the SDK session, counted until it has been handled. */
  private void forwardToSession(McpServerSession current, ObjectNode message, boolean isRequest) {
    McpSchema.JSONRPCMessage mapped;
    try {
      mapped = McpSchema.deserializeJsonRpcMessage(mcpJson, message.toString());
    } catch (IOException | RuntimeException e) {
      // The gate lets through only what maps; if the SDK still refuses, its text stays in the log.
      log.debug("SDK could not map an inbound message: {}", e.toString());
      if (isRequest) {
        writeLine(
            ProtocolGate.errorResponse(
                    json,
                    message.get("id"),
                    -32600,
                    "Invalid Request: not a JSON-RPC message this server can read")
                .toString());
      }
      return;
    }
    inFlight.started();
    current
        .handle(mapped)
        .doFinally(signal -> inFlight.ended())
        .subscribe(
            ignored -> {}, error -> log.warn("message handling failed: {}", error.toString()));
  }

  /**
   * A 2026-07-28 request, answered statelessly beside any legacy session on the same stream; off
   * the reading thread, like the SDK's requests, so a long tool call does not hold up the next
   * line.
   */
  private void dispatchModern(JsonNode message) {
    inFlight.started();
    // a tool's notifications go out as lines of their own ahead of its answer
    Mono.fromCallable(
            () ->
                modern.handle(
                    message,
                    null,
                    note -> writeLine(note.toString()),
                    new LineListen(message.get("id"))))
        .subscribeOn(Schedulers.boundedElastic())
        .doFinally(signal -> inFlight.ended())
        .subscribe(
            answer -> {
              if (answer.response() != null) {
                writeLine(answer.response().toString());
              }
            },
            error -> log.warn("{} request failed: {}", ModernProtocol.VERSION, error.toString()));
  }

  /**
   * Whether {@code message} is the client's {@code notifications/cancelled} for one of this
   * stream's listen streams, which it then ends; any other cancellation goes on as before.
   */
  private boolean cancelsListen(JsonNode message) {
    if (!"notifications/cancelled".equals(message.path("method").asString()) || message.has("id")) {
      return false;
    }
    JsonNode requestId = message.path("params").get("requestId");
    ListenStreams.Stream stream = requestId == null ? null : listens.get(requestId.toString());
    if (stream == null) {
      return false;
    }
    stream.cancel();
    return true;
  }

  /**
   * A {@code subscriptions/listen} stream on stdio: its messages are lines among the others, told
   * apart by their subscription id; the client ends it with {@code notifications/cancelled}, and a
   * server that ends it says so with the same notification.
   */
  private final class LineListen implements ModernProtocol.ListenChannel, ListenStreams.Sink {
    private final @Nullable JsonNode id;

    LineListen(@Nullable JsonNode id) {
      this.id = id;
    }

    @Override
    public ListenStreams.Sink open() {
      return this;
    }

    @Override
    public void opened(ListenStreams.Stream stream) {
      if (id != null && stream.isOpen()) {
        listens.put(id.toString(), stream);
      }
    }

    @Override
    public void send(String message) {
      writeLine(message);
    }

    @Override
    public void keepAlive() {
      // a pipe needs none
    }

    @Override
    public void close(boolean byServer) {
      if (id == null) {
        return;
      }
      listens.remove(id.toString());
      if (byServer) {
        ObjectNode cancelled = json.createObjectNode();
        cancelled.put("jsonrpc", "2.0");
        cancelled.put("method", "notifications/cancelled");
        ObjectNode params = cancelled.putObject("params");
        params.set("requestId", id);
        params.put("reason", "the server is shutting down");
        params.putObject("_meta").set(ListenStreams.META_SUBSCRIPTION_ID, id);
        writeLine(cancelled.toString());
      }
    }
  }

  /** The next line without its terminator, or null at end of input. */
  private byte @Nullable [] readLine() throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
    boolean tooLong = false;
    int b;
    while ((b = in.read()) != -1) {
      if (b == '\n') {
        return finish(buffer, tooLong);
      }
      if (buffer.size() <= maxMessageBytes) {
        buffer.write(b);
      } else {
        tooLong = true; // keep consuming to the newline, but stop buffering
      }
    }
    return buffer.size() == 0 && !tooLong ? null : finish(buffer, tooLong);
  }

  private byte[] finish(ByteArrayOutputStream buffer, boolean tooLong) {
    if (tooLong) {
      return new byte[maxMessageBytes + 1];
    }
    byte[] bytes = buffer.toByteArray();
    int n = bytes.length;
    if (n > 0 && bytes[n - 1] == '\r') {
      return java.util.Arrays.copyOf(bytes, n - 1);
    }
    return bytes;
  }

  private void writeLine(String message) {
    byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
    synchronized (out) {
      try {
        out.write(bytes);
        out.write('\n');
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.sendNotification(method, params);
  }

  /**
   * Sends to the one session of this stream when it is the one meant: the SDK's resource
   * subscriptions name the session that subscribed.
   */
  @Override
  public Mono<Void> notifyClient(String sessionId, String method, Object params) {
    McpServerSession current = session;
    return current != null && current.getId().equals(sessionId)
        ? current.sendNotification(method, params)
        : Mono.empty();
  }

  @Override
  public Mono<Void> closeGracefully() {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.closeGracefully();
  }

  /** The session's view of stdout. */
  private final class LineTransport implements McpServerTransport {
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      return Mono.fromRunnable(
          () -> {
            try {
              writeLine(mcpJson.writeValueAsString(message));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
      return mcpJson.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }
  }
}
