package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusServiceTest;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The title as a field of its own, weighed by what each word tells ({@link TermWeights}), and a
 * question answered by a sentence that states it. Expected values are facts of the archives,
 * checked with python3-libzim: wikipedia_en_100_mini's Tiger says "the largest living cat species"
 * while Cougar (first on BM25 alone) says "a large cat"; its Bob Dylan says "born Robert Allen
 * Zimmerman" and never "birth", while the Ray Charles maxi wiki's Ray Charles article holds "Bob",
 * "Dylan", "birth" and "name" (first on BM25 alone); "zzqqxx" occurs in none of the three archives.
 */
class TitleAndSentenceEvidenceTest {

  @TempDir static Path dir;
  private static CorpusService wiki;
  private static CorpusService mixed;
  private static CorpusService wikiRay;

  private static CorpusService service(String name, Map<String, String> libraries) {
    return TestCorpus.service(dir.resolve(name), libraries);
  }

  @BeforeAll
  static void open() {
    wiki = service("wiki", Map.of("Wiki", TestCorpus.HUNDRED));
    wikiRay = service("ray", Map.of("RayMini", TestCorpus.RAY_MINI));
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Wiki", TestCorpus.HUNDRED);
    libraries.put("RayMini", TestCorpus.RAY_MINI);
    libraries.put("RayMaxi", TestCorpus.RAY_MAXI);
    mixed = service("mixed", libraries);
  }

  @AfterAll
  static void close() {
    wiki.close();
    mixed.close();
    wikiRay.close();
  }

  private static List<String> refs(CorpusService service, String query) {
    return CorpusServiceTest.results(service.search(query, 10)).stream()
        .map(SearchResult.RankedResult::ref)
        .toList();
  }

  @Test
  void aQuestionGoesFirstToThePageWithASentenceStatingAllItsWords() {
    List<String> refs = refs(wiki, "what is the largest living cat species");
    assertEquals("corpus://Wiki/Tiger", refs.get(0), refs.toString());
    assertTrue(refs.contains("corpus://Wiki/Cougar"), refs.toString());
  }

  @Test
  void aPageWhoseTitleHoldsMostOfTheQuestionOutranksABodyThatRepeatsItsWords() {
    List<String> refs = refs(mixed, "what was Bob Dylan's birth name");
    assertEquals("corpus://Wiki/Bob_Dylan", refs.get(0), refs.toString());
  }

  @Test
  void aTitleMisspeltTheWayItsStemForgivesStillComesFirst() {
    // "charls" and "charles" share the stem "charl": every "Ray Charles …" page matches and no
    // correction is asked for. Both snapshots hold the article "Ray Charles" and the album "Ray
    // Charles (album)", both named whole by the query; the album's short page won on BM25
    List<String> refs = refs(mixed, "Ray Charls");
    assertTrue(refs.get(0).endsWith("/Ray_Charles"), refs.toString());
    assertTrue(refs.get(1).endsWith("/Ray_Charles"), refs.toString());
  }

  @Test
  void aQualifierTheQueryNamesKeepsItsPlaceAmongTitlesNamedWhole() {
    // the same two pages, the album's qualifier named: no preference, BM25 and the title decide
    assertEquals(
        0,
        Lexical.qualifierWordsUnnamed(List.of("ray", "charles", "album"), "Ray Charles (album)"));
    assertEquals(1, Lexical.qualifierWordsUnnamed(List.of("ray", "charls"), "Ray Charles (album)"));
    assertEquals(0, Lexical.qualifierWordsUnnamed(List.of("ray", "charls"), "Ray Charles"));
    List<String> refs = refs(wikiRay, "Ray Charles album");
    assertTrue(refs.get(0).endsWith("/Ray_Charles_(album)"), refs.toString());
  }

  @Test
  void aMisspeltTitleLeadsInItsOwnLibrary() {
    List<String> refs = refs(wikiRay, "Ray Charls");
    assertEquals("corpus://RayMini/Ray_Charles", refs.get(0), refs.toString());
  }

  @Test
  void titleShareWeighsEachWordOfTheQueryByWhatItTells() {
    TermWeights same = TermWeights.uniform(List.of("bob", "dylan", "birth", "name"));
    assertEquals(0.5, same.titleShare("Bob Dylan"), 1e-9);
    assertEquals(0.0, same.titleShare("Ray Charles"), 1e-9);
    // a qualifier says what the page is, and a plural matches its singular
    TermWeights album = TermWeights.uniform(List.of("crying", "songs", "album"));
    assertEquals(1.0, album.titleShare("Crying Song (album)"), 1e-9);
    // a word no index holds is the rarest there is: "tiger" (in one or two documents) tells less
    Query query = Query.of("tiger zzqqxx");
    TermWeights idf =
        TermWeights.of(query, mixed.corpus().libraries(), CorpusSearchers.forCorpus());
    double tiger = idf.titleShare("Tiger");
    assertTrue(tiger > 0 && tiger < 0.5, "share of 'Tiger': " + tiger);
    assertEquals(1.0, idf.titleShare("Tiger zzqqxx"), 1e-9);
  }
}
