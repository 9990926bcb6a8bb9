package org.corpusmcp.stackexchange;

import java.util.List;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest;

/**
 * plugin-api's adapter contract, run on the hand-written question pages of both sotoki generations.
 */
class StackExchangeAdapterContractTest extends AbstractCorpusAdapterContractTest {

  @Override
  protected CorpusAdapter adapter() {
    return new StackExchangeAdapter();
  }

  @Override
  protected List<Sample> samples() {
    return Pages.all();
  }
}
