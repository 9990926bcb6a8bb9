package org.corpusmcp.corpus.search;

import java.io.IOException;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;

/**
 * The words a library really contains, as a sorted term list typo tolerance can intersect with a
 * Levenshtein automaton: the archive's Xapian index, its sidecar body index, or its titles' words.
 * Terms are normalised as {@link Lexical#normalize} writes them (lower case, no accents).
 */
interface Vocabulary {

  /** A fresh enumeration in UTF-8 byte order; {@link TermsEnum#docFreq} is a document count. */
  TermsEnum terms() throws IOException;

  /**
   * True when a term of this vocabulary must be skipped as a candidate (e.g. Xapian's prefixed
   * terms).
   */
  default boolean isReserved(BytesRef term) {
    return false;
  }

  /**
   * The form in which this vocabulary would hold {@code word}: the word itself, or its stem for an
   * index that stores stems only (as libzim's do).
   */
  default String form(String word) {
    return word;
  }

  /**
   * True when the terms are words as written; false when they are stems, which read worse in a
   * correction.
   */
  default boolean holdsWords() {
    return true;
  }
}
