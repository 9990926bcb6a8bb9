package org.corpusmcp.stackexchange;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest.Sample;

/**
 * The hand-written sotoki question pages in src/test/resources/pages/questions/&lt;id&gt;.html,
 * written after sotoki's question-page templates (2.x and 3.x); scripts/build_family_fixtures.py
 * packs the same files into the fixture archive under {@code questions/<id>/<slug>}. 1001 and 1002
 * use the sotoki 3.x markup, 1003 the 2.1.x markup.
 */
final class Pages {

  /** Drops in-page links, maps the rest to {@code ref:<href>} so tests see what was resolved. */
  static final LinkResolver REFS = href -> href.startsWith("#") ? null : "ref:" + href;

  static final String SALT = "questions/1001/what-is-a-salt-in-password-hashing";
  static final String DOCKER = "questions/1002/how-do-i-keep-api-keys-out-of-a-docker-image";
  static final String MD5 = "questions/1003/is-md5-still-fine-for-file-checksums";

  private Pages() {}

  static String html(String id) {
    try (InputStream in = Pages.class.getResourceAsStream("/pages/questions/" + id + ".html")) {
      if (in == null) {
        throw new IllegalStateException("missing page " + id);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Sample> all() {
    return List.of(
        new Sample(EntryFacts.html(SALT, "What is a salt in password hashing?"), html("1001")),
        new Sample(
            EntryFacts.html(DOCKER, "How do I keep API keys out of a Docker image?"), html("1002")),
        new Sample(EntryFacts.html(MD5, "Is MD5 still fine for file checksums?"), html("1003")));
  }
}
