package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusServiceTest;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An English frame around a word of another language's library: "Tell me about Займеньнік" beside
 * two English wikis. Facts of the archives (python3-libzim): the Belarusian Wikibooks' page
 * Эспэранта_Займеньнік.html is titled "Эспэранта/Займеньнік"; libzim's search finds "займеньнік" in
 * neither English archive, and "tell" in 37 pages of the Ray Charles maxi wiki. The English
 * collection's best any-word hit matched the frame's word "tell", which by count of words is as
 * much of the query as the Belarusian page's one word, and "This Little Girl of Mine" came first.
 */
class OtherLanguageQuestionTest {

  private static final String BELARUSIAN =
      "mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim";

  @TempDir static Path dir;
  private static CorpusService mixed;

  @BeforeAll
  static void open() {
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("Wiki", TestCorpus.HUNDRED);
    libraries.put("RayMaxi", TestCorpus.RAY_MAXI);
    libraries.put("Be", BELARUSIAN);
    mixed = TestCorpus.service(dir.resolve("mixed"), libraries);
  }

  @AfterAll
  static void close() {
    mixed.close();
  }

  @Test
  void theLibraryHoldingTheSubjectComesBeforeOnesHoldingOnlyTheFrame() {
    List<String> refs =
        CorpusServiceTest.results(mixed.search("Tell me about Займеньнік", 5)).stream()
            .map(SearchResult.RankedResult::ref)
            .toList();
    assertEquals("corpus://Be/Эспэранта_Займеньнік.html", refs.get(0), refs.toString());
  }
}
