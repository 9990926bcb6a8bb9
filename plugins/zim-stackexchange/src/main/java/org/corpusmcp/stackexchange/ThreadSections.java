package org.corpusmcp.stackexchange;

import org.corpusmcp.api.corpus.SectionId;

/**
 * The section ids of a thread, as agents pass them to {@code fetch(ref, sections)}: the question,
 * the accepted answer, and every other answer by its post id. They belong to this family, not to
 * the generic contract, which only knows that ids are exact strings.
 */
public final class ThreadSections {

  /** A thread's question post. */
  public static final SectionId QUESTION = SectionId.of("question");

  /** A thread's accepted answer. */
  public static final SectionId ACCEPTED_ANSWER = SectionId.of("accepted-answer");

  private ThreadSections() {}

  /** {@code answer-<id>} for a thread's non-accepted answer, e.g. {@code answer-12399}. */
  public static SectionId answer(String postId) {
    return SectionId.of("answer-" + postId);
  }
}
