package org.corpusmcp.mediawiki;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
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
    AdapterFuzzing.fuzzOnce(
        ADAPTER,
        SAMPLES,
        AdapterFuzzing.Choices.of(data::consumeInt, data::consumeString, data::consumeBoolean));
  }
}
