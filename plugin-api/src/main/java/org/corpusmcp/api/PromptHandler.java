package org.corpusmcp.api;

import java.util.List;

/**
 * Writes a prompt's messages from the arguments of one {@code prompts/get}. Return at least one
 * message. The same rules as a tool handler: it may run concurrently, and a thrown exception is a
 * bug, which the host logs and the client sees as an internal error without any detail.
 *
 * <pre>{@code
 * request -> List.of(PromptMessage.user("Summarise " + request.string("title") + " in one line."))
 * }</pre>
 */
@FunctionalInterface
public interface PromptHandler {
  List<PromptMessage> render(PromptRequest request);
}
