/**
 * One search call, as stages: the query analysed once ({@link org.corpusmcp.corpus.search.Query}),
 * each library's searcher and index, fusion of their hits into {@link
 * org.corpusmcp.corpus.search.Candidate}s, identical documents listed once, diversity, and the
 * rescue of misspelt words. No MCP, no document reading: the corpus service reads the results the
 * search ranks.
 */
@NullMarked
package org.corpusmcp.corpus.search;

import org.jspecify.annotations.NullMarked;
