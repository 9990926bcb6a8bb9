package org.corpusmcp.host.mcp;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where the stdio session stands in the MCP lifecycle, and what to do with a message in each phase,
 * so that no request waits for a notification that may never come.
 *
 * <p>The SDK's stdio session holds every request but {@code initialize} until the client's {@code
 * notifications/initialized} arrives, with no deadline; a client that sent {@code ping}, {@code
 * tools/list} or a call first got no answer at all, and at end of input the process waited for them
 * for the whole drain time. Over HTTP the same requests are answered at once. The 2025-11-25
 * lifecycle lets a client send pings before {@code initialize} has been answered and asks it to
 * send nothing else then; it asks the server only not to send requests of its own before the
 * notification. So, one message at a time (on the reading thread):
 *
 * <ul>
 *   <li>before {@code initialize}: a {@code ping} is answered here; any other request gets {@code
 *       -32600} naming {@code initialize}; a notification (the initialized one included) is
 *       dropped, as it belongs to no session yet;
 *   <li>after {@code initialize}, before {@code notifications/initialized}: a {@code ping} is
 *       answered here; the first other request or notification is treated as the client's sign that
 *       it has the answer, as if the notification had come (the SDK is told so first), and is
 *       served; a late real notification is then dropped, the SDK having had one;
 *   <li>once initialized: everything goes to the SDK.
 * </ul>
 */
final class StdioLifecycle {

  private static final String INITIALIZE = "initialize";
  static final String INITIALIZED = "notifications/initialized";

  /** What the transport does with a message. */
  enum Step {
    /** Hand the message to the SDK. */
    FORWARD,
    /** Tell the SDK the session is initialized, then hand the message over. */
    INITIALIZE_THEN_FORWARD,
    /** Answer the ping with an empty result. */
    ANSWER_PING,
    /** Answer with -32600: the session is not initialized. */
    REFUSE,
    /** Say nothing and do nothing. */
    DROP
  }

  private enum Phase {
    NEW,
    INITIALIZING,
    OPERATING
  }

  private Phase phase = Phase.NEW;

  /** The step for {@code message} (a JSON-RPC message the protocol gate let through). */
  Step next(ObjectNode message, boolean isRequest) {
    JsonNode methodNode = message.get("method");
    if (methodNode == null) {
      return Step.FORWARD; // a response to a request of the server's
    }
    String method = methodNode.asString();
    if (isRequest && INITIALIZE.equals(method)) {
      if (phase == Phase.NEW) {
        phase = Phase.INITIALIZING;
      }
      return Step.FORWARD;
    }
    if (phase == Phase.OPERATING) {
      return INITIALIZED.equals(method) ? Step.DROP : Step.FORWARD;
    }
    if (isRequest && "ping".equals(method)) {
      return Step.ANSWER_PING;
    }
    if (phase == Phase.NEW) {
      return isRequest ? Step.REFUSE : Step.DROP;
    }
    phase = Phase.OPERATING;
    return INITIALIZED.equals(method) ? Step.FORWARD : Step.INITIALIZE_THEN_FORWARD;
  }
}
