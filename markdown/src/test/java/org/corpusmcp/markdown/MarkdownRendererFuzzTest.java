package org.corpusmcp.markdown;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over archive HTML as adapters hand it to the renderer and the sectionizer. Rendering never
 * throws, and neither its Markdown nor its plain text carries a control character or bidi override:
 * a page's text must not be able to disguise what an agent reads.
 */
@Tag("fuzz")
class MarkdownRendererFuzzTest {

  private static final String[] WRAPPERS = {
    "%s",
    "<p>%s</p>",
    "<table><tr><td>%s</td></tr></table>",
    "<ul><li>%s</li></ul>",
    "<pre>%s</pre>",
    "<a href=\"https://example.org/x\">%s</a>",
    "<h2>A</h2><p>%s</p><h3>B</h3>%s",
  };

  @FuzzTest(maxDuration = "30s")
  void renderingNeverThrowsNorLetsControlCharactersThrough(FuzzedDataProvider data) {
    String wrapper = WRAPPERS[data.consumeInt(0, WRAPPERS.length - 1)];
    boolean inline = data.consumeBoolean();
    String fragment = data.consumeRemainingAsString();
    Element body = Jsoup.parseBodyFragment(wrapper.replace("%s", fragment)).body();
    MarkdownRenderer renderer = MarkdownRenderer.standard();
    Rendered rendered =
        inline
            ? renderer.renderInlineBoth(body, LinkResolver.keepAsIs())
            : renderer.renderBoth(body, LinkResolver.keepAsIs());
    checkVisible(rendered.markdown());
    checkVisible(rendered.text());
  }

  private static void checkVisible(String out) {
    out.codePoints()
        .forEach(
            cp -> {
              if (cp != '\n'
                  && cp != '\t'
                  && (Character.isISOControl(cp)
                      || (cp >= 0x202A && cp <= 0x202E)
                      || (cp >= 0x2066 && cp <= 0x2069))) {
                throw new AssertionError("U+" + Integer.toHexString(cp) + " in " + out);
              }
            });
  }
}
