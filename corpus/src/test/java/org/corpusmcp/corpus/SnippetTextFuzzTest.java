package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.markdown.CleaningPolicy;
import org.corpusmcp.markdown.HtmlSectionizer;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the path search text takes: archive HTML sectionized and rendered (Markdown and plain
 * text in one walk), its words and sentences collected, a snippet and section hints chosen for a
 * query. Nothing may throw, a snippet keeps its budget and carries no control character.
 */
@Tag("fuzz")
class SnippetTextFuzzTest {

  private static final HtmlSectionizer ENGINE =
      new HtmlSectionizer(CleaningPolicy.builder().build());

  @FuzzTest(maxDuration = "30s")
  void snippetsFromRenderedTextNeverThrowAndKeepTheirBudget(FuzzedDataProvider data) {
    List<String> terms = Lexical.terms(data.consumeString(40));
    String html = data.consumeRemainingAsString();
    Document doc = ENGINE.toDocument("T", html, LinkResolver.keepAsIs());
    DocumentWords words = DocumentWords.of(doc);
    String snippet = Snippets.best(words, terms);
    assertTrue(snippet.length() <= Snippets.MAX_CHARS + 1, "snippet of " + snippet.length());
    assertTrue(
        snippet.chars().noneMatch(c -> c < 0x20 && c != '\t'), "control character in " + snippet);
    assertTrue(SectionHints.of(words, terms).size() <= SectionHints.MAX_HINTS);
  }
}
