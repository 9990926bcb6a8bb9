package org.corpusmcp.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.api.ResourceChanges;

/**
 * A {@link ResourceChanges} for a plugin's own tests: it keeps every URI the plugin said changed,
 * in order, so a test asserts on them. Hand it to the plugin in a context from {@link
 * TestContexts#of(String, java.util.Map, ResourceChanges)}.
 *
 * <pre>{@code
 * ResourceChangesRecorder changes = new ResourceChangesRecorder();
 * PluginContext context = TestContexts.of("notes", Map.of(), changes);
 * new NoteTools().tools(context).get(0).handler().handle(arguments);
 * assertEquals(List.of("notes://today"), changes.uris());
 * }</pre>
 *
 * <p>It holds a plugin to the host's contract: a blank URI is refused with the host's {@link
 * IllegalArgumentException}. Thread-safe; {@link #awaitUpdate} waits for a change reported from
 * another thread.
 */
public final class ResourceChangesRecorder implements ResourceChanges {

  private final List<String> uris = new ArrayList<>();

  @Override
  public synchronized void updated(String uri) {
    if (uri == null || uri.isBlank()) {
      throw new IllegalArgumentException("a changed resource needs its URI");
    }
    uris.add(uri);
    notifyAll();
  }

  /** Every URI reported so far, in order, repeats kept. */
  public synchronized List<String> uris() {
    return List.copyOf(uris);
  }

  /** Forgets what was reported, for a test that checks one step at a time. */
  public synchronized void clear() {
    uris.clear();
  }

  /**
   * Waits until {@code uri} has been reported (at once when it already was).
   *
   * @return whether it was reported within {@code timeout}
   */
  public synchronized boolean awaitUpdate(String uri, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!uris.contains(uri)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      Duration wait = Duration.ofNanos(left);
      wait(Math.max(1, wait.toMillis()));
    }
    return true;
  }
}
