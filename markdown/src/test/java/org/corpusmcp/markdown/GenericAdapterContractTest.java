package org.corpusmcp.markdown;

import java.util.List;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest;

/**
 * Runs the contract suite on the smallest possible adapter: the shared engine with a bare policy.
 */
class GenericAdapterContractTest extends AbstractCorpusAdapterContractTest {

  static final class GenericAdapter implements CorpusAdapter {
    private final HtmlSectionizer engine =
        new HtmlSectionizer(CleaningPolicy.builder().remove("script", "style", "nav").build());

    @Override
    public String name() {
      return "generic";
    }

    @Override
    public DocumentKind kind() {
      return DocumentKind.ARTICLE;
    }

    @Override
    public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
      return engine.toDocument(entry.title(), html, links);
    }
  }

  @Override
  protected CorpusAdapter adapter() {
    return new GenericAdapter();
  }

  @Override
  protected List<Sample> samples() {
    return List.of(
        new Sample(
            EntryFacts.html("Bell_test", "Bell test"),
            "<html><body><nav><a href=\"/\">Home</a></nav><p>A <a href=\"Bell's_theorem\">Bell test</a> is…</p>"
                + "<h2 id=\"Loopholes\">Loopholes</h2><p>Detection <b>loophole</b>.</p>"
                + "<h3 id=\"Detection\">Detection</h3><ul><li>one</li><li>two</li></ul></body></html>"));
  }
}
