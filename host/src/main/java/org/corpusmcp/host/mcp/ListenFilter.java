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
 * <p>The list-changed types ({@code toolsListChanged}, {@code promptsListChanged}, {@code
 * resourcesListChanged}) and any type a later revision adds are read, and left out of the
 * acknowledgement: the revision says a server omits the types it does not support there, and this
 * one never changes a list while it runs (plugin-api gives a plugin no way to). A wrong value (a
 * string where a boolean belongs, a URI list that is not one) is the client's mistake and refused.
 *
 * @param resources the URIs whose {@code notifications/resources/updated} the stream carries: those
 *     asked for that a resource or a template of this server names
 */
record ListenFilter(Set<String> resources) {

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
    if (notifications == null || !notifications.isObject()) {
      throw new Refused("Invalid params: 'notifications' must be an object");
    }
    for (String type : LIST_CHANGED_TYPES) {
      JsonNode flag = notifications.get(type);
      if (flag != null && !flag.isBoolean()) {
        throw new Refused("Invalid params: 'notifications." + type + "' must be a boolean");
      }
    }
    JsonNode uris = notifications.get("resourceSubscriptions");
    if (uris == null) {
      return new ListenFilter(Set.of());
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
    return new ListenFilter(kept);
  }

  /** Whether the stream carries the updates of {@code uri}. */
  boolean carries(String uri) {
    return resources.contains(uri);
  }

  /** The acknowledgement's {@code notifications}: what the stream will carry, no more. */
  ObjectNode acknowledged(JsonMapper json) {
    ObjectNode honored = json.createObjectNode();
    if (!resources.isEmpty()) {
      resources.forEach(honored.putArray("resourceSubscriptions")::add);
    }
    return honored;
  }
}
