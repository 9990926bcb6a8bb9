package org.corpusmcp.corpus;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A search reply: the fused results, best first, what was corrected when misspelt words were
 * searched for as the nearest words the libraries hold, the query's words that no library holds
 * (and that were not taken for typos), the libraries that could not answer, and a notice for the
 * agent when nothing matched or a word is missing.
 */
public record SearchResult(
    List<RankedResult> results,
    @Nullable Correction corrected,
    List<String> missingWords,
    List<LibraryFailure> degraded,
    @Nullable String notice) {

  /**
   * One result. {@code ref} is the only identifier that crosses to the agent; the snippet is plain
   * text, a pointer to the document rather than a quotation. {@code unmatchedWords} are the query's
   * words this document does not hold, for a result that matches only some of them (empty when it
   * matches all).
   */
  public record RankedResult(
      String ref,
      String library,
      String kind,
      String title,
      String snapshot,
      String snippet,
      List<SectionHint> relevantSections,
      List<Copy> alsoIn,
      List<String> unmatchedWords) {}

  /** Another library's copy of a result's document (same title, same bytes), listed once. */
  public record Copy(String library, String ref) {}

  /**
   * A section of a result that names or holds the query's words, by id for fetch(ref, sections).
   */
  public record SectionHint(String id, String title) {}

  /** A library that failed to search or to read a result, with why in words for the agent. */
  public record LibraryFailure(String library, String error) {}

  /**
   * The query searched instead of the one typed: {@code words} maps each misspelt word to the word
   * searched for it; {@code notice} says so in a sentence for the agent.
   */
  public record Correction(
      String query, String original, Map<String, String> words, String notice) {}
}
