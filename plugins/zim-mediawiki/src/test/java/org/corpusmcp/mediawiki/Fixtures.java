package org.corpusmcp.mediawiki;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest.Sample;

/**
 * The hand-written era fixtures in src/test/resources/eras, one per mwoffliner markup era, each
 * written after the structure of that era's real pages (see MediaWikiPolicy for the eras).
 */
final class Fixtures {

  /** Drops in-page links, maps the rest to {@code ref:<href>} so tests see what was resolved. */
  static final LinkResolver REFS = href -> href.startsWith("#") ? null : "ref:" + href;

  private Fixtures() {}

  static String html(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/eras/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Sample> all() {
    return List.of(
        new Sample(
            EntryFacts.html("Ray_Charles.html", "Ray Charles"), html("1a-parsoid-2015.html")),
        new Sample(EntryFacts.html("Ray_Charles", "Ray Charles"), html("1b-mobile-2019.html")),
        new Sample(EntryFacts.html("Ant", "Ant"), html("1b-mini-2022.html")),
        new Sample(EntryFacts.html("Bell_test", "Bell test"), html("1c-desktop-2025.html")),
        new Sample(EntryFacts.html("BMW", "BMW"), html("1d-actionparse-2026.html")),
        new Sample(
            EntryFacts.html("Эспэранта_Суфіксы.html", "Эспэранта/Суфіксы"),
            html("wikibooks-2017.html")),
        new Sample(EntryFacts.html("index", "Wikipedia 100"), html("article-list-home.html")));
  }
}
