package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.Stopwords;
import org.jspecify.annotations.Nullable;

/**
 * One search call, stage by stage:
 *
 * <pre>
 * analyse                 the query's words, once ({@link Query}; stopwords: {@link
 *                         LibraryStopwords})
 *   → retrieve            every library searched on the workers, a collection's members with
 *                         summed statistics ({@link FederatedSearch#retrieve})
 *   → calibrate and fuse  strengths made comparable, the lists fused, relevance floor and order
 *                         ({@link FederatedSearch#fuse}, {@link FederatedSearch#order})
 *   → dedupe              identical documents listed once ({@link SameDocuments})
 *   → diversify           no long run of one library among comparable results
 *                         ({@link FederatedSearch#diversify})
 *   → rescue              misspelt words corrected: the corrected query goes through the same
 *                         stages once more, and both rankings are merged ({@link TypoRescue})
 * </pre>
 *
 * <p>Retrieval, fusion and dedupe run for the strict (all words) pass, then, when that pass left
 * the list short or the query is a question, for the any-word pass too: its hits that match every
 * meaningful word rank with the strict ones, the rest fill the list below them ({@link
 * FederatedSearch} says why). A query put as a question ({@link Query#readsAsQuestion}) is ordered
 * in one tier by its any-word weights instead (oneTier says why).
 */
public final class SearchPipeline {

  private final List<Library> libraries;
  private final Function<Library, LibrarySearcher> searchers;
  private final FederatedSearch federated;
  private final TypoRescue typos;
  private final LibraryStopwords stopwords;

  /**
   * @param searchers the searcher of each library
   * @param workers the threads libraries are searched on
   * @param maxConsecutive the most results in a row from one library while another has a comparable
   *     one
   */
  public SearchPipeline(
      List<Library> libraries,
      Function<Library, LibrarySearcher> searchers,
      ExecutorService workers,
      int maxConsecutive) {
    this.libraries = libraries;
    this.searchers = searchers;
    this.stopwords = new LibraryStopwords(libraries);
    this.federated = new FederatedSearch(libraries, searchers, stopwords, workers, maxConsecutive);
    this.typos = new TypoRescue(libraries, searchers, stopwords);
  }

  /**
   * The search's answer before any document is read.
   *
   * @param typed the query as analysed
   * @param query the query whose terms snippets and hints read: the typed one's, and a correction's
   * @param candidates in final order
   * @param corrected the correction made, or null when none was
   * @param copies for a candidate kept in place of identical documents in other libraries, those
   *     copies
   * @param absent the query's words that no library holds and that were not corrected
   * @param weights the term weights of the search whose terms {@code query} has
   * @param failures the libraries that failed, by name (the caller adds those whose results cannot
   *     be read)
   * @param stopwords the words the query's terms left out (every searched library's), so that a
   *     heading or sentence is read with the same list as the query it is matched against
   */
  public record Ranking(
      Query typed,
      Query query,
      List<Candidate> candidates,
      SearchResult.@Nullable Correction corrected,
      Map<DocumentKey, List<Candidate>> copies,
      List<String> absent,
      TermWeights weights,
      Map<String, String> failures,
      Stopwords stopwords) {

    /** The other libraries' copies of {@code c}, listed in its place. */
    public List<Candidate> copiesOf(Candidate c) {
      return copies.getOrDefault(c.key(), List.of());
    }
  }

  /** The stages, in order; {@code limit} is how many results the answer shows. */
  public Ranking search(String text, int limit) {
    Query query = Query.of(text, stopwords.searched());
    Ranked typed = rank(query, limit);
    TypoRescue.Proposal rescue = typos.propose(query, typed, limit);
    Query corrected = rescue.corrected();
    TypoRescue.Rescued rescued =
        corrected == null
            ? rescue.unchanged()
            : typos.merge(query, typed, rescue, rank(corrected, limit));
    return new Ranking(
        query,
        rescued.query(),
        rescued.candidates(),
        rescued.corrected(),
        rescued.copies(),
        rescued.absent(),
        rescued.weights(),
        typed.failures(),
        stopwords.searched());
  }

  /**
   * One query through retrieve → calibrate and fuse → dedupe → diversify: the candidates in order,
   * the libraries that failed, for a candidate kept in place of identical documents in other
   * libraries, those copies, and the query's term weights (read from the indexes once, for every
   * later stage that weighs titles).
   */
  record Ranked(
      List<Candidate> candidates,
      Map<String, String> failures,
      Map<DocumentKey, List<Candidate>> copies,
      TermWeights weights) {}

  Ranked rank(Query query, int limit) {
    TermWeights weights = TermWeights.of(query, libraries, searchers);
    LibraryAffinity affinity = LibraryAffinity.of(query, libraries, searchers, stopwords);
    int depth = Math.max(limit * 3, 20);
    Map<String, String> failures = new LinkedHashMap<>();
    Map<DocumentKey, List<Candidate>> copies = new LinkedHashMap<>();
    SameDocuments dedupe = new SameDocuments(copies);
    // A question always takes the any-word pass below too: it runs beside the strict one, so the
    // answer waits for the slower pass rather than for both in turn.
    FederatedSearch.@Nullable PendingRetrieval anyWordAhead =
        query.isQuestion()
            ? federated.startRetrieval(query, LibrarySearcher.Mode.RELAXED, depth, false)
            : null;
    Map<DocumentKey, Candidate> strict =
        federated.fuse(
            federated.retrieve(query, LibrarySearcher.Mode.STRICT, depth, failures, true),
            query,
            weights);
    List<Candidate> listed = dedupe.keepNew(federated.order(strict.values(), weights, affinity));
    // A question's strict match also asks for its stopwords ("which", "did"), which a long article
    // has and a short precise one may not: its any-word hits that hold every meaningful word are
    // asked for too, to rank with the strict ones.
    if ((listed.size() >= limit && !query.isQuestion()) || query.terms().isEmpty()) {
      return new Ranked(federated.diversify(listed), failures, copies, weights);
    }
    Map<DocumentKey, Candidate> relaxed =
        federated.fuse(
            anyWordAhead != null
                ? anyWordAhead.collect(failures)
                : federated.retrieve(query, LibrarySearcher.Mode.RELAXED, depth, failures, false),
            query,
            weights);
    if (query.readsAsQuestion()) {
      dedupe.startOver();
      listed = dedupe.keepNew(federated.order(oneTier(strict, relaxed), weights, affinity));
      return new Ranked(federated.diversify(listed), failures, copies, weights);
    }
    // An any-word hit that matches every meaningful word is as good as a strict one (strict
    // matching also asks for the stopwords, or a title-only library for the words in order): it
    // ranks with the strict hits, and only the rest fill the list below them.
    List<Candidate> complete = new ArrayList<>();
    List<Candidate> fill = new ArrayList<>();
    for (Map.Entry<DocumentKey, Candidate> e : relaxed.entrySet()) {
      if (!strict.containsKey(e.getKey())) {
        Candidate c = e.getValue();
        // a page whose title holds most of what the query says is about it, whatever else its
        // short text leaves out ("Bob Dylan" for "what was Bob Dylan's birth name")
        boolean named = weights.titleShare(c.entry().title()) >= FederatedSearch.TITLE_NAMES_QUERY;
        (c.relaxed() && !named ? fill : complete).add(c);
      }
    }
    if (!complete.isEmpty()) {
      List<Candidate> together = new ArrayList<>(strict.values());
      together.addAll(complete);
      dedupe.startOver();
      listed = dedupe.keepNew(federated.order(together, weights, affinity));
    }
    listed = federated.diversify(listed);
    if (listed.size() < limit) {
      listed.addAll(federated.diversify(dedupe.keepNew(federated.order(fill, weights, affinity))));
    }
    return new Ranked(listed, failures, copies, weights);
  }

  /**
   * A question's hits in one tier, weighed by its any-word search: a question's words include its
   * frame ("what is … known for", "tell me about the history of …"), which the page that answers it
   * need not hold, so a page lacking one of them is not put below every long page that holds them
   * all; each missing word costs what BM25 weighs it (little for a common word, much for the
   * subject's name). A page only the strict search found (exact titles, titles the query names,
   * hits beyond the any-word search's depth) keeps its own standing, the last no stronger than the
   * weakest any-word hit.
   */
  private static List<Candidate> oneTier(
      Map<DocumentKey, Candidate> strict, Map<DocumentKey, Candidate> anyWord) {
    double weakest = 1.0;
    for (Candidate c : anyWord.values()) {
      weakest = Math.min(weakest, c.strength());
    }
    Map<DocumentKey, Candidate> out = new LinkedHashMap<>(anyWord);
    for (Candidate s : strict.values()) {
      Candidate r = out.get(s.key());
      if (r != null) {
        out.put(s.key(), r.namedAs(s));
      } else {
        out.put(s.key(), s.exact() || s.titleInQuery() > 0 ? s : s.weighedAtMost(weakest));
      }
    }
    return List.copyOf(out.values());
  }
}
