package org.corpusmcp.api;

import java.util.List;

/**
 * Asking the client for input while answering a request: a question for the user ({@link #elicit}),
 * a message from the client's model ({@link #sample}), or the client's roots ({@link #roots}). A
 * {@link ToolCall} and a {@link PromptRequest} are both one.
 *
 * <p>Each ask blocks until the answer is there, and a handler asks as if once, in straight-line
 * code; the host carries the ask the way the client's protocol revision wants it. On 2025-11-25 it
 * is a request from server to client in the session, answered while the handler waits. On
 * 2026-07-28 (stateless: there is nobody to wait for) the host ends the round with the question
 * ({@code input_required}), and when the client calls again with the answer it runs the handler
 * again from the start: this time the same ask returns the answer at once. So a handler that asks
 * must do the same things up to its asks on every run (ask first, act after), and an answer is
 * matched to its ask by the ask's {@code key}. Answers of earlier rounds come back in a {@code
 * requestState} that the host signs, so a client cannot change them.
 *
 * <p>Blocking rather than a future, because on 2026-07-28 no answer can come back within the call:
 * a future would suggest the handler could go on without it. A handler may catch {@link
 * MissingClientCapabilityException} (the client cannot answer this kind of request) and go on
 * without the input. The default methods are for handlers called without a client: in a plugin's
 * own tests, or from the command line; they throw {@link MissingClientCapabilityException}.
 */
public interface ClientInput {

  /**
   * Asks the user to fill in a form.
   *
   * @throws MissingClientCapabilityException when the client did not declare {@code elicitation}
   * @throws ClientInputException when the client failed to answer
   */
  default ElicitationResult elicit(Elicitation elicitation) {
    throw new MissingClientCapabilityException("elicitation");
  }

  /** {@link #elicit(Elicitation)} of {@code Elicitation.of(message, requestedSchema)}. */
  default ElicitationResult elicit(String message, String requestedSchema) {
    return elicit(Elicitation.of(message, requestedSchema));
  }

  /**
   * Asks the client's model for a message.
   *
   * @throws MissingClientCapabilityException when the client did not declare {@code sampling}
   * @throws ClientInputException when the client failed to answer
   */
  default SamplingResult sample(Sampling sampling) {
    throw new MissingClientCapabilityException("sampling");
  }

  /**
   * The client's roots.
   *
   * @throws MissingClientCapabilityException when the client did not declare {@code roots}
   * @throws ClientInputException when the client failed to answer
   */
  default List<Root> roots() {
    throw new MissingClientCapabilityException("roots");
  }

  /**
   * Asks several requests at once and returns all their answers. On 2026-07-28 they reach the
   * client together, in one round, rather than one round each; on 2025-11-25 they are asked in
   * turn.
   *
   * @throws MissingClientCapabilityException when the client did not declare what one of them needs
   * @throws ClientInputException when the client failed to answer one
   */
  default InputAnswers ask(InputRequest... requests) {
    InputAnswers.Builder answers = InputAnswers.builder();
    for (InputRequest request : requests) {
      if (request instanceof Elicitation elicitation) {
        answers.put(elicitation, elicit(elicitation));
      } else if (request instanceof Sampling sampling) {
        answers.put(sampling, sample(sampling));
      } else {
        answers.put((RootsRequest) request, roots());
      }
    }
    return answers.build();
  }
}
