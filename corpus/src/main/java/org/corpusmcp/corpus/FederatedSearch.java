package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;

/**
 * search() across every library: fan out (one task per library, at most SEARCH_WORKERS at once),
 * then fuse.
 *
 * <p>Fusion, in order:
 *
 * <ol>
 *   <li>Each library contributes ranked lists: its exact-title matches (the query as a title or a
 *       redirect to one) and its strict (all words) index hits. Redirects are resolved to their
 *       targets and each document is kept once, at its best rank.
 *   <li>Reciprocal Rank Fusion over all lists: {@code score = Σ 1/(60 + rank)}.
 *   <li>Order: exact titles first (an agent that types a title wants that article); then RRF
 *       score; ties (same rank in different libraries) by lexical title coverage of the query;
 *       then library order in corpus.toml, then path, so the order is fully deterministic.
 *   <li>If strict matching found fewer than {@code limit} documents, a relaxed (any word) search
 *       fills the list; every relaxed hit ranks below every strict one.
 *   <li>Diversity: no more than SEARCH_MAX_CONSECUTIVE results in a row from one library while
 *       another library still has results to place.
 * </ol>
 */
final class FederatedSearch {

  private static final int RRF_K = 60;
  private static final long LIBRARY_TIMEOUT_SECONDS = 30;

  private final List<Library> libraries;
  private final Function<Library, LibrarySearcher> searchers;
  private final ExecutorService workers;
  private final int maxConsecutive;

  FederatedSearch(List<Library> libraries, Function<Library, LibrarySearcher> searchers,
      ExecutorService workers, int maxConsecutive) {
    this.libraries = libraries;
    this.searchers = searchers;
    this.workers = workers;
    this.maxConsecutive = maxConsecutive;
  }

  /** A fused candidate. */
  record Candidate(Library library, Entry entry, boolean exact, double rrf,
      double titleCoverage, int libraryOrder, boolean relaxed) {}

  /** Candidates in final order, and the libraries that failed. */
  record Outcome(List<Candidate> candidates, Map<String, String> failures) {}

  Outcome search(Query query, int limit) {
    List<String> terms = query.terms();
    int depth = Math.max(limit * 3, 20);
    Map<String, String> failures = new LinkedHashMap<>();
    Map<DocumentKey, Candidate> strict = fanOut(query, LibrarySearcher.Mode.STRICT, depth, failures, true);
    List<Candidate> ordered = order(strict.values());
    if (ordered.size() < limit && !terms.isEmpty()) {
      Map<DocumentKey, Candidate> relaxed = fanOut(query, LibrarySearcher.Mode.RELAXED, depth, failures, false);
      List<Candidate> fill = new ArrayList<>();
      for (Map.Entry<DocumentKey, Candidate> e : relaxed.entrySet()) {
        if (!strict.containsKey(e.getKey())) {
          fill.add(e.getValue());
        }
      }
      ordered.addAll(order(fill));
    }
    return new Outcome(diversify(ordered), failures);
  }

  private Map<DocumentKey, Candidate> fanOut(Query query, LibrarySearcher.Mode mode, int depth,
      Map<String, String> failures, boolean withExact) {
    List<Future<List<Candidate>>> futures = new ArrayList<>();
    for (int i = 0; i < libraries.size(); i++) {
      Library library = libraries.get(i);
      int order = i;
      futures.add(workers.submit(() -> searchLibrary(library, order, query, mode, depth, withExact)));
    }
    Map<DocumentKey, Candidate> fused = new LinkedHashMap<>();
    for (int i = 0; i < futures.size(); i++) {
      Library library = libraries.get(i);
      try {
        for (Candidate c : futures.get(i).get(LIBRARY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          fused.merge(key(c), c, FederatedSearch::combine);
        }
      } catch (ExecutionException e) {
        failures.putIfAbsent(library.name(), ArchiveFaults.describe(e.getCause(), library.name()));
      } catch (TimeoutException e) {
        futures.get(i).cancel(true);
        failures.putIfAbsent(library.name(), "no answer within " + LIBRARY_TIMEOUT_SECONDS + " s");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failures.putIfAbsent(library.name(), "interrupted");
      }
    }
    return fused;
  }

  private List<Candidate> searchLibrary(Library library, int order, Query query,
      LibrarySearcher.Mode mode, int depth, boolean withExact) {
    List<List<LibrarySearcher.Hit>> lists = new ArrayList<>();
    List<LibrarySearcher.Hit> exact = withExact ? exactTitle(library, query.text()) : List.of();
    lists.add(exact);
    lists.add(searchers.apply(library).search(query, mode, depth));
    Set<String> exactPaths = new HashSet<>();
    Map<String, Candidate> out = new LinkedHashMap<>();
    for (int l = 0; l < lists.size(); l++) {
      int rank = 0;
      Set<String> seenInList = new HashSet<>();
      for (LibrarySearcher.Hit hit : lists.get(l)) {
        Entry end = resolveDocument(library, hit.entry());
        if (end == null || !seenInList.add(end.rawPath())) {
          continue;
        }
        rank++;
        boolean isExact = l == 0;
        if (isExact) {
          exactPaths.add(end.rawPath());
        }
        Candidate c = new Candidate(library, end, isExact, 1.0 / (RRF_K + rank),
            Lexical.coverage(query.terms(), end.title()), order, mode == LibrarySearcher.Mode.RELAXED);
        out.merge(end.rawPath(), c, FederatedSearch::combine);
      }
    }
    return List.copyOf(out.values());
  }

  /** The query taken as a title (as typed, capitalised, or as a path), redirects included. */
  private static List<LibrarySearcher.Hit> exactTitle(Library library, String query) {
    String q = query.strip();
    List<LibrarySearcher.Hit> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    for (String title : new String[] {q, Lexical.capitalizeFirst(q)}) {
      Entry e = library.archive().findByTitle(title);
      if (e != null && seen.add(e.index())) {
        out.add(new LibrarySearcher.Hit(e));
      }
      Entry byPath = library.entry(title.replace(' ', '_'));
      if (byPath != null && seen.add(byPath.index())) {
        out.add(new LibrarySearcher.Hit(byPath));
      }
    }
    return out;
  }

  private static @Nullable Entry resolveDocument(Library library, Entry entry) {
    try {
      Entry end = entry.resolve();
      return library.isDocument(end) ? end : null;
    } catch (RuntimeException e) {
      return null; // a redirect loop or a damaged entry is not a result
    }
  }

  private static Candidate combine(Candidate a, Candidate b) {
    return new Candidate(a.library(), a.entry(), a.exact() || b.exact(), a.rrf() + b.rrf(), a.titleCoverage(), a.libraryOrder(),
        a.relaxed() && b.relaxed());
  }

  private static DocumentKey key(Candidate c) {
    return new DocumentKey(c.library().name(), c.entry().rawPath());
  }

  private static List<Candidate> order(java.util.Collection<Candidate> candidates) {
    List<Candidate> out = new ArrayList<>(candidates);
    out.sort(Comparator.comparing((Candidate c) -> !c.exact())
        .thenComparing(Comparator.comparingDouble(Candidate::rrf).reversed())
        .thenComparing(Comparator.comparingDouble(Candidate::titleCoverage).reversed())
        .thenComparingInt(Candidate::libraryOrder)
        .thenComparing(c -> c.entry().rawPath()));
    return out;
  }

  /** Reorders so no library has more than maxConsecutive results in a row, if avoidable. */
  List<Candidate> diversify(List<Candidate> ranked) {
    List<Candidate> pending = new ArrayList<>(ranked);
    List<Candidate> out = new ArrayList<>(ranked.size());
    while (!pending.isEmpty()) {
      int pick = 0;
      if (runLength(out) >= maxConsecutive) {
        String last = out.get(out.size() - 1).library().name();
        for (int i = 0; i < pending.size(); i++) {
          if (!pending.get(i).library().name().equals(last)) {
            pick = i;
            break;
          }
        }
      }
      out.add(pending.remove(pick));
    }
    return out;
  }

  private static int runLength(List<Candidate> out) {
    if (out.isEmpty()) {
      return 0;
    }
    String last = out.get(out.size() - 1).library().name();
    int n = 0;
    for (int i = out.size() - 1; i >= 0 && out.get(i).library().name().equals(last); i--) {
      n++;
    }
    return n;
  }

}
