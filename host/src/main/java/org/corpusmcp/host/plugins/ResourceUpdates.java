package org.corpusmcp.host.plugins;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.corpusmcp.api.ResourceChanges;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's {@link ResourceChanges}: every plugin's announcements go to whichever servers listen.
 * Plugins get it at startup, before any server exists, so an announcement made then reaches no one
 * (no client can have subscribed yet).
 */
public final class ResourceUpdates implements ResourceChanges {

  private static final Logger LOG = LoggerFactory.getLogger(ResourceUpdates.class);

  private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

  /**
   * Hands every later announcement to {@code listener} until the returned handle is closed.
   *
   * @param listener told each changed URI; it must not block, as it runs on the plugin's thread
   */
  public AutoCloseable listen(Consumer<String> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  @Override
  public void updated(String uri) {
    if (uri == null || uri.isBlank()) {
      throw new IllegalArgumentException("a changed resource needs its URI");
    }
    for (Consumer<String> listener : listeners) {
      try {
        listener.accept(uri);
      } catch (RuntimeException e) {
        // one server's failure must neither reach the plugin nor keep the others uninformed
        LOG.warn("telling subscribers that {} changed: {}", uri, e.toString());
      }
    }
  }
}
