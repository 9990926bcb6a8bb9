package org.corpusmcp.archwiki.wikitext;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over page wikitext as the wiki returns it: every extractor the tools run on a page
 * (sections, code blocks, admonitions, links, template names, search snippets). The wiki is an
 * outside party; no text it sends may make an extractor throw or hang (Jazzer's per-input timeout
 * catches a runaway regular expression).
 */
@Tag("fuzz")
class WikitextFuzzTest {

  private static final String[] PREFIXES = {
    "", "{{Note|", "{{ic|", "<pre>", "[[", "== A ==\n", "<nowiki>", "{{bc|1=", " ",
  };

  private static final Map<String, Admonitions.Resolution> TYPES =
      Map.of(
          TemplateNames.key("Note"),
              Admonitions.Resolution.selfAttested(AdmonitionType.ofName("note")),
          TemplateNames.key("Warning"),
              Admonitions.Resolution.selfAttested(AdmonitionType.ofName("warning")));

  @FuzzTest(maxDuration = "30s")
  void extractorsNeverThrow(FuzzedDataProvider data) {
    String text =
        PREFIXES[data.consumeInt(0, PREFIXES.length - 1)] + data.consumeRemainingAsString();
    SectionRenderer.render(text);
    CodeBlocks.extract(text);
    Admonitions.extract(text, TYPES);
    Links.extract(text, "Fuzz page", Links.FALLBACK_EXCLUDED_PREFIXES);
    TemplateNames.collect(text);
    SearchSnippets.clean(text);
  }
}
