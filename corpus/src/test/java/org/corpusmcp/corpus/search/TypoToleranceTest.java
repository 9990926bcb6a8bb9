package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusServiceTest;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.TestCorpus;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Typo tolerance on the real sample archives. The corrections the automaton walk finds in a libzim
 * index are checked against a brute-force scan of python3-xapian's allterms over the same glass
 * file (typo_oracle.py); the end-to-end cases are misspelt titles checked by hand against the
 * archives' title lists.
 */
class TypoToleranceTest {

  private static final Path ORACLE =
      Path.of("src", "test", "resources", "typo_oracle.py").toAbsolutePath();

  /**
   * Doubled, dropped, swapped and substituted letters, one and two edits, and words never
   * corrected.
   */
  private static final List<String> WORDS =
      List.of(
          "gemrany",
          "viirus",
          "argeenntina",
          "charels",
          "hertage",
          "independnece",
          "girfffe",
          "inia",
          "germany",
          "sequeence",
          "myanmmar",
          "gastroppda",
          "phisics",
          "ina",
          "zzzzzzzz");

  @Test
  void correctionsInALibzimIndexAreTheNearestTermsXapianLists() throws Exception {
    Path zim = TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED);
    Map<String, String> expected = xapianNearest(zim, "fulltext", WORDS);
    try (Archive archive = Zim.open(zim)) {
      Vocabulary vocabulary = new FullTextSearcher(archive).vocabulary().orElseThrow();
      Map<String, String> got = new HashMap<>();
      for (String w : WORDS) {
        Map<String, String> c = TypoCorrector.nearestNeighbours(List.of(w), List.of(vocabulary));
        got.put(w, c.get(w));
      }
      Map<String, String> want = new HashMap<>(expected);
      assertEquals(want, got);
      assertEquals("germani", got.get("gemrany"), "the oracle itself found the swapped letters");
    }
  }

  /**
   * A title index is read where it lies, not collected into memory: its corrections are the nearest
   * unstemmed words python3-xapian lists in the same title index (typo_oracle.py --titles; stemmed,
   * "charels" would find nothing), and an archive with neither a title index nor room in memory
   * gets no title vocabulary rather than a scan of every title.
   */
  @Test
  void titleWordsComeFromTheTitleIndexWhereThereIsOne() throws Exception {
    Path zim = TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MINI);
    List<String> words =
        List.of("charels", "georiga", "recrods", "singels", "fontainne", "ray", "zzzzzzzz");
    Map<String, String> expected = xapianNearest(zim, "title", words);
    assertEquals("charles", expected.get("charels"), "the oracle itself found the title word");
    try (Archive archive = Zim.open(zim)) {
      Vocabulary titles = TypoRescue.titleWords(archive, "RayMini", 0).orElseThrow();
      assertFalse(titles instanceof TitleVocabulary, "read from the index, not collected");
      Map<String, String> got = new HashMap<>();
      for (String w : words) {
        got.put(w, TypoCorrector.nearestNeighbours(List.of(w), List.of(titles)).get(w));
      }
      assertEquals(expected, got);
    }
    try (Archive noTitleIndex =
        Zim.open(TestCorpus.SAMPLES.resolve("mediawiki/wikipedia_en_ray_charles_2015-06.zim"))) {
      assertTrue(TypoRescue.titleWords(noTitleIndex, "Ray2015", 100).isEmpty());
      assertTrue(
          TypoRescue.titleWords(noTitleIndex, "Ray2015", 1_000_000).orElseThrow()
              instanceof TitleVocabulary);
    }
  }

  @Test
  void aMisspeltTitleFindsTheArticleAndTheAnswerSaysWhatWasCorrected() {
    try (CorpusService service = service("typo-hundred", Map.of("Hundred", TestCorpus.HUNDRED))) {
      for (String[] c :
          new String[][] {
            {"Gemrany", "Germany"},
            {"Charles Drawin", "Charles Darwin"},
            {"Argeenntina", "Argentina"},
            {"Myanmmar", "Myanmar"},
            {"World Hertage Site", "World Heritage Site"}
          }) {
        SearchResult body = CorpusServiceTest.body(service.search(c[0], 5));
        List<SearchResult.RankedResult> results = body.results();
        assertFalse(results.isEmpty(), c[0]);
        assertEquals(c[1], results.get(0).title(), c[0]);
        SearchResult.Correction corrected = body.corrected();
        assertNotNull(corrected, c[0] + ": " + body);
        assertEquals(c[1], corrected.query(), c[0]);
        assertEquals(c[0], corrected.original());
        assertTrue(
            corrected.notice().startsWith("Searched '" + c[1] + "' for '" + c[0] + "'"),
            corrected.notice());
      }
    }
  }

  @Test
  void aTitleOnlyArchiveCorrectsAgainstItsTitles() {
    try (CorpusService service =
        service(
            "typo-ray2015", Map.of("Ray2015", "mediawiki/wikipedia_en_ray_charles_2015-06.zim"))) {
      // the first word misspelt, so no title begins with any word as typed
      for (String[] c :
          new String[][] {
            {"Lonley Avenue", "Lonely Avenue"},
            {"Eleanr Rigby", "Eleanor Rigby"},
            {"Hnak Crawford", "Hank Crawford"}
          }) {
        List<SearchResult.RankedResult> results =
            CorpusServiceTest.body(service.search(c[0], 5)).results();
        assertFalse(results.isEmpty(), c[0]);
        assertEquals(c[1], results.get(0).title(), c[0]);
      }
    }
  }

  @Test
  void wordsThatExistOrAreShortAreNeverCorrected() {
    try (CorpusService service = service("typo-none", Map.of("Hundred", TestCorpus.HUNDRED))) {
      // every word exists: the answer is the plain search's, with no correction
      SearchResult exact = CorpusServiceTest.body(service.search("Germany", 5));
      assertNull(exact.corrected());
      assertEquals("Germany", exact.results().get(0).title());
      // the archive holds this misspelling itself, as a redirect title ("Charels darwin"): not a
      // word to correct, and the article is still found
      SearchResult asStored = CorpusServiceTest.body(service.search("Charels Darwin", 5));
      assertNull(asStored.corrected());
      assertEquals("Charles Darwin", asStored.results().get(0).title());
      // three letters: too many real words lie one edit away
      assertNull(CorpusServiceTest.body(service.search("Gxr", 5)).corrected());
    }
  }

  @Test
  void theQueryAsTypedIsRewrittenWordByWordKeepingCapitals() {
    Map<String, String> fixes = new LinkedHashMap<>();
    fixes.put("hooverr", "hoover");
    fixes.put("dma", "dam");
    assertEquals("Hoover dam, Nevada", TypoRescue.rewrite("Hooverr dma, Nevada", fixes));
    assertEquals("the Hoover dam", TypoRescue.rewrite("the Hooverr dma", fixes));
  }

  @Test
  void aTitleVocabularyWalkFindsEveryWordWithinTheEditsAllowed() throws Exception {
    Map<String, Integer> words = new HashMap<>();
    for (String w :
        List.of("charles", "charley", "chapels", "darwin", "heritage", "germany", "german")) {
      words.put(w, 1);
    }
    words.put("charts", 5);
    words.put("charles", 2);
    TitleVocabulary v = TitleVocabulary.of(words);
    // "charels" is one edit from charles (swap) and from chapels (r for p); charley and charts are
    // two away. Of the one-edit words the more frequent is Xapian's nearest...
    assert1(Map.of("charels", "charles"), List.of("charels"), v);
    words.put("charles", 1);
    TitleVocabulary tie = TitleVocabulary.of(words);
    // ...and on a tie the first in byte order
    assertEquals(
        Map.of("charels", "chapels"),
        TypoCorrector.nearestNeighbours(List.of("charels"), List.of(tie)));
    // but r and p are far apart on a keyboard, and swapping two letters is a common slip: the
    // correction is the likelier typing error, whatever the byte order
    assert1(Map.of("charels", "charles"), List.of("charels"), tie);
    // "hertage" is 1 edit (dropped i) from heritage
    assert1(Map.of("hertage", "heritage"), List.of("hertage"), v);
    assertEquals(
        TypoCorrector.Spelling.NONE, TypoCorrector.check(List.of("germany", "darwin"), List.of(v)));
  }

  private static void assert1(Map<String, String> corrected, List<String> words, Vocabulary v) {
    TypoCorrector.Spelling s = TypoCorrector.check(words, List.of(v));
    assertEquals(corrected, s.corrected());
    assertEquals(List.of(), s.absent());
  }

  @Test
  void aNameNoLibraryHoldsIsReportedAbsentNotReplacedByAnUnrelatedWord() throws Exception {
    Map<String, Integer> words = new HashMap<>();
    for (String w : List.of("bernstein", "epstein", "albert", "relativity", "beatles", "osama")) {
      words.put(w, 3);
    }
    TitleVocabulary v = TitleVocabulary.of(words);
    // both within two edits of "einstein"/"eisntein" (eight letters), so an edit distance alone
    // would correct them: "Bernstein" adds a first letter and replaces i by r (far keys), "Epstein"
    // replaces i by p (far keys) and drops an n that is not doubled
    TypoCorrector.Spelling s =
        TypoCorrector.check(List.of("albert", "einstein", "relativity"), List.of(v));
    assertEquals(Map.of(), s.corrected());
    assertEquals(List.of("einstein"), s.absent());
    s = TypoCorrector.check(List.of("eisntein"), List.of(v));
    assertEquals(Map.of(), s.corrected());
    assertEquals(List.of("eisntein"), s.absent());
    // a short name alone, one far letter from another name: nothing could confirm it
    assertEquals(List.of("obama"), TypoCorrector.check(List.of("obama"), List.of(v)).absent());
    // a word too short to guess at is absent too
    assertEquals(List.of("zqx"), TypoCorrector.check(List.of("zqx"), List.of(v)).absent());
  }

  @Test
  void aWordInADocumentOrTwoBesideACommonNeighbourIsTakenForATypo() throws Exception {
    Map<String, Integer> words = new HashMap<>();
    words.put("charles", 400);
    words.put("charls", 1); // a typo in some article's text
    words.put("chars", 2);
    TitleVocabulary v = TitleVocabulary.of(words);
    TypoCorrector.Spelling s = TypoCorrector.check(List.of("ray", "charls"), List.of(v));
    assertEquals(Map.of("charls", "charles"), s.corrected());
    assertEquals(List.of("charls"), s.rare());
    assertEquals(List.of("ray"), s.absent());
    // not when the neighbour is only a little commoner: then both are real words
    words.put("charles", 40);
    assertEquals(
        Map.of(),
        TypoCorrector.check(List.of("charls"), List.of(TitleVocabulary.of(words))).corrected());
  }

  @Test
  void typingErrorsCostWhatTheyAreLikelyToBe() {
    assertEquals(1.0, TypingErrors.cost("charls", "charles")); // a dropped letter
    assertEquals(1.0, TypingErrors.cost("gemrany", "germany")); // two neighbours swapped
    assertEquals(0.5, TypingErrors.cost("myanmmar", "myanmar")); // a doubled letter
    assertEquals(1.0, TypingErrors.cost("argeenntina", "argentina")); // two doubled letters
    assertEquals(0.5, TypingErrors.cost("aple", "apple")); // a double letter typed once
    assertEquals(1.0, TypingErrors.cost("phisics", "physics")); // a vowel for a vowel
    assertEquals(1.0, TypingErrors.cost("gastroppda", "gastropoda")); // o and p are neighbours
    assertEquals(1.5, TypingErrors.cost("charels", "chapels")); // r and p are not neighbours
    assertEquals(2.0, TypingErrors.cost("charels", "chapels", TypingErrors.FAR_SUBSTITUTION_ALONE));
    assertEquals(1.0, TypingErrors.cost("crjing", "crying")); // j is below and beside y
    assertEquals(2.0, TypingErrors.cost("ray", "tay")); // a new first letter, a neighbour key
    assertEquals(3.5, TypingErrors.cost("einstein", "bernstein"));
    assertEquals(2.5, TypingErrors.cost("eisntein", "epstein"));
    assertEquals(1.5, TypingErrors.cost("girfffe", "giraffe")); // a dropped and a tripled letter
    // a far letter: within a short word's allowance (1.5) only where other words can confirm it
    assertEquals(1.5, TypingErrors.cost("obama", "osama"));
    assertEquals(2.0, TypingErrors.cost("obama", "osama", TypingErrors.FAR_SUBSTITUTION_ALONE));
    assertEquals(1.0, TypingErrors.cost("оксфард", "оксфорд")); // Cyrillic: no layout, cost 1
  }

  @TempDir static Path dir;

  private static CorpusService service(String name, Map<String, String> libraries) {
    Path config = TestCorpus.writeConfig(dir.resolve(name), libraries);
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .searchWorkers(2)
            .logQueries(false)
            .build();
    return new CorpusService(
        Corpus.open(settings, TestCorpus.adapters(), null),
        CorpusSearchers.forCorpus(),
        TestCorpus.WORKERS);
  }

  /**
   * typo_oracle.py's answer for {@code words} over one of the archive's indexes ({@code fulltext}
   * or {@code title}), extracted by zim_oracle.py: python3-xapian's own terms, not ours.
   */
  private static Map<String, String> xapianNearest(Path zim, String index, List<String> words)
      throws IOException, InterruptedException {
    Path glass = Files.createTempDirectory("typo").resolve(index + ".glass");
    run(
        List.of(
            "/usr/bin/python3",
            TestCorpus.SAMPLES.getParent().resolve("tools/zim_oracle.py").toString(),
            "extract",
            zim.toString(),
            index,
            glass.toString()));
    List<String> args = new ArrayList<>(List.of("/usr/bin/python3", ORACLE.toString()));
    if (index.equals("title")) {
      args.add("--titles");
    }
    args.add(glass.toString());
    args.addAll(words);
    @SuppressWarnings("unchecked")
    Map<String, String> nearest = JsonMapper.builder().build().readValue(run(args), HashMap.class);
    return nearest;
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", command));
    return out;
  }
}
