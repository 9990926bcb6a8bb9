package org.corpusmcp.api;

import java.util.List;

/**
 * Suggests values for one argument while a user types it (MCP's {@code completion/complete}), for
 * example the titles that start with what has been typed so far.
 *
 * <p>Return the suggestions best first; the host sends the first 100 and tells the client how many
 * there were. An empty list means "no suggestion". A thrown exception is treated as a bug: the host
 * logs it, and the client gets an internal error without any stack trace. Handlers may be called
 * concurrently and often (once per keystroke): they should be fast and thread-safe.
 */
@FunctionalInterface
public interface CompletionHandler {
  List<String> complete(CompletionRequest request);
}
