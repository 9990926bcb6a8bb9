package org.corpusmcp.zim.search;

import java.util.List;

/**
 * A page of title suggestions.
 *
 * @param estimatedMatches libzim's {@code getEstimatedMatches()}
 * @param fromTitleIndex true when the title index answered, false for the title-listing prefix
 *     fallback (no usable title index)
 * @param suggestions the page, best first
 */
public record Suggestions(
    long estimatedMatches, boolean fromTitleIndex, List<Suggestion> suggestions) {
  public Suggestions {
    suggestions = List.copyOf(suggestions);
  }
}
