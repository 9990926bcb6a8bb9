package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.corpusmcp.corpus.ArchiveFaults;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.zim.search.CollectionStats;

/**
 * How much each library of a collection (the full-text libraries of one language) is about a query,
 * against the other members: a calibration that keeps one large topical library from taking the
 * first places for a question on another topic (a music wiki's long biographies hold "american",
 * "civil", "war" and "end" too).
 *
 * <p>A library's density of the query is the idf-weighted share of its documents holding each of
 * the query's meaningful words: {@code Σ idf(t) · df_L(t) / N_L}, idf over the whole collection.
 * Stopwords do not count ("how" fills a Stack Exchange site's titles and says nothing of its
 * topic), nor does a word that some member holds in more than {@value #COMMON_SHARE} of its
 * documents: that word is the member's boilerplate, not a topic the other members could share.
 *
 * <p>Its affinity is the density over the mean density of the members, each member one vote, so
 * three snapshots of one wiki cannot set the standard by their size. A library at or above the mean
 * keeps a factor of 1; one below has the square root of its affinity: a library where the query's
 * informative words are a quarter as common as in the average member weighs half.
 *
 * <p>The factor orders hits only ({@link FederatedSearch#order}); it never changes a hit's
 * strength, which the relevance floor and the diversity pass compare: scaling those let one library
 * take four places in a row for the single word "value" over three families of archives.
 */
final class LibraryAffinity {

  /** A word held by more than this share of some member's documents does not count. */
  static final double COMMON_SHARE = 0.9;

  private static final LibraryAffinity NONE = new LibraryAffinity(Map.of());

  private final Map<String, Double> factorByLibrary;

  private LibraryAffinity(Map<String, Double> factorByLibrary) {
    this.factorByLibrary = factorByLibrary;
  }

  /** Every library weighs 1. */
  static LibraryAffinity none() {
    return NONE;
  }

  /**
   * The factor of each full-text library of a collection of two or more, read from each member's
   * document frequencies for the query's meaningful words; a library whose statistics cannot be
   * read keeps 1 (its own search reports the fault).
   */
  static LibraryAffinity of(
      Query query,
      List<Library> libraries,
      Function<Library, LibrarySearcher> searchers,
      LibraryStopwords stopwords) {
    Map<String, List<Library>> byLanguage = new LinkedHashMap<>();
    for (Library library : libraries) {
      try {
        var comparable = searchers.apply(library).comparable();
        if (comparable.isEmpty() || comparable.get().language().isEmpty()) {
          continue;
        }
        byLanguage
            .computeIfAbsent(comparable.get().language(), k -> new ArrayList<>())
            .add(library);
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e; // a bug, not damage: the search reports an internal failure
        }
        // searched alone: its own task meets the same fault and reports it in degraded
      }
    }
    Map<String, Double> factors = new HashMap<>();
    for (List<Library> collection : byLanguage.values()) {
      if (collection.size() < 2) {
        continue;
      }
      // one language, one list: the words of the query that say something in that language
      Set<String> words =
          new LinkedHashSet<>(
              Lexical.meaningfulWords(query.text(), stopwords.of(collection.get(0))));
      if (words.isEmpty()) {
        continue;
      }
      List<Library> members = new ArrayList<>();
      List<CollectionStats> memberStats = new ArrayList<>();
      for (Library library : collection) {
        try {
          memberStats.add(searchers.apply(library).comparable().orElseThrow().statistics(words));
          members.add(library);
        } catch (RuntimeException e) {
          if (!ArchiveFaults.isArchiveFault(e)) {
            throw e; // a bug, not damage: the search reports an internal failure
          }
          // searched alone: its own task meets the same fault and reports it in degraded
        }
      }
      if (members.size() < 2) {
        continue;
      }
      double[] f = factors(memberStats, words);
      for (int i = 0; i < f.length; i++) {
        factors.put(members.get(i).name(), f[i]);
      }
    }
    return new LibraryAffinity(Map.copyOf(factors));
  }

  /** Given factors by library name; a library not named weighs 1. */
  static LibraryAffinity of(Map<String, Double> factorByLibrary) {
    return new LibraryAffinity(Map.copyOf(factorByLibrary));
  }

  /** The factor that scales the order of {@code library}'s hits: in (0, 1]. */
  double factor(Library library) {
    return factorByLibrary.getOrDefault(library.name(), 1.0);
  }

  /**
   * Each member's factor, in member order: 1 at or above the mean density, the square root of
   * density over mean below it; 1 for all when no word counts.
   *
   * @param members each member library's statistics for {@code words}
   * @param words the query's meaningful words
   */
  static double[] factors(List<CollectionStats> members, Set<String> words) {
    CollectionStats collection = CollectionStats.merge(members);
    List<String> counted = new ArrayList<>();
    for (String word : words) {
      boolean boilerplate = false;
      for (CollectionStats member : members) {
        long df = member.termFreqs().getOrDefault(word, 0L);
        boilerplate |= member.docCount() > 0 && df > COMMON_SHARE * member.docCount();
      }
      if (!boilerplate) {
        counted.add(word);
      }
    }
    double[] density = new double[members.size()];
    double sum = 0;
    for (int i = 0; i < density.length; i++) {
      density[i] = density(members.get(i), collection, counted);
      sum += density[i];
    }
    double mean = sum / Math.max(1, density.length);
    double[] out = new double[density.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = mean <= 0 || density[i] >= mean ? 1.0 : Math.sqrt(density[i] / mean);
    }
    return out;
  }

  private static double density(
      CollectionStats library, CollectionStats collection, List<String> words) {
    if (library.docCount() == 0) {
      return 0;
    }
    double d = 0;
    for (String word : words) {
      long df = collection.termFreqs().getOrDefault(word, 0L);
      // Lucene's BM25 idf, as TermWeights weighs a query's words
      double idf = Math.log(1 + (collection.docCount() - df + 0.5) / (df + 0.5));
      d += idf * library.termFreqs().getOrDefault(word, 0L) / library.docCount();
    }
    return d;
  }
}
