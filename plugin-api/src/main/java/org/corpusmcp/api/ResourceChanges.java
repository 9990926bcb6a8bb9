package org.corpusmcp.api;

/**
 * How a plugin says that a resource it serves has changed, so that clients subscribed to it read it
 * again. The host lends one through {@link PluginContext#resourceChanges()}; keep it and call
 * {@link #updated(String)} whenever the data behind a URI changes, from any thread.
 *
 * <pre>{@code
 * ResourceChanges changes = context.resourceChanges();
 * // later, after the policy file was edited:
 * changes.updated("archwiki://policy");
 * }</pre>
 *
 * <p>In Kotlin: {@code context.resourceChanges().updated("archwiki://policy")}.
 *
 * <p>The host sends {@code notifications/resources/updated} to the sessions that subscribed to that
 * URI ({@code resources/subscribe}, protocol revision 2025-11-25) and to no one else; with no
 * subscriber, the call does nothing. It never blocks on a client and never throws for a client's
 * sake. The URI is the one a client reads: a resource's, or one a template of the plugin matches.
 */
@FunctionalInterface
public interface ResourceChanges {

  /** A handle that tells no one: what a context built without a host lends. */
  ResourceChanges NONE = uri -> {};

  /**
   * Tells the subscribers of {@code uri} that it changed.
   *
   * @param uri the URI whose contents changed, as clients read it
   * @throws IllegalArgumentException when {@code uri} is blank: a plugin's mistake, not a client's
   */
  void updated(String uri);
}
