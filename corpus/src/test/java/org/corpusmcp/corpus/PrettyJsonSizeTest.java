package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.FetchResponse.SectionView;
import org.corpusmcp.corpus.search.CorpusSearchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sizes the fetch budget adds up, held to the text Jackson writes with the host's mapper
 * (JsonText): every rule of the pretty printer and of the escaping, and real fetch replies in every
 * shape the budget weighs.
 */
class PrettyJsonSizeTest {

  private static final JsonMapper HOST_JSON =
      JsonMapper.builder().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();

  private static String written(Object value) {
    return HOST_JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value);
  }

  private static void assertSameSize(String expectedText, TextSize measured) {
    assertEquals(expectedText.length(), measured.chars(), expectedText);
    assertEquals(TokenEstimate.of(expectedText), measured.tokens(), expectedText);
  }

  @Test
  void everyLayoutRuleAndEscapeMeasuresAsJacksonWritesIt() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("quotes \" and \\ backslash", "a/b \"q\" \\ end");
    value.put("controls", "\b\t\n\f\r \u0000 \u0001 \u001f \u007f");
    value.put("non-ascii", "\u00e9 \u0439 \u65e5 \ud83d\ude00 \u2028");
    value.put("lone high surrogate last", "x\ud800");
    value.put("lone high surrogate before an escape", "x\ud800\n");
    value.put("lone low surrogate", "\udc00y");
    value.put("numbers", List.of(0, -7, 1234567890123L, 0.1, 1.0e20, -2.5e-8));
    value.put("not numbers", List.of(Double.NaN, Double.POSITIVE_INFINITY));
    value.put("booleans", List.of(true, false));
    value.put("empty array", List.of());
    value.put("empty object", Map.of());
    value.put("objects in an array", List.of(Map.of("k", "v"), Map.of("k2", List.of("a", "b"))));
    value.put("nested", Map.of("one", Map.of("two", Map.of("three", 3))));
    value.put("", "empty name");
    assertSameSize(written(value), PrettyJsonSize.of(value, 0));
    // deeper down, in an object inside an array inside an object: more indentation per line
    Object deeper = Map.of("wrapped", List.of(Map.of("deeper", value)));
    assertSameSize(written(deeper), PrettyJsonSize.of(deeper, 0));
    assertSameSize(written(List.of()), PrettyJsonSize.of(List.of(), 0));
    assertSameSize(written("\ud83d"), PrettyJsonSize.of("\ud83d", 0));
  }

  /**
   * Every prefix of a long document's sections, and a cut first section, measured from parts as the
   * budget does, against the whole reply written by Jackson.
   */
  @Test
  void aFetchReplyMeasuredFromItsPartsIsTheReplyAsWritten(@TempDir Path dir) {
    CorpusSettings settings =
        CorpusSettings.builder(
                TestCorpus.SAMPLES,
                TestCorpus.writeConfig(dir, Map.of("Maxi", TestCorpus.RAY_MAXI)))
            .maxFetchChars(1_000_000)
            .maxFetchTokens(0)
            .logQueries(false)
            .build();
    try (CorpusService service =
        new CorpusService(
            Corpus.open(settings, TestCorpus.adapters(), null),
            CorpusSearchers.forCorpus(),
            TestCorpus.WORKERS)) {
      FetchResponse whole =
          CorpusServiceTest.body(service.fetch("corpus://Maxi/Ray_Charles", List.of()));
      List<SectionView> pieces = whole.sections();
      assertTrue(pieces.size() > 10, "a document with many sections: " + pieces.size());
      assertTrue(!whole.truncated(), "the whole document");
      FetchResponse frame = whole.withSections(List.of(), false, List.of());
      FetchReplySize size = new FetchReplySize(frame, pieces);
      for (int keep = 0; keep <= pieces.size(); keep++) {
        List<String> omitted = new ArrayList<>();
        pieces.subList(keep, pieces.size()).forEach(p -> omitted.add(p.id()));
        FetchResponse reply =
            frame.withSections(pieces.subList(0, keep), keep < pieces.size(), omitted);
        assertSameSize(TestCorpus.fetchText(reply), size.prefix(keep));
      }
      SectionView first = pieces.get(0);
      SectionView cut =
          new SectionView(
              first.id(),
              first.title(),
              first.level(),
              first.content().substring(0, first.content().length() / 2) + "\n\n[\u2026cut]",
              first.contentHash(),
              first.content().length(),
              first.metadata());
      List<String> rest = pieces.subList(1, pieces.size()).stream().map(SectionView::id).toList();
      assertSameSize(
          TestCorpus.fetchText(frame.withSections(List.of(cut), true, rest)), size.cut(cut));
    }
  }
}
