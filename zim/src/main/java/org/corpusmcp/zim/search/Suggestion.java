package org.corpusmcp.zim.search;

/**
 * One title suggestion, as libzim's {@code SuggestionIterator} reports it.
 *
 * @param path the entry path (the redirect's own path for a redirect)
 * @param title the entry's title
 * @param snippet the title with matching words in {@code <b>…</b>} ("" in the title-listing
 *     fallback, where libzim has no snippet)
 * @param weight the BM25 weight of the title match (libzim ranks by it but does not report it; 0 in
 *     the title-listing fallback)
 */
public record Suggestion(String path, String title, String snippet, double weight) {}
