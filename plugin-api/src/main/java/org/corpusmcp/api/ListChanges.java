package org.corpusmcp.api;

/**
 * How a plugin says that the tools or prompts it offers have changed while the server runs. The
 * host lends one through {@link PluginContext#listChanges()}; keep it, change what your {@link
 * ToolProvider#tools} or {@link PromptProvider#prompts} returns, then call {@link #toolsChanged()}
 * or {@link #promptsChanged()}, from any thread.
 *
 * <pre>{@code
 * ListChanges lists = context.listChanges();
 * // later, after a new tool was switched on:
 * enabled.add("report");
 * lists.toolsChanged();
 * }</pre>
 *
 * <p>In Kotlin: {@code context.listChanges().toolsChanged()}.
 *
 * <p>When told, the host asks every {@link ToolProvider} (or {@link PromptProvider}) of this plugin
 * for its list again, with the same context, and serves the new list from then on: by the time the
 * call returns, {@code tools/list} (or {@code prompts/list}) shows it. It checks the new list as it
 * checks the first one at startup: a name another plugin or the host already serves, a name that
 * does not fit, a schema that is not an object schema. When the new list breaks one of these rules,
 * the host keeps serving this plugin's previous list and throws {@link ListChangeRefusedException};
 * a plugin can never take over another's tool or prompt. A call already running keeps its handler.
 * Clients are then told ({@code notifications/tools/list_changed} or {@code
 * notifications/prompts/list_changed}: to 2025-11-25 sessions, and to 2026-07-28 {@code
 * subscriptions/listen} streams that asked for it), without this thread waiting on any client.
 */
public interface ListChanges {

  /** A handle that tells no one: what a context built without a host lends. */
  ListChanges NONE =
      new ListChanges() {
        @Override
        public void toolsChanged() {}

        @Override
        public void promptsChanged() {}
      };

  /**
   * The plugin's tools changed: the host reads its {@link ToolProvider#tools} again.
   *
   * @throws ListChangeRefusedException when the new list breaks a rule of the host's (the previous
   *     list is kept)
   */
  void toolsChanged();

  /**
   * The plugin's prompts changed: the host reads its {@link PromptProvider#prompts} again.
   *
   * @throws ListChangeRefusedException when the new list breaks a rule of the host's (the previous
   *     list is kept)
   */
  void promptsChanged();
}
