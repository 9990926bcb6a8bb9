package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the corrected query's exact title goes, on wikipedia_en_ray_charles_mini listed twice
 * (every document has an identical copy in the second library). Facts of the archive's entry list
 * (zim_oracle.py entries): "Ray Charles" and "Ray Charles discography" are article titles, and
 * "discograpy" is a word of no title or index term (the typo corrector's precondition).
 */
class TypoRescueOrderTest {

  @TempDir static Path dir;

  @Test
  void theCorrectedExactTitleComesFirstAndKeepsNamingItsCopies() {
    Map<String, String> twins = new LinkedHashMap<>();
    twins.put("RayA", TestCorpus.RAY_MINI);
    twins.put("RayB", TestCorpus.RAY_MINI);
    try (CorpusService s = TestCorpus.service(dir.resolve("twins"), twins)) {
      // as typed, the query names the article Ray Charles (a strict result despite the typo);
      // corrected, it is the title Ray Charles discography, which is what was meant
      SearchResult body = CorpusServiceTest.body(s.search("Ray Charles discograpy", 5));
      assertNotNull(body.corrected(), body.toString());
      assertEquals("Ray Charles discography", body.corrected().query());
      SearchResult.RankedResult first = body.results().get(0);
      assertEquals("corpus://RayA/Ray_Charles_discography", first.ref(), body.toString());
      assertEquals(
          List.of(new SearchResult.Copy("RayB", "corpus://RayB/Ray_Charles_discography")),
          first.alsoIn(),
          body.toString());
      assertEquals("corpus://RayA/Ray_Charles", body.results().get(1).ref(), body.toString());
      // a copy found by both the typed and the corrected search is named once
      for (SearchResult.RankedResult hit : body.results()) {
        assertEquals(1, hit.alsoIn().size(), hit.toString());
      }
    }
  }
}
