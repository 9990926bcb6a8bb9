package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over article HTML as archives store it: the HTML-to-text extractor that feeds snippets
 * (libzim's indexer rules: titles, noindex, entities). Any bytes must parse without an exception.
 */
@Tag("fuzz")
class HtmlTextFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void anyBytesParse(byte[] html) {
    HtmlText.Result result = HtmlText.parse(html);
    // Both are read by the snippet code unguarded: null would fail there, not here.
    assertNotNull(result.dump());
    assertNotNull(result.title());
  }
}
