package org.corpusmcp.testkit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest.Sample;

/**
 * What a fuzz target checks of an adapter for one input: the same invariants as {@link
 * AbstractCorpusAdapterContractTest}, for a page a fuzzer made. Also a way to make that page: one
 * of the family's real pages with a few of its spans replaced by fuzzer text, so mutations start
 * inside the structure the adapter looks for rather than from nothing.
 */
public final class AdapterFuzzing {

  /**
   * A link: it opens with an unescaped '[' (the renderer escapes every '[' of text), so page text
   * such as "](x)" is not taken for one.
   */
  private static final Pattern LINK_TARGET =
      Pattern.compile("(?<!\\\\)\\[(?:\\\\.|[^\\\\\\]])*\\]\\(([^)\\s]*)\\)");

  private static final Pattern RAW_SCRIPT = Pattern.compile("(?i)(?<!\\\\)<(script|style)\\b");

  private AdapterFuzzing() {}

  /** The source of a fuzzer's choices (so this kit needs no fuzzer on its class path). */
  public interface Choices {
    /** A number in [min, max]. */
    int pick(int min, int max);

    /** Fuzzer text of at most {@code maxLength} characters. */
    String text(int maxLength);

    /** Yes or no. */
    boolean flag();

    /**
     * Choices from a fuzzer's three methods: {@code choices(data::consumeInt, data::consumeString,
     * data::consumeBoolean)} with Jazzer's FuzzedDataProvider.
     */
    static Choices of(IntBinaryOperator pick, IntFunction<String> text, BooleanSupplier flag) {
      return new Choices() {
        @Override
        public int pick(int min, int max) {
          return pick.applyAsInt(min, max);
        }

        @Override
        public String text(int maxLength) {
          return text.apply(maxLength);
        }

        @Override
        public boolean flag() {
          return flag.getAsBoolean();
        }
      };
    }
  }

  /**
   * One fuzz input against an adapter: a sample page under its own entry or a fuzzed one, archive
   * metadata of any text (its detection score must lie in [0, 1]), the page with spans replaced by
   * fuzzer text ({@link #splice}), parsed and checked ({@link #check}).
   */
  public static void fuzzOnce(CorpusAdapter adapter, List<Sample> samples, Choices choices) {
    Sample sample = samples.get(choices.pick(0, samples.size() - 1));
    EntryFacts entry =
        choices.flag()
            ? sample.entry()
            : new EntryFacts(
                choices.text(40),
                choices.text(40),
                choices.flag() ? "text/html" : choices.text(20),
                choices.flag());
    double score =
        adapter.detect(
            ArchiveMetadata.of(
                Map.of(
                    "Scraper", choices.text(30),
                    "Tags", choices.text(30),
                    "Name", choices.text(30))));
    assertTrue(score >= 0 && score <= 1, "detect() gave " + score);
    adapter.isDocument(entry);
    check(adapter, entry, splice(sample.html(), choices));
  }

  /** A sample page with up to eight spans replaced by fuzzer text. */
  public static String splice(String page, Choices choices) {
    StringBuilder html = new StringBuilder(page);
    int edits = choices.pick(0, 8);
    for (int i = 0; i < edits; i++) {
      int at = choices.pick(0, html.length());
      int cut = choices.pick(0, Math.min(64, html.length() - at));
      html.replace(at, at + cut, choices.text(200));
    }
    return html.toString();
  }

  /**
   * Parses {@code html} twice (links issued by a counting resolver, then every link dropped; the
   * contract suite checks determinism) and fails with the reason when an invariant is broken:
   * nothing thrown, a document keeps the contract's invariants, every link target in its Markdown
   * came from the resolver, and a resolver that drops every link leaves none.
   */
  public static void check(CorpusAdapter adapter, EntryFacts entry, String html) {
    Set<String> issued = new HashSet<>();
    ParseResult result = adapter.parse(entry, html, counting(issued));
    assertNotNull(result, "parse returned null");
    if (!(result instanceof Document doc)) {
      assertTrue(result instanceof NotADocument, "neither a document nor NotADocument");
      return;
    }
    checkInvariants(doc);
    String markdown = doc.toMarkdown();
    Matcher m = LINK_TARGET.matcher(markdown);
    while (m.find()) {
      assertTrue(
          issued.contains(m.group(1)) || quoted(html, m.group(1)),
          "link target '" + m.group(1) + "' did not come from the resolver");
    }
    if (adapter.parse(entry, html, LinkResolver.dropAll()) instanceof Document dropped) {
      Matcher again = LINK_TARGET.matcher(dropped.toMarkdown());
      while (again.find()) {
        assertTrue(
            quoted(html, again.group(1)),
            "a link survived a resolver that drops every link: " + again.group());
      }
    }
  }

  /**
   * Issues {@code ref:N} targets, dropping some links as the host drops those it cannot resolve.
   */
  private static LinkResolver counting(Set<String> issued) {
    return href -> {
      assertNotNull(href, "the adapter passed a null href");
      if (Math.floorMod(href.hashCode(), 5) == 0) {
        return null;
      }
      String target = "ref:" + issued.size();
      issued.add(target);
      return target;
    };
  }

  /** Whether the page's own text holds this "](target" (code quoting a Markdown link). */
  private static boolean quoted(String html, String target) {
    return html.contains("](" + target);
  }

  private static void checkInvariants(Document doc) {
    assertFalse(doc.title().isBlank(), "blank title");
    List<Section> all = doc.allSections();
    assertFalse(all.isEmpty(), "no section");
    for (Section s : all.subList(1, all.size())) {
      assertFalse(s.isLead(), "the lead section must come first");
    }
    Set<SectionId> ids = new HashSet<>();
    for (Section s : all) {
      assertTrue(ids.add(s.id()), "duplicate section id '" + s.id() + "'");
      if (!s.isLead()) {
        assertFalse(s.id().value().isEmpty(), "only the lead may have the empty id");
        assertFalse(s.title().isBlank(), "section '" + s.id() + "' has a blank title");
      }
      assertFalse(s.markdown().contains("\r"), "carriage return in Markdown");
      assertFalse(
          RAW_SCRIPT.matcher(s.markdown()).find(),
          "script or style markup in section '" + s.id() + "'");
    }
  }
}
