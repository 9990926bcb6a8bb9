package org.corpusmcp.zim.search;

/**
 * One full-text result, as libzim's {@code SearchIterator} reports it.
 *
 * @param docid the Xapian document id (decides ties)
 * @param path the entry path (without namespace in new-scheme archives, like libzim)
 * @param entryIndex the entry's index in the archive ({@link org.corpusmcp.zim.Archive#entryAt}),
 *     so a caller reads the entry without looking its path up again; −1 when the path names no
 *     entry, the searcher has no archive, or titles were not asked for ({@link
 *     Searcher#searchPaths})
 * @param title the entry's title ("" when the entry cannot be found)
 * @param weight the BM25 weight
 * @param percent libzim's {@code getScore()}
 * @param wordCount the indexed word count, −1 when the index does not store it
 * @param snippet libzim's {@code getSnippet()} (HTML with {@code <b>} highlights), "" when snippets
 *     were not requested
 */
public record SearchHit(
    long docid,
    String path,
    int entryIndex,
    String title,
    double weight,
    int percent,
    long wordCount,
    String snippet) {}
