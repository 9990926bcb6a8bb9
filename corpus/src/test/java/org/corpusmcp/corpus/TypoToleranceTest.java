package org.corpusmcp.corpus;

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
    Path glass = Files.createTempDirectory("typo").resolve("fulltext.glass");
    run(
        List.of(
            "/usr/bin/python3",
            TestCorpus.SAMPLES.getParent().resolve("tools/zim_oracle.py").toString(),
            "extract",
            zim.toString(),
            "fulltext",
            glass.toString()));
    List<String> args =
        new ArrayList<>(List.of("/usr/bin/python3", ORACLE.toString(), glass.toString()));
    args.addAll(WORDS);
    @SuppressWarnings("unchecked")
    Map<String, String> expected = JsonMapper.builder().build().readValue(run(args), HashMap.class);
    try (Archive archive = Zim.open(zim)) {
      Vocabulary vocabulary = new GlassVocabulary(archive.fulltextIndex());
      Map<String, String> got = new HashMap<>();
      for (String w : WORDS) {
        Map<String, String> c = TypoCorrector.corrections(List.of(w), List.of(vocabulary));
        got.put(w, c.get(w));
      }
      Map<String, String> want = new HashMap<>(expected);
      assertEquals(want, got);
      assertEquals("germani", got.get("gemrany"), "the oracle itself found the swapped letters");
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
        List<SearchResult.SearchHit> results = body.results();
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
        List<SearchResult.SearchHit> results =
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
    // two away. Of the one-edit words the more frequent wins...
    assertEquals(
        Map.of("charels", "charles"), TypoCorrector.corrections(List.of("charels"), List.of(v)));
    words.put("charles", 1);
    // ...and on a tie the first in byte order
    assertEquals(
        Map.of("charels", "chapels"),
        TypoCorrector.corrections(List.of("charels"), List.of(TitleVocabulary.of(words))));
    // "hertage" is 1 edit (dropped i) from heritage
    assertEquals(
        Map.of("hertage", "heritage"), TypoCorrector.corrections(List.of("hertage"), List.of(v)));
    assertEquals(Map.of(), TypoCorrector.corrections(List.of("germany", "darwin"), List.of(v)));
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
        TestCorpus.REPLY_TEXT);
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", command));
    return out;
  }
}
