package org.corpusmcp.corpus.search;

import java.util.Objects;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.zim.Entry;

/**
 * A document found by search, with what ranking reads of it. Built with names ({@link #in(Library,
 * int, Entry)} and the {@link Builder}): ten fields of like types are easy to swap in a positional
 * call, and a swapped strength and coverage ranks quietly wrong.
 *
 * @param library where it was found
 * @param entry the document (redirects already resolved)
 * @param exact the query is its title, or a redirect to it
 * @param rrf its Reciprocal Rank Fusion score over the lists that found it
 * @param strength how well it matches, comparable across libraries ({@link FederatedSearch})
 * @param weak below the relevance floor of its search
 * @param titleCoverage the share of the query's terms its title holds
 * @param titleInQuery how many title words the query names when it names the whole title, else 0
 * @param libraryOrder its library's position in corpus.toml
 * @param relaxed found only by the any-word fallback, matching only some of the query's words
 */
public record Candidate(
    Library library,
    Entry entry,
    boolean exact,
    double rrf,
    double strength,
    boolean weak,
    double titleCoverage,
    int titleInQuery,
    int libraryOrder,
    boolean relaxed) {

  /** A candidate found in {@code library} (at {@code libraryOrder} in corpus.toml). */
  static Builder in(Library library, int libraryOrder, Entry entry) {
    return new Builder(library, libraryOrder, entry);
  }

  /** The document's identity across lists: its library and path. */
  DocumentKey key() {
    return new DocumentKey(library.name(), entry.rawPath());
  }

  Candidate withWeak(boolean isWeak) {
    return toBuilder().weak(isWeak).build();
  }

  /**
   * The same document found by two lists: exact if either says so, their RRF scores summed, the
   * stronger strength and title naming, relaxed only if both are; the rest is this one's.
   */
  Candidate fusedWith(Candidate other) {
    return toBuilder()
        .exact(exact || other.exact)
        .rrf(rrf + other.rrf)
        .strength(Math.max(strength, other.strength))
        .weak(false)
        .titleInQuery(Math.max(titleInQuery, other.titleInQuery))
        .relaxed(relaxed && other.relaxed)
        .build();
  }

  /**
   * This any-word hit, known to the strict search too as {@code strict}: its strength stays the
   * any-word search's (one scale for a question's hits), what the strict lists say of its title is
   * added, and it holds every word.
   */
  Candidate namedAs(Candidate strict) {
    return toBuilder()
        .exact(exact || strict.exact)
        .rrf(rrf + strict.rrf)
        .strength(strict.exact ? Math.max(strength, strict.strength) : strength)
        .titleInQuery(Math.max(titleInQuery, strict.titleInQuery))
        .relaxed(false)
        .build();
  }

  /** This candidate with its strength no more than {@code most}. */
  Candidate weighedAtMost(double most) {
    return toBuilder().strength(Math.min(strength, most)).build();
  }

  private Builder toBuilder() {
    return in(library, libraryOrder, entry)
        .exact(exact)
        .rrf(rrf)
        .strength(strength)
        .weak(weak)
        .titleCoverage(titleCoverage)
        .titleInQuery(titleInQuery)
        .relaxed(relaxed);
  }

  /** The fields other than where it was found; each defaults to false or 0. */
  static final class Builder {
    private final Library library;
    private final int libraryOrder;
    private final Entry entry;
    private boolean exact;
    private double rrf;
    private double strength;
    private boolean weak;
    private double titleCoverage;
    private int titleInQuery;
    private boolean relaxed;

    private Builder(Library library, int libraryOrder, Entry entry) {
      this.library = Objects.requireNonNull(library, "library");
      this.libraryOrder = libraryOrder;
      this.entry = Objects.requireNonNull(entry, "entry");
    }

    Builder exact(boolean value) {
      this.exact = value;
      return this;
    }

    Builder rrf(double value) {
      this.rrf = value;
      return this;
    }

    Builder strength(double value) {
      this.strength = value;
      return this;
    }

    Builder weak(boolean value) {
      this.weak = value;
      return this;
    }

    Builder titleCoverage(double value) {
      this.titleCoverage = value;
      return this;
    }

    Builder titleInQuery(int value) {
      this.titleInQuery = value;
      return this;
    }

    Builder relaxed(boolean value) {
      this.relaxed = value;
      return this;
    }

    Candidate build() {
      return new Candidate(
          library,
          entry,
          exact,
          rrf,
          strength,
          weak,
          titleCoverage,
          titleInQuery,
          libraryOrder,
          relaxed);
    }
  }
}
