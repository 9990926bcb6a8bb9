package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The strict and any-word segments of one answer, on real entries of wikipedia_en_100_mini listed
 * twice (every document has an identical copy in the other library), with searchers that answer
 * fixed lists so each case is set by hand: which entry each mode finds, in which library. Titles
 * read from the archive's entry list (zim_oracle.py entries): "African Americans", "United States",
 * "Perth", "Hoover Dam", "Martin Luther King Jr.", and "Martin Luther King" is a redirect to the
 * last.
 */
class SearchSegmentsTest {

  @TempDir static Path dir;
  private static Corpus corpus;
  private static ExecutorService workers;

  @BeforeAll
  static void open() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("WikiA", TestCorpus.HUNDRED);
    libraries.put("WikiB", TestCorpus.HUNDRED);
    Path config = TestCorpus.writeConfig(dir.resolve("segments"), libraries);
    corpus =
        Corpus.open(
            CorpusSettings.builder(TestCorpus.SAMPLES, config).logQueries(false).build(),
            TestCorpus.adapters(),
            null);
    workers = Executors.newFixedThreadPool(2);
  }

  @AfterAll
  static void close() {
    workers.shutdownNow();
    corpus.close();
  }

  /** A title-only searcher (not weighed) that answers each mode with the paths given. */
  private static LibrarySearcher answering(Library library, List<String> strict, List<String> any) {
    return (query, mode, count) -> {
      List<LibrarySearcher.Hit> hits = new ArrayList<>();
      for (String path : mode == LibrarySearcher.Mode.STRICT ? strict : any) {
        hits.add(new LibrarySearcher.Hit(library.entry(path)));
      }
      return hits;
    };
  }

  private static List<String> ranked(SearchPipeline.Ranked outcome) {
    List<String> out = new ArrayList<>();
    for (Candidate c : outcome.candidates()) {
      out.add(c.library().name() + ":" + c.entry().path() + (c.relaxed() ? " (any)" : ""));
    }
    return out;
  }

  @Test
  void anAnyWordHitWithEveryMeaningfulWordRanksWithTheStrictHits() {
    Library a = corpus.library("WikiA");
    Library b = corpus.library("WikiB");
    SearchPipeline search =
        new SearchPipeline(
            List.of(a, b),
            l ->
                l == a
                    ? answering(l, List.of("United_States"), List.of("African_Americans", "Perth"))
                    : answering(l, List.of(), List.of()),
            workers,
            3);
    // "United States" holds neither word in its title, "African Americans" holds both: the
    // any-word hit that names every word is the better match, not a filler below the strict one
    assertEquals(
        List.of("WikiA:A/African_Americans", "WikiA:A/United_States", "WikiA:A/Perth (any)"),
        ranked(search.rank(Query.of("Americans African"), 10)));
  }

  @Test
  void aDocumentListedAmongTheStrictHitsIsNotListedAgainFromAnotherLibrarysAnyWordHits() {
    Library a = corpus.library("WikiA");
    Library b = corpus.library("WikiB");
    SearchPipeline search =
        new SearchPipeline(
            List.of(a, b),
            l ->
                l == a
                    ? answering(l, List.of("Hoover_Dam"), List.of())
                    : answering(l, List.of(), List.of("Hoover_Dam", "Perth")),
            workers,
            3);
    SearchPipeline.Ranked outcome = search.rank(Query.of("dam hoover builders"), 10);
    assertEquals(List.of("WikiA:A/Hoover_Dam", "WikiB:A/Perth (any)"), ranked(outcome));
    Candidate kept = outcome.candidates().get(0);
    List<Candidate> copies = outcome.copies().get(new DocumentKey("WikiA", kept.entry().rawPath()));
    assertEquals(1, copies.size());
    assertEquals("WikiB", copies.get(0).library().name());
  }

  @Test
  void aNamedTitleLeadsWhenTheQueryAsksOneThingAboutItAndOnlyThen() {
    // "Martin Luther King" is a redirect to Martin Luther King Jr.; the searcher finds only
    // United States, so the article comes from the named title alone
    Library a = corpus.library("WikiA");
    SearchPipeline search =
        new SearchPipeline(
            List.of(a), l -> answering(l, List.of("United_States"), List.of()), workers, 3);
    assertEquals(
        List.of("WikiA:A/Martin_Luther_King_Jr.", "WikiA:A/United_States"),
        ranked(search.rank(Query.of("when was Martin Luther King born"), 10)));
    // three of five words: the query is about more than the person it names
    assertEquals(
        List.of("WikiA:A/United_States"),
        ranked(search.rank(Query.of("Martin Luther King speech Washington"), 10)));
  }

  @Test
  void aQuestionsCompleteAnyWordHitsAreAskedForEvenWhenStrictHitsFillTheList() {
    // the strict hits fill the two places asked for; the question's stopwords ("which", "are")
    // are what the better match lacks, so its any-word hit is still asked for and leads; a
    // question's hits form one tier, where one lacking a word (Hoover Dam) comes after the
    // complete ones of the same standing (unweighed, as titles are)
    Library a = corpus.library("WikiA");
    SearchPipeline search =
        new SearchPipeline(
            List.of(a),
            l ->
                answering(
                    l,
                    List.of("United_States", "Perth"),
                    List.of("African_Americans", "Hoover_Dam")),
            workers,
            3);
    assertEquals(
        List.of(
            "WikiA:A/African_Americans",
            "WikiA:A/United_States",
            "WikiA:A/Perth",
            "WikiA:A/Hoover_Dam (any)"),
        ranked(search.rank(Query.of("which Americans are African"), 2)));
    // keywords alone: the strict hits that fill the list are the answer, as before
    assertEquals(
        List.of("WikiA:A/United_States", "WikiA:A/Perth"),
        ranked(search.rank(Query.of("Americans African"), 2)));
  }
}
