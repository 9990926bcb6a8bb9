package org.corpusmcp.host.mcp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a {@code subscriptions/listen} stream carries (2026-07-28, the {@code SubscriptionFilter}):
 * the notification types the client opted in to, cut down to those this server can send.
 *
 * <p>{@code toolsListChanged} and {@code promptsListChanged} are carried when asked for and the
 * server may change that list (a plugin says so through its {@code ListChanges}); {@code
 * resourcesListChanged} and any type a later revision adds are read, and left out of the
 * acknowledgement: the revision says a server omits the types it does not support there, and the
 * resource lists never change while the server runs. A wrong value (a string where a boolean
 * belongs, a URI list that is not one) is the client's mistake and refused.
 *
 * @param resources the URIs whose {@code notifications/resources/updated} the stream carries: those
 *     asked for that a resource or a template of this server names
 * @param tools whether the stream carries {@code notifications/tools/list_changed}
 * @param prompts whether the stream carries {@code notifications/prompts/list_changed}
 */
record ListenFilter(Set<String> resources, boolean tools, boolean prompts) {

  /** At most this many URIs in one stream's {@code resourceSubscriptions}. */
  static final int MAX_RESOURCES = 256;

  /** A URI longer than this names no resource of this server's. */
  static final int MAX_URI_CHARS = 4096;

  private static final List<String> LIST_CHANGED_TYPES =
      List.of("toolsListChanged", "promptsListChanged", "resourcesListChanged");

  ListenFilter {
    // in the order asked: the acknowledgement lists them so
    resources = Collections.unmodifiableSet(new LinkedHashSet<>(resources));
  }

  /** A filter the client got wrong; the message says which member, for {@code -32602}. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /**
   * Reads the request's {@code notifications}.
   *
   * @param served whether this server serves the URI (a resource's, or one a template matches)
   * @throws Refused when the member is missing or a value has the wrong type
   */
  static ListenFilter read(@Nullable JsonNode notifications, Predicate<String> served)
      throws Refused {
    return read(notifications, served, false, false);
  }

  /**
   * Reads the request's {@code notifications}.
   *
   * @param served whether this server serves the URI (a resource's, or one a template matches)
   * @param toolsChange whether this server's tool list may change (then {@code toolsListChanged} is
   *     honoured)
   * @param promptsChange the same for prompts
   * @throws Refused when the member is missing or a value has the wrong type
   */
  static ListenFilter read(
      @Nullable JsonNode notifications,
      Predicate<String> served,
      boolean toolsChange,
      boolean promptsChange)
      throws Refused {
    if (notifications == null || !notifications.isObject()) {
      throw new Refused("Invalid params: 'notifications' must be an object");
    }
    for (String type : LIST_CHANGED_TYPES) {
      JsonNode flag = notifications.get(type);
      if (flag != null && !flag.isBoolean()) {
        throw new Refused("Invalid params: 'notifications." + type + "' must be a boolean");
      }
    }
    boolean tools = toolsChange && notifications.path("toolsListChanged").asBoolean(false);
    boolean prompts = promptsChange && notifications.path("promptsListChanged").asBoolean(false);
    JsonNode uris = notifications.get("resourceSubscriptions");
    if (uris == null) {
      return new ListenFilter(Set.of(), tools, prompts);
    }
    if (!uris.isArray()) {
      throw new Refused(
          "Invalid params: 'notifications.resourceSubscriptions' must be an array of URIs");
    }
    if (uris.size() > MAX_RESOURCES) {
      throw new Refused(
          "Invalid params: 'notifications.resourceSubscriptions' names "
              + uris.size()
              + " URIs; one stream takes at most "
              + MAX_RESOURCES);
    }
    Set<String> kept = new LinkedHashSet<>();
    List<String> asked = new ArrayList<>();
    for (JsonNode uri : uris) {
      if (!uri.isString() || uri.stringValue().isBlank()) {
        throw new Refused(
            "Invalid params: each of 'notifications.resourceSubscriptions' must be a non-empty"
                + " string");
      }
      asked.add(uri.stringValue());
    }
    for (String uri : asked) {
      if (uri.length() <= MAX_URI_CHARS && served.test(uri)) {
        kept.add(uri);
      }
    }
    return new ListenFilter(kept, tools, prompts);
  }

  /** Whether the stream carries the updates of {@code uri}. */
  boolean carries(String uri) {
    return resources.contains(uri);
  }

  /** The acknowledgement's {@code notifications}: what the stream will carry, no more. */
  ObjectNode acknowledged(JsonMapper json) {
    ObjectNode honored = json.createObjectNode();
    if (tools) {
      honored.put("toolsListChanged", true);
    }
    if (prompts) {
      honored.put("promptsListChanged", true);
    }
    if (!resources.isEmpty()) {
      resources.forEach(honored.putArray("resourceSubscriptions")::add);
    }
    return honored;
  }
}
