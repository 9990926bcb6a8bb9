package org.corpusmcp.mediawiki;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest.Sample;
import org.corpusmcp.testkit.AdapterFuzzing;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over mwoffliner (MediaWiki) pages: the hand-written pages of the family with spans
 * replaced by fuzzer text, under their own entry or a fuzzed one, parsed with link resolvers that
 * issue, drop or refuse links. Nothing may throw; a document keeps the adapter contract's
 * invariants and every link target in it came from the resolver ({@link AdapterFuzzing#check}).
 * Archive metadata of any text gets a detection score in [0, 1].
 */
@Tag("fuzz")
class MediaWikiAdapterFuzzTest {

  private static final List<Sample> SAMPLES = Fixtures.all();
  private static final MediaWikiAdapter ADAPTER = new MediaWikiAdapter();

  @FuzzTest(maxDuration = "30s")
  void pagesParseOrAreRefusedAndKeepTheContract(FuzzedDataProvider data) {
    Sample sample = SAMPLES.get(data.consumeInt(0, SAMPLES.size() - 1));
    EntryFacts entry =
        data.consumeBoolean()
            ? sample.entry()
            : new EntryFacts(
                data.consumeString(40),
                data.consumeString(40),
                data.consumeBoolean() ? "text/html" : data.consumeString(20),
                data.consumeBoolean());
    double score =
        ADAPTER.detect(
            ArchiveMetadata.of(
                Map.of(
                    "Scraper", data.consumeString(30),
                    "Tags", data.consumeString(30),
                    "Name", data.consumeString(30))));
    assertTrue(score >= 0 && score <= 1, "detect() gave " + score);
    ADAPTER.isDocument(entry);
    String html =
        AdapterFuzzing.splice(
            sample.html(),
            new AdapterFuzzing.Choices() {
              @Override
              public int pick(int min, int max) {
                return data.consumeInt(min, max);
              }

              @Override
              public String text(int maxLength) {
                return data.consumeString(maxLength);
              }
            });
    AdapterFuzzing.check(ADAPTER, entry, html);
  }
}
