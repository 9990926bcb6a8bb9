package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.corpusmcp.corpus.FaultySource;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.corpusmcp.corpus.TestCorpus.FaultyLibrary;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.search.CollectionStats;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each place in search that goes on without a library or a document it cannot read tells damage
 * from a bug: what the readers throw for a damaged or vanished archive ({@link
 * org.corpusmcp.corpus.ArchiveFaults#isArchiveFault}: here an {@link UncheckedIOException} from a
 * read, or a {@link GlassFormatException} from an index) is survived as before, while anything else
 * (here an {@link IllegalStateException}, standing for a bug below the catch) reaches the caller,
 * which reports an internal failure rather than a damaged archive. The Ray Charles archives' facts
 * (A/Ray_Charles is an article in both; A/(The_Night_Time_Is)_The_Right_Time redirects to
 * A/Night_Time_Is_the_Right_Time, far from it in path order, so it is not read in finding the
 * redirect) were read with python3-libzim.
 */
class DamageOrBugTest {

  private static RuntimeException bug() {
    return new IllegalStateException("a bug below the catch");
  }

  private static RuntimeException readFails() {
    return new UncheckedIOException(new IOException("the disk went away"));
  }

  private static RuntimeException indexDamaged() {
    return new GlassFormatException("postlist block 7: bad level");
  }

  private static FaultyLibrary mini;
  private static FaultyLibrary maxi;
  private static List<Library> both;

  @BeforeAll
  static void open() {
    mini = TestCorpus.faultyLibrary("Mini", TestCorpus.RAY_MINI);
    maxi = TestCorpus.faultyLibrary("Maxi", TestCorpus.RAY_MAXI);
    both = List.of(mini.library(), maxi.library());
  }

  @AfterAll
  static void close() {
    mini.library().close();
    maxi.library().close();
  }

  // SameDocuments: two articles of one title in two files, compared by what they store

  private static List<Candidate> sameTitleTwice(Library failing) {
    Candidate a = Candidate.in(failing, 0, failing.entry("Ray_Charles")).strength(1).build();
    Library other = maxi.library();
    Candidate b = Candidate.in(other, 1, other.entry("Ray_Charles")).strength(1).build();
    return List.of(a, b);
  }

  @Test
  void aBugComparingTwoDocumentsIsNotTakenForUnreadableContent() {
    FaultyLibrary failing = TestCorpus.faultyLibrary("Failing", TestCorpus.RAY_MINI);
    try (Library library = failing.library()) {
      List<Candidate> ranked = sameTitleTwice(library);
      failing.source().fail(DamageOrBugTest::bug);
      SameDocuments dedupe = new SameDocuments(new LinkedHashMap<>());
      assertThrows(IllegalStateException.class, () -> dedupe.keepNew(ranked));
    }
  }

  @Test
  void documentsThatCannotBeReadToCompareBothStay() {
    FaultyLibrary failing = TestCorpus.faultyLibrary("Failing", TestCorpus.RAY_MINI);
    try (Library library = failing.library()) {
      List<Candidate> ranked = sameTitleTwice(library);
      failing.source().fail(DamageOrBugTest::readFails);
      assertEquals(ranked, new SameDocuments(new LinkedHashMap<>()).keepNew(ranked));
    }
  }

  // FederatedSearch.resolveDocument: an exact-title hit that is a redirect, followed

  private static Map<?, Candidate> fuseRedirect(
      Library library, FaultySource source, Supplier<RuntimeException> f) {
    Entry redirect = library.entry("(The_Night_Time_Is)_The_Right_Time");
    assertNotNull(redirect);
    assertTrue(redirect.isRedirect());
    FederatedSearch search = new FederatedSearch(List.of(library), l -> null, null, 2);
    FederatedSearch.Retrieved retrieved =
        new FederatedSearch.Retrieved(
            LibrarySearcher.Mode.STRICT,
            List.of(
                new FederatedSearch.Answered(
                    library,
                    0,
                    new FederatedSearch.LibraryAnswer(
                        List.of(redirect), List.of(), null, List.of()))),
            Set.of());
    source.fail(f);
    Query query = Query.of("the night time is the right time");
    return search.fuse(retrieved, query, TermWeights.uniform(query.terms()));
  }

  @Test
  void aBugFollowingARedirectIsNotTakenForADamagedEntry() {
    FaultyLibrary failing = TestCorpus.faultyLibrary("Failing", TestCorpus.RAY_MINI);
    try (Library library = failing.library()) {
      assertThrows(
          IllegalStateException.class,
          () -> fuseRedirect(library, failing.source(), DamageOrBugTest::bug));
    }
  }

  @Test
  void aRedirectThatCannotBeFollowedIsNoResult() {
    FaultyLibrary failing = TestCorpus.faultyLibrary("Failing", TestCorpus.RAY_MINI);
    try (Library library = failing.library()) {
      assertEquals(Map.of(), fuseRedirect(library, failing.source(), DamageOrBugTest::readFails));
    }
  }

  // The statistics read before the libraries are searched: LibraryAffinity, TermWeights and a
  // collection's summed statistics. Mini's searcher fails at one step; Maxi's answers.

  /**
   * A full-text searcher of language "en" with no hits; the step named {@code where} ("apply" for
   * choosing the searcher) throws what {@code fault} makes.
   */
  private static Function<Library, LibrarySearcher> miniFailsAt(
      String where, Supplier<RuntimeException> fault) {
    LibrarySearcher failing = new Stub(where, fault);
    LibrarySearcher sound = new Stub("", fault);
    return library -> {
      if (library != mini.library()) {
        return sound;
      }
      if (where.equals("apply")) {
        throw fault.get();
      }
      return failing;
    };
  }

  @ParameterizedTest
  @ValueSource(strings = {"apply", "comparable", "statistics"})
  void aBugReadingALibrarysAffinityIsNotSwallowed(String where) {
    Query query = Query.of("ray charles");
    LibraryStopwords stopwords = new LibraryStopwords(both);
    assertThrows(
        IllegalStateException.class,
        () -> LibraryAffinity.of(query, both, miniFailsAt(where, DamageOrBugTest::bug), stopwords));
  }

  @ParameterizedTest
  @ValueSource(strings = {"apply", "comparable", "statistics"})
  void aLibraryWhoseIndexIsDamagedWeighsOne(String where) {
    Query query = Query.of("ray charles");
    LibraryAffinity affinity =
        LibraryAffinity.of(
            query,
            both,
            miniFailsAt(where, DamageOrBugTest::indexDamaged),
            new LibraryStopwords(both));
    assertEquals(1.0, affinity.factor(mini.library()), 1e-9);
    assertEquals(1.0, affinity.factor(maxi.library()), 1e-9);
  }

  @ParameterizedTest
  @ValueSource(strings = {"apply", "statistics"})
  void aBugReadingTermWeightsIsNotSwallowed(String where) {
    Query query = Query.of("ray charles");
    assertThrows(
        IllegalStateException.class,
        () -> TermWeights.of(query, both, miniFailsAt(where, DamageOrBugTest::bug)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"apply", "statistics"})
  void aLibraryWhoseIndexIsDamagedIsLeftOutOfTermWeights(String where) {
    Query query = Query.of("ray charles");
    TermWeights withoutMini =
        TermWeights.of(query, List.of(maxi.library()), miniFailsAt("", DamageOrBugTest::bug));
    TermWeights damaged =
        TermWeights.of(query, both, miniFailsAt(where, DamageOrBugTest::indexDamaged));
    assertEquals(withoutMini.titleShare("Ray"), damaged.titleShare("Ray"), 1e-12);
  }

  @ParameterizedTest
  @ValueSource(strings = {"apply", "prepare", "statistics"})
  void aBugReadingACollectionsStatisticsIsNotSwallowed(String where) {
    FederatedSearch search =
        new FederatedSearch(both, miniFailsAt(where, DamageOrBugTest::bug), TestCorpus.WORKERS, 2);
    Map<String, String> failures = new LinkedHashMap<>();
    assertThrows(
        IllegalStateException.class,
        () ->
            search.retrieve(
                Query.of("ray charles"), LibrarySearcher.Mode.STRICT, 10, failures, false));
  }

  @ParameterizedTest
  @ValueSource(strings = {"apply", "prepare"})
  void aLibraryWhoseIndexIsDamagedIsSearchedAloneAndReported(String where) {
    FederatedSearch search =
        new FederatedSearch(
            both, miniFailsAt(where, DamageOrBugTest::indexDamaged), TestCorpus.WORKERS, 2);
    Map<String, String> failures = new LinkedHashMap<>();
    FederatedSearch.Retrieved retrieved =
        search.retrieve(Query.of("ray charles"), LibrarySearcher.Mode.STRICT, 10, failures, false);
    assertEquals(
        Map.of("Mini", "the archive's full-text index is damaged: postlist block 7: bad level"),
        failures);
    assertEquals(1, retrieved.answers().size());
    assertEquals(Set.of(), retrieved.collectionMembers()); // Maxi alone in its language
  }

  @Test
  void aLibraryWhoseStatisticsAreDamagedIsSearchedWithItsOwn() {
    FederatedSearch search =
        new FederatedSearch(
            both, miniFailsAt("statistics", DamageOrBugTest::indexDamaged), TestCorpus.WORKERS, 2);
    Map<String, String> failures = new LinkedHashMap<>();
    FederatedSearch.Retrieved retrieved =
        search.retrieve(Query.of("ray charles"), LibrarySearcher.Mode.STRICT, 10, failures, false);
    assertEquals(Map.of(), failures); // its search needs no statistics of the others
    assertEquals(2, retrieved.answers().size());
    assertEquals(Set.of(), retrieved.collectionMembers());
  }

  // TypoRescue: a library's vocabulary, opened on the first query that needs one

  private static TypoRescue.Proposal propose(Function<Library, LibrarySearcher> searchers) {
    Query query = Query.of("ray charels");
    TypoRescue rescue = new TypoRescue(both, searchers, new LibraryStopwords(both));
    SearchPipeline.Ranked nothing =
        new SearchPipeline.Ranked(
            List.of(), Map.of(), Map.of(), TermWeights.uniform(query.terms()));
    return rescue.propose(query, nothing, 10);
  }

  @Test
  void aBugOpeningAVocabularyIsNotSwallowed() {
    assertThrows(
        IllegalStateException.class,
        () -> propose(miniFailsAt("vocabulary", DamageOrBugTest::bug)));
  }

  @Test
  void aDamagedVocabularyLeavesTheTitlesWords() {
    // the titles' words are read before the index's: "charels" is still corrected from them
    TypoRescue.Proposal proposal =
        propose(miniFailsAt("vocabulary", DamageOrBugTest::indexDamaged));
    assertNotNull(proposal.corrected());
    assertEquals("ray charles", proposal.corrected().text());
  }

  /** A searcher of language "en" with no hits, failing at the step {@code where}. */
  private static final class Stub implements ComparableSearcher {
    private final String where;
    private final Supplier<RuntimeException> fault;

    Stub(String where, Supplier<RuntimeException> fault) {
      this.where = where;
      this.fault = fault;
    }

    private void step(String name) {
      if (where.equals(name)) {
        throw fault.get();
      }
    }

    @Override
    public List<Hit> search(Query query, Mode mode, int count) {
      return List.of();
    }

    @Override
    public Optional<ComparableSearcher> comparable() {
      step("comparable");
      return Optional.of(this);
    }

    @Override
    public Optional<Vocabulary> vocabulary() {
      step("vocabulary");
      return Optional.empty();
    }

    @Override
    public String language() {
      return "en";
    }

    @Override
    public Prepared prepare(Query query, Mode mode) {
      step("prepare");
      return new Prepared() {
        @Override
        public List<String> terms() {
          return query.terms();
        }

        @Override
        public Scored search(int count, @Nullable CollectionStats collection) {
          return Scored.NONE;
        }
      };
    }

    @Override
    public CollectionStats statistics(Collection<String> terms) {
      step("statistics");
      Map<String, Long> df = new LinkedHashMap<>();
      for (String t : terms) {
        df.put(t, 10L);
      }
      return new CollectionStats(100, 10_000, 10, df);
    }
  }
}
