package org.corpusmcp.host.tools;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.corpusmcp.api.ToolResult;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few tool calls a fresh server makes on itself while nobody is asking it anything, so that a
 * client's first searches meet code the JIT has compiled, a heap grown to its working size and warm
 * caches, instead of paying for all three (counted at 1.3M entries: the first search used four
 * times the request-thread CPU of the tenth, docs/benchmarks/scale.md).
 *
 * <p>It never competes with a client on purpose: it waits until the server has been serving for
 * {@code delay} without a single tool call, stops for good as soon as any client call has started
 * (checked before each of its own calls; one already running finishes), and makes a bounded list of
 * calls, each through {@link ToolInvoker} exactly as a client's would be. (A Java thread priority
 * would not help: HotSpot on Linux ignores it unless run as root with a special flag.) Its thread
 * is a daemon, so it never holds the JVM open. The calls are the host tools' choice (the corpus
 * searches a few of its own titles); a failed call is logged at debug level and the rest still run.
 */
public final class Warmup {

  /** One call to make: a tool and its arguments. */
  public record Call(String tool, Map<String, Object> arguments) {}

  private static final Logger log = LoggerFactory.getLogger(Warmup.class);

  private Warmup() {}

  /**
   * Starts the warm-up on a thread of its own and returns it (already started).
   *
   * @param calls made on the warm-up thread once the delay has passed with no client call, so
   *     whatever they read to choose their arguments costs nothing before then
   */
  public static Thread start(ToolInvoker invoker, Supplier<List<Call>> calls, Duration delay) {
    long before = invoker.callsStarted();
    Thread thread = new Thread(() -> run(invoker, calls, delay, before), "warm-up");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** The calls made, or -1 when a client call came first; package-private for the tests. */
  static int run(ToolInvoker invoker, Supplier<List<Call>> calls, Duration delay, long before) {
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
    long own = 0;
    if (invoker.callsStarted() - before - own > 0) {
      return -1;
    }
    List<Call> list;
    try {
      list = calls.get();
    } catch (RuntimeException e) {
      log.debug("warm-up: no calls to make", e);
      return 0;
    }
    if (list.isEmpty()) {
      return 0;
    }
    // said once, so that the searches it makes are not taken for a client's in the query log
    log.info(
        "warm-up: no tool call {} ms after ready; making {} of its own (WARM_UP_IDLE_MS=off"
            + " stops this)",
        delay.toMillis(),
        list.size());
    long started = System.nanoTime();
    int made = 0;
    for (Call call : list) {
      if (Thread.currentThread().isInterrupted()) {
        return made; // the session ended
      }
      if (invoker.callsStarted() - before - own > 0) {
        log.info("warm-up: stopped after {} call(s): a client's call came first", made);
        return made;
      }
      own++;
      @Nullable ToolResult result = invoker.call(call.tool(), call.arguments());
      made++;
      if (result instanceof ToolResult.Failure failure) {
        log.debug("warm-up: {} failed: {}", call.tool(), failure.code());
      }
    }
    log.info("warm-up: {} call(s) in {} ms", made, (System.nanoTime() - started) / 1_000_000);
    return made;
  }
}
