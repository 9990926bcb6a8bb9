package org.corpusmcp.corpus;

/**
 * A fetch reply as the client receives it: the host's JSON text of it, so the fetch budget bounds
 * what the client actually gets (escaping and indentation included), not just the Markdown inside.
 */
public interface ReplyText {

  /** The whole reply's text. */
  String of(FetchResponse reply);

  /** One section's text on its own (to estimate how many sections fit before measuring). */
  String of(FetchResponse.SectionView section);
}
