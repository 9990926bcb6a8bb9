package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.corpusmcp.corpus.ArchiveFaults;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.search.CollectionStats;
import org.jspecify.annotations.Nullable;

/**
 * The retrieve, calibrate-and-fuse and diversify stages of {@link SearchPipeline}: every library
 * searched (one task per library, at most SEARCH_WORKERS at once), their hits fused into one order,
 * and that order diversified.
 *
 * <p>Fusion, in order:
 *
 * <ol>
 *   <li>Libraries with a full-text index and one language are weighed as one collection: BM25 over
 *       their summed statistics ({@link ComparableSearcher}), so their hits form one list in weight
 *       order and a strong match in one library outranks a weak one in another. A library alone in
 *       its language keeps its own (libzim's) weights.
 *   <li>Lists whose scores cannot be compared (title-only libraries, other languages, and each
 *       library's exact-title matches: the query as a title or a redirect to one) are fused with
 *       those collection lists by Reciprocal Rank Fusion: {@code score = Σ 1/(60 + rank)}.
 *       Redirects are resolved to their targets and each document is kept once, at its best rank.
 *   <li>Each candidate has a strength in [0, 1]: 1 for an exact title; for a collection hit its
 *       weight relative to the collection's best, scaled by the share of the query's terms the best
 *       one matched (Xapian's percentage, over the whole collection, or the most of the query's
 *       information that many matched words can hold there when that is more); for a hit of a
 *       sidecar body index that holds every word, its BM25 score relative to its library's best
 *       (the library is weighed against itself, as one alone in its language is), or its title's
 *       share of the query's terms if larger; for a title-only hit that share.
 *   <li>Relevance floor: a candidate weaker than {@value #RELEVANCE_FLOOR} of the strongest goes
 *       below every stronger one, so a library with only weak matches cannot take the places of
 *       strong ones by rank alone.
 *   <li>Relevance: strength plus {@value #TITLE_WEIGHT} times the share of the query's information
 *       its title holds ({@link TermWeights}: each word weighed by its idf over the corpus), the
 *       title as a field of its own; the floor below is taken of relevance.
 *   <li>Order: exact titles first (an agent that types a title wants that article); then above the
 *       floor before below it; then documents whose whole title the query names, more title words
 *       first ("who wrote Hit the Road Jack"), and of those the one without a qualifier in
 *       parentheses the query leaves out ("Ray Charles" before "Ray Charles (album)" for "Ray
 *       Charls"); then relevance times its library's {@link LibraryAffinity} (a library of the
 *       collection where the query's informative words are rarer than in the average member comes
 *       later among peers; the floor and the diversity pass still read the unscaled figures); then
 *       RRF score, strength, lexical title coverage of the query, library order in corpus.toml, and
 *       path, so the order is fully deterministic.
 *   <li>If strict (all words) matching found fewer than {@code limit} documents, a relaxed (any
 *       word) search fills the list. A relaxed hit that matches every meaningful word of the query
 *       (all the weighted terms; for a title-only hit, all the terms in its title) is ranked with
 *       the strict hits, and so does one whose title holds at least {@value #TITLE_NAMES_QUERY} of
 *       the query's information ("Bob Dylan" for "what was Bob Dylan's birth name", where the short
 *       article says "born" and never "birth"); every other relaxed hit ranks below all of them.
 *       For a question (a query with stopwords, which strict matching asks for too) the relaxed
 *       search runs even when the strict hits fill the list, for its hits that match every
 *       meaningful word; a query put as a question orders both passes' hits in one tier by the
 *       any-word weights ({@link SearchPipeline}), and there a sidecar body index's any-word hits
 *       are weighed too.
 *   <li>Identical documents in several libraries are listed once ({@link SameDocuments}), over the
 *       whole answer: a document listed among the strict hits is not listed again (nor its copy)
 *       among the relaxed ones.
 *   <li>Diversity, among comparably relevant results only: no more than SEARCH_MAX_CONSECUTIVE
 *       results in a row from one library while another library has a result at least {@value
 *       #COMPARABLE} as strong as the next one to place, on the same side of the floor and of the
 *       strict/relaxed line.
 * </ol>
 */
public final class FederatedSearch {

  private static final int RRF_K = 60;
  private static final long LIBRARY_TIMEOUT_SECONDS = 30;

  /** Below this fraction of the strongest candidate's strength a candidate is a weak match. */
  static final double RELEVANCE_FLOOR = 0.5;

  /** Diversity moves a result up only past results at most this much stronger (as a ratio). */
  static final double COMPARABLE = 0.75;

  /**
   * What a title holding the whole query's information adds to a candidate's strength (the body's
   * BM25, relative to the best): the title as a field of its own ({@link TermWeights}).
   */
  static final double TITLE_WEIGHT = 0.5;

  /**
   * A page found by any-word matching whose title holds at least this share of the query's
   * information ranks with the pages that match every word.
   */
  public static final double TITLE_NAMES_QUERY = 0.5;

  private final List<Library> libraries;
  private final Function<Library, LibrarySearcher> searchers;
  private final ExecutorService workers;
  private final int maxConsecutive;
  private final LibraryStopwords stopwords;

  FederatedSearch(
      List<Library> libraries,
      Function<Library, LibrarySearcher> searchers,
      ExecutorService workers,
      int maxConsecutive) {
    this(libraries, searchers, new LibraryStopwords(libraries), workers, maxConsecutive);
  }

  FederatedSearch(
      List<Library> libraries,
      Function<Library, LibrarySearcher> searchers,
      LibraryStopwords stopwords,
      ExecutorService workers,
      int maxConsecutive) {
    this.stopwords = stopwords;
    this.libraries = libraries;
    this.searchers = searchers;
    this.workers = workers;
    this.maxConsecutive = maxConsecutive;
  }

  /**
   * One library's answer: its exact-title entries, and its hits (weighed or in plain rank order).
   */
  record LibraryAnswer(
      List<Entry> exact,
      List<NamedTitles.Named> named,
      ComparableSearcher.@Nullable Scored scored,
      List<LibrarySearcher.Hit> plain) {}

  /** A library's answer, with its position in corpus.toml. */
  record Answered(Library library, int order, LibraryAnswer answer) {}

  /**
   * Every library's answer to {@code query} in {@code mode}, in corpus.toml order, each library
   * searched on the workers; a collection's members with the collection's summed statistics.
   */
  record Retrieved(
      LibrarySearcher.Mode mode, List<Answered> answers, Set<Integer> collectionMembers) {}

  /**
   * Retrieve: each library searched on the workers, at most {@link #LIBRARY_TIMEOUT_SECONDS} each;
   * a library that fails or takes too long goes to {@code failures} and the others answer.
   */
  Retrieved retrieve(
      Query query,
      LibrarySearcher.Mode mode,
      int depth,
      Map<String, String> failures,
      boolean withExact) {
    return startRetrieval(query, mode, depth, withExact).collect(failures);
  }

  /**
   * The first half of {@link #retrieve}: the libraries' searches handed to the workers, to be
   * collected later, so that a caller that knows it will need a second pass can run both at once.
   */
  PendingRetrieval startRetrieval(
      Query query, LibrarySearcher.Mode mode, int depth, boolean withExact) {
    Map<Integer, ComparableSearcher.Prepared> prepared = new HashMap<>();
    Map<Integer, CollectionStats> collections = collectionStats(query, mode, prepared);
    List<Future<LibraryAnswer>> futures = new ArrayList<>();
    for (int i = 0; i < libraries.size(); i++) {
      Library library = libraries.get(i);
      CollectionStats stats = collections.get(i);
      ComparableSearcher.Prepared parsed = prepared.get(i);
      futures.add(
          workers.submit(
              () -> searchLibrary(library, query, mode, depth, withExact, stats, parsed)));
    }
    return new PendingRetrieval(mode, futures, collections.keySet());
  }

  /** Libraries' searches running on the workers; {@link #collect} waits for their answers. */
  final class PendingRetrieval {
    private final LibrarySearcher.Mode mode;
    private final List<Future<LibraryAnswer>> futures;
    private final Set<Integer> collectionMembers;

    private PendingRetrieval(
        LibrarySearcher.Mode mode,
        List<Future<LibraryAnswer>> futures,
        Set<Integer> collectionMembers) {
      this.mode = mode;
      this.futures = futures;
      this.collectionMembers = collectionMembers;
    }

    /** The answers in corpus.toml order; the libraries that failed or timed out in failures. */
    Retrieved collect(Map<String, String> failures) {
      List<Answered> answers = new ArrayList<>();
      for (int i = 0; i < futures.size(); i++) {
        Library library = libraries.get(i);
        try {
          answers.add(
              new Answered(
                  library, i, futures.get(i).get(LIBRARY_TIMEOUT_SECONDS, TimeUnit.SECONDS)));
        } catch (ExecutionException e) {
          failures.putIfAbsent(
              library.name(), ArchiveFaults.describe(e.getCause(), library.name()));
        } catch (TimeoutException e) {
          futures.get(i).cancel(true);
          failures.putIfAbsent(
              library.name(), "no answer within " + LIBRARY_TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          failures.putIfAbsent(library.name(), "interrupted");
        }
      }
      return new Retrieved(mode, answers, collectionMembers);
    }
  }

  /**
   * Calibrate and fuse: each library's lists (exact titles, titles the query names, its hits) with
   * strengths that compare across libraries, a collection's hits weighed as one list, all fused by
   * Reciprocal Rank Fusion, each document once.
   */
  Map<DocumentKey, Candidate> fuse(Retrieved retrieved, Query query, TermWeights weights) {
    LibrarySearcher.Mode mode = retrieved.mode();
    List<List<Candidate>> lists = new ArrayList<>();
    Map<String, List<Weighed>> byLanguage = new LinkedHashMap<>();
    for (Answered answered : retrieved.answers()) {
      Library library = answered.library();
      int i = answered.order();
      LibraryAnswer answer = answered.answer();
      lists.add(rankedList(library, i, answer.exact(), true, mode, query, 1.0));
      lists.add(namedList(library, i, answer.named(), query));
      if (answer.scored() != null) {
        String language =
            retrieved.collectionMembers().contains(i)
                ? comparable(library).language()
                : "#" + library.name();
        List<Weighed> members = byLanguage.computeIfAbsent(language, k -> new ArrayList<>());
        for (ComparableSearcher.WeighedEntry hit : answer.scored().hits()) {
          members.add(new Weighed(library, i, hit, answer.scored().queryTerms()));
        }
      } else {
        lists.add(plainList(library, i, answer.plain(), mode, query));
      }
    }
    for (List<Weighed> collection : byLanguage.values()) {
      lists.add(collectionList(collection, mode, query, weights));
    }
    Map<DocumentKey, Candidate> fused = new LinkedHashMap<>();
    for (List<Candidate> list : lists) {
      for (Candidate c : list) {
        fused.merge(c.key(), c, Candidate::fusedWith);
      }
    }
    return fused;
  }

  /**
   * The summed statistics of each language's full-text libraries, by library position; a library
   * alone in its language is left out (it keeps its own statistics, hence libzim's order). A
   * library whose statistics cannot be read is searched alone, and fails there.
   */
  private Map<Integer, CollectionStats> collectionStats(
      Query query, LibrarySearcher.Mode mode, Map<Integer, ComparableSearcher.Prepared> prepared) {
    Map<String, List<Integer>> byLanguage = new LinkedHashMap<>();
    for (int i = 0; i < libraries.size(); i++) {
      LibrarySearcher searcher;
      try {
        searcher = searchers.apply(libraries.get(i));
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e; // a bug, not damage: the search reports an internal failure
        }
        continue; // searched alone: its own task meets the same fault and reports it in degraded
      }
      String language = searcher.comparable().map(ComparableSearcher::language).orElse("");
      if (!language.isEmpty()) {
        byLanguage.computeIfAbsent(language, k -> new ArrayList<>()).add(i);
      }
    }
    Map<Integer, CollectionStats> out = new LinkedHashMap<>();
    for (List<Integer> members : byLanguage.values()) {
      if (members.size() < 2) {
        continue;
      }
      Set<String> terms = new LinkedHashSet<>();
      List<Integer> readable = new ArrayList<>();
      for (int i : members) {
        try {
          ComparableSearcher.Prepared parsed = comparable(libraries.get(i)).prepare(query, mode);
          terms.addAll(parsed.terms());
          prepared.put(i, parsed); // searched from this parse: the query is parsed once per mode
          readable.add(i);
        } catch (RuntimeException e) {
          if (!ArchiveFaults.isArchiveFault(e)) {
            throw e; // a bug, not damage: the search reports an internal failure
          }
          // searched alone: its own task meets the same fault and reports it in degraded
        }
      }
      List<CollectionStats> stats = new ArrayList<>();
      List<Integer> counted = new ArrayList<>();
      for (int i : readable) {
        try {
          stats.add(comparable(libraries.get(i)).statistics(terms));
          counted.add(i);
        } catch (RuntimeException e) {
          if (!ArchiveFaults.isArchiveFault(e)) {
            throw e; // a bug, not damage: as above
          }
          // searched alone, as above
        }
      }
      if (counted.size() >= 2) {
        CollectionStats merged = CollectionStats.merge(stats);
        for (int i : counted) {
          out.put(i, merged);
        }
      }
    }
    return out;
  }

  private LibraryAnswer searchLibrary(
      Library library,
      Query query,
      LibrarySearcher.Mode mode,
      int depth,
      boolean withExact,
      @Nullable CollectionStats stats,
      ComparableSearcher.@Nullable Prepared parsed) {
    LibrarySearcher searcher = searchers.apply(library);
    List<Entry> exact = withExact ? exactTitle(library, query.text()) : List.of();
    List<NamedTitles.Named> named = withExact ? named(library, searcher, query) : List.of();
    if (searcher.comparable().isPresent()) {
      ComparableSearcher.Prepared asked =
          parsed != null ? parsed : searcher.comparable().get().prepare(query, mode);
      return new LibraryAnswer(exact, named, asked.search(depth, stats), List.of());
    }
    return new LibraryAnswer(exact, named, null, searcher.search(query, mode, depth));
  }

  /** The pages the query names in {@code library}: by title, then by the text links give them. */
  private static List<NamedTitles.Named> named(
      Library library, LibrarySearcher searcher, Query query) {
    List<NamedTitles.Named> out = new ArrayList<>(NamedTitles.in(library.archive(), query.text()));
    searcher.anchorNames().ifPresent(names -> out.addAll(names.in(query.text())));
    return out;
  }

  /** The searcher of a library known to be a collection member. */
  private ComparableSearcher comparable(Library library) {
    return searchers.apply(library).comparable().orElseThrow();
  }

  /** A collection member's hit, with what it takes to rank it among the other members' hits. */
  private record Weighed(
      Library library, int order, ComparableSearcher.WeighedEntry hit, int queryTerms) {}

  /**
   * One list of a collection's hits in weight order (ties: library order, path), each document
   * once; strengths are Xapian's percentages over the whole collection (see bestShare).
   */
  private List<Candidate> collectionList(
      List<Weighed> members, LibrarySearcher.Mode mode, Query query, TermWeights weights) {
    List<Weighed> sorted = new ArrayList<>(members);
    sorted.sort(
        Comparator.comparingDouble((Weighed w) -> w.hit().weight())
            .reversed()
            .thenComparingInt(Weighed::order)
            .thenComparing(w -> w.hit().entry().path()));
    List<Candidate> out = new ArrayList<>();
    if (sorted.isEmpty()) {
      return out;
    }
    Weighed best = sorted.get(0);
    double factor =
        best.hit().weight() <= 0 || best.queryTerms() == 0
            ? 0
            : bestShare(members, best, weights) / best.hit().weight();
    Set<DocumentKey> seen = new HashSet<>();
    int rank = 0;
    for (Weighed w : sorted) {
      Entry end = resolveDocument(w.library(), w.hit().entry());
      if (end == null || !seen.add(new DocumentKey(w.library().name(), end.rawPath()))) {
        continue;
      }
      rank++;
      double strength = Math.min(1.0, w.hit().weight() * factor);
      out.add(
          Candidate.in(w.library(), w.order(), end)
              .rrf(1.0 / (RRF_K + rank))
              .strength(strength)
              .titleCoverage(Lexical.coverage(query.terms(), end.title()))
              .titleInQuery(
                  Lexical.titleWordsInQuery(query.terms(), end.title(), stopwords.of(w.library())))
              .relaxed(
                  mode == LibrarySearcher.Mode.RELAXED && w.hit().matchedTerms() < w.queryTerms())
              .build());
    }
    return out;
  }

  /**
   * How much of the query a collection's best hit says: the share of the query's words it matched
   * (Xapian's percentage), or the most of the query's information a hit of these libraries matching
   * as many words can hold ({@link TermWeights#mostHeld}) when that is more. Counted by words
   * alone, a library of another language was weighed by the question's frame its best hit lacks
   * ("Tell me about Займеньнік": the Belarusian page matched one word, as an English page holding
   * "tell" did), and the larger library's pages about nothing asked came first. The larger of the
   * two, not the information share alone: weighed by information alone, every collection's any-word
   * hits weakened beside the libraries weighed by their own best hit (sidecar body indexes), which
   * then took first places (hand-written mixed questions .901 -> .746).
   */
  private static double bestShare(List<Weighed> members, Weighed best, TermWeights weights) {
    Set<String> libraries = new LinkedHashSet<>();
    for (Weighed w : members) {
      libraries.add(w.library().name());
    }
    double byWords = (double) best.hit().matchedTerms() / best.queryTerms();
    return Math.max(byWords, weights.mostHeld(libraries, best.hit().matchedTerms()));
  }

  /**
   * One library's list in its own rank order, each document once.
   *
   * @param strength every candidate's strength, or negative for its title's coverage of the query
   */
  private List<Candidate> rankedList(
      Library library,
      int order,
      List<Entry> entries,
      boolean exact,
      LibrarySearcher.Mode mode,
      Query query,
      double strength) {
    List<Candidate> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int rank = 0;
    for (Entry entry : entries) {
      Entry end = resolveDocument(library, entry);
      if (end == null || !seen.add(end.rawPath())) {
        continue;
      }
      rank++;
      double coverage = Lexical.coverage(query.terms(), end.title());
      out.add(
          Candidate.in(library, order, end)
              .exact(exact)
              .rrf(1.0 / (RRF_K + rank))
              .strength(strength >= 0 ? strength : coverage)
              .titleCoverage(coverage)
              .titleInQuery(
                  Lexical.titleWordsInQuery(query.terms(), end.title(), stopwords.of(library)))
              .relaxed(mode == LibrarySearcher.Mode.RELAXED && coverage < 1.0)
              .build());
    }
    return out;
  }

  /**
   * The hits of a library whose weights are not weighed with others' (a sidecar body index, a title
   * search), in its own rank order, each document once. Each one's strength is the larger of its
   * title's coverage of the query and its weight relative to the library's best hit: a library that
   * cannot be weighed with the others is weighed against itself, as a full-text library alone in
   * its language is (its best complete match is as strong as the collection's), so a page that
   * holds every word in its body is not a weak match for having none of them in its title.
   */
  private List<Candidate> plainList(
      Library library,
      int order,
      List<LibrarySearcher.Hit> hits,
      LibrarySearcher.Mode mode,
      Query query) {
    List<Candidate> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int rank = 0;
    // an any-word hit lacks words: below a query's complete hits its title says more of what it is
    // about than its weight does; a question's any-word hits rank in one tier with its complete
    // ones (SearchPipeline), and there only weights compare
    boolean weighed = mode == LibrarySearcher.Mode.STRICT || query.readsAsQuestion();
    for (LibrarySearcher.Hit hit : hits) {
      Entry end = resolveDocument(library, hit.entry());
      if (end == null || !seen.add(end.rawPath())) {
        continue;
      }
      rank++;
      double coverage = Lexical.coverage(query.terms(), end.title());
      double weight = weighed ? hit.relativeWeight() : LibrarySearcher.Hit.UNWEIGHED;
      out.add(
          Candidate.in(library, order, end)
              .rrf(1.0 / (RRF_K + rank))
              .strength(Math.max(coverage, weight))
              .titleCoverage(coverage)
              .titleInQuery(
                  Lexical.titleWordsInQuery(query.terms(), end.title(), stopwords.of(library)))
              .relaxed(mode == LibrarySearcher.Mode.RELAXED && coverage < 1.0)
              .build());
    }
    return out;
  }

  /**
   * The articles the query names among more words ({@link NamedTitles}) that it is about: those
   * whose span holds more than half of the query's meaningful words, as {@link
   * Lexical#titleWordsInQuery} asks of a title found by search, and all of them but one, the thing
   * asked about the article ("when was the Hoover Dam built", "who publishes Billboard magazine";
   * not "capital of Western Australia" for Australia, nor a list of keywords that names a person
   * among facts about another article). Each counts as a title the query names, of its span's
   * length, and as a full-strength match; the others name a side topic and are left out.
   */
  private static List<Candidate> namedList(
      Library library, int order, List<NamedTitles.Named> named, Query query) {
    List<Candidate> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int rank = 0;
    for (NamedTitles.Named n : named) {
      int others = query.terms().size() - n.words();
      if (2 * n.words() <= query.terms().size() || others > 1) {
        continue;
      }
      Entry end = resolveDocument(library, n.entry());
      if (end == null || !seen.add(end.rawPath())) {
        continue;
      }
      rank++;
      out.add(
          Candidate.in(library, order, end)
              .rrf(1.0 / (RRF_K + rank))
              .strength(1.0)
              .titleCoverage(Lexical.coverage(query.terms(), end.title()))
              .titleInQuery(n.words())
              .build());
    }
    return out;
  }

  /** The query taken as a title (as typed, capitalised, or as a path), redirects included. */
  private static List<Entry> exactTitle(Library library, String query) {
    String q = query.strip();
    List<Entry> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    for (String title : new String[] {q, Lexical.capitalizeFirst(q)}) {
      Entry e = library.archive().findByTitle(title);
      if (e != null && seen.add(e.index())) {
        out.add(e);
      }
      Entry byPath = library.entry(title.replace(' ', '_'));
      if (byPath != null && seen.add(byPath.index())) {
        out.add(byPath);
      }
    }
    return out;
  }

  private static @Nullable Entry resolveDocument(Library library, Entry entry) {
    try {
      Entry end = entry.resolve();
      return library.isDocument(end) ? end : null;
    } catch (RuntimeException e) {
      if (!ArchiveFaults.isArchiveFault(e)) {
        throw e; // a bug, not damage: the search reports an internal failure
      }
      return null; // a redirect loop or a damaged entry is not a result
    }
  }

  /**
   * Marks the candidates below the relevance floor and orders them all (identical documents and
   * diversity are left to the caller, which sees every segment of the answer).
   */
  List<Candidate> order(
      Collection<Candidate> candidates, TermWeights weights, LibraryAffinity affinity) {
    // standing is what orders, relevance what the floor cuts at: a library's affinity may only
    // move a hit among its peers, never below the floor nor out of the diversity pass's comparison
    record Ranked(Candidate c, double relevance, double standing, int unnamedQualifier) {}
    List<Ranked> ranked = new ArrayList<>(candidates.size());
    double strongest = 0;
    for (Candidate c : candidates) {
      double r = c.strength() + TITLE_WEIGHT * weights.titleShare(c.entry().title());
      // only among titles the query names whole: elsewhere a qualifier says nothing of intent
      int unnamed =
          c.titleInQuery() > 0
              ? Lexical.qualifierWordsUnnamed(
                  weights.terms(), c.entry().title(), stopwords.of(c.library()))
              : 0;
      ranked.add(new Ranked(c, r, r * affinity.factor(c.library()), unnamed));
      strongest = Math.max(strongest, r);
    }
    List<Ranked> marked = new ArrayList<>(ranked.size());
    for (Ranked r : ranked) {
      marked.add(
          new Ranked(
              r.c().withWeak(!r.c().exact() && r.relevance() < RELEVANCE_FLOOR * strongest),
              r.relevance(),
              r.standing(),
              r.unnamedQualifier()));
    }
    marked.sort(
        Comparator.comparing((Ranked r) -> !r.c().exact())
            .thenComparing(r -> r.c().weak())
            .thenComparing(Comparator.comparingInt((Ranked r) -> r.c().titleInQuery()).reversed())
            .thenComparingInt(Ranked::unnamedQualifier)
            .thenComparing(Comparator.comparingDouble(Ranked::standing).reversed())
            // of equal standing (unweighed titles), a hit holding every word first: a question's
            // one tier holds both kinds
            .thenComparing(r -> r.c().relaxed())
            .thenComparing(Comparator.comparingDouble((Ranked r) -> r.c().rrf()).reversed())
            .thenComparing(Comparator.comparingDouble((Ranked r) -> r.c().strength()).reversed())
            .thenComparing(
                Comparator.comparingDouble((Ranked r) -> r.c().titleCoverage()).reversed())
            .thenComparingInt(r -> r.c().libraryOrder())
            .thenComparing(r -> r.c().entry().rawPath()));
    List<Candidate> out = new ArrayList<>(marked.size());
    for (Ranked r : marked) {
      out.add(r.c());
    }
    return out;
  }

  /**
   * Reorders so no library has more than maxConsecutive results in a row, if another library has a
   * comparably relevant result: as strong as {@value #COMPARABLE} of the next one in order, and on
   * the same side of the floor (an exact title counts as above it).
   */
  List<Candidate> diversify(List<Candidate> ranked) {
    List<Candidate> pending = new ArrayList<>(ranked);
    List<Candidate> out = new ArrayList<>(ranked.size());
    while (!pending.isEmpty()) {
      int pick = 0;
      if (runLength(out) >= maxConsecutive) {
        String last = out.get(out.size() - 1).library().name();
        Candidate next = pending.get(0);
        for (int i = 0; i < pending.size(); i++) {
          Candidate other = pending.get(i);
          if (other.weak() != next.weak()) {
            break; // below the floor: not comparable
          }
          if (!other.library().name().equals(last)
              && other.strength() >= COMPARABLE * next.strength()) {
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
