/**
 * libzim-compatible full-text search and title suggestions over the glass indexes embedded in ZIM
 * archives: query normalisation and parsing (Xapian QueryParser subset as libzim configures it),
 * Snowball stemming, BM25 with Xapian 1.4's parameters and summation order, Xapian's match
 * estimates, snippets and suggestions, checked against python3-libzim and python3-xapian. Searchers
 * are immutable and thread-safe; each query runs on its own iterators.
 */
@NullMarked
package org.corpusmcp.zim.search;

import org.jspecify.annotations.NullMarked;
