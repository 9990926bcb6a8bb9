package org.corpusmcp.zim.search;

/**
 * One full-text result with what its BM25 weight is made of, for ranking above libzim's: the weight
 * (comparable across databases when they were weighed with the same {@link CollectionStats}) and
 * how many of the query's terms the document matched.
 *
 * @param docid the Xapian document id within its own database (decides ties)
 * @param path the entry path, as {@link SearchHit#path()}
 * @param entryIndex as {@link SearchHit#entryIndex()}
 * @param weight the BM25 weight
 * @param matchedTerms weighted query terms that match the document (Xapian's matching subqueries)
 */
public record ScoredHit(long docid, String path, int entryIndex, double weight, int matchedTerms) {}
