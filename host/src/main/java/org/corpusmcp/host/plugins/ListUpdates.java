package org.corpusmcp.host.plugins;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.corpusmcp.api.ListChangeRefusedException;
import org.corpusmcp.api.ListChanges;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's {@link ListChanges}: a plugin's word that its tools or prompts changed has the
 * catalogue read that plugin's list again, then goes to whichever servers listen. Plugins get their
 * handle ({@link #forPlugin}) while the catalogues are being built; a change said before {@link
 * #serve} is a no-op (the list being read then is already the new one).
 */
public final class ListUpdates {

  private static final Logger LOG = LoggerFactory.getLogger(ListUpdates.class);

  /** Which list changed. */
  public enum Kind {
    TOOLS,
    PROMPTS
  }

  private final List<Consumer<Kind>> listeners = new CopyOnWriteArrayList<>();
  private volatile @Nullable ToolCatalog tools;
  private volatile @Nullable PromptCatalog prompts;

  /** From now on, a plugin's change re-reads its list in these catalogues. */
  public void serve(ToolCatalog tools, PromptCatalog prompts) {
    this.tools = Objects.requireNonNull(tools, "tools");
    this.prompts = Objects.requireNonNull(prompts, "prompts");
  }

  /** The handle lent to one plugin: its changes re-read its own lists only. */
  public ListChanges forPlugin(String pluginId) {
    return new ListChanges() {
      @Override
      public void toolsChanged() {
        ToolCatalog catalog = tools;
        if (catalog != null && catalog.reread(pluginId)) {
          announce(Kind.TOOLS);
        }
      }

      @Override
      public void promptsChanged() {
        PromptCatalog catalog = prompts;
        if (catalog != null && catalog.reread(pluginId)) {
          announce(Kind.PROMPTS);
        }
      }

      @Override
      public String toString() {
        return "ListChanges[" + pluginId + "]";
      }
    };
  }

  /**
   * Hands every later change to {@code listener} until the returned handle is closed.
   *
   * @param listener told which list changed, after the catalogue serves the new one; it must not
   *     block, as it runs on the plugin's thread
   */
  public AutoCloseable listen(Consumer<Kind> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  private void announce(Kind kind) {
    for (Consumer<Kind> listener : listeners) {
      try {
        listener.accept(kind);
      } catch (RuntimeException e) {
        // one server's failure must neither reach the plugin nor keep the others uninformed
        LOG.warn("telling clients that the {} list changed: {}", kind, e.toString());
      }
    }
  }

  /** A refusal in the words a plugin's author reads, the startup rule's message kept. */
  static ListChangeRefusedException refused(String pluginId, String what, RuntimeException why) {
    return new ListChangeRefusedException(
        "plugin '"
            + pluginId
            + "': its new "
            + what
            + " list is refused, the previous one is kept: "
            + why.getMessage(),
        why);
  }
}
