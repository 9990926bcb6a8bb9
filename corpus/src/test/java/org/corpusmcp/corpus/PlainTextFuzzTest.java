package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the text search results are made of: index snippets (HTML from the archive's
 * full-text index) and section Markdown, turned into plain text and cut to the snippet budget.
 * Nothing may throw, and a cut must respect its budget.
 */
@Tag("fuzz")
class PlainTextFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void snippetTextNeverThrowsAndKeepsItsBudget(FuzzedDataProvider data) {
    int budget = data.consumeInt(1, 400);
    String input = data.consumeRemainingAsString();
    String fromHtml = PlainText.fromHtml(input);
    String cut = PlainText.cut(fromHtml, budget);
    assertTrue(cut.length() <= budget + 1, "cut to " + budget + " gave " + cut.length());
    String fromMarkdown = PlainText.fromMarkdown(input, budget);
    assertTrue(fromMarkdown.length() <= budget + 1, "markdown cut to " + budget + " gave " + fromMarkdown.length());
  }
}
