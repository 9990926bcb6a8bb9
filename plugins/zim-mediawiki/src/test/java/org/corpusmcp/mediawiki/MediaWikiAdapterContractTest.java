package org.corpusmcp.mediawiki;

import java.util.List;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest;

/** plugin-api's adapter contract, run on one hand-written page of every mwoffliner era. */
class MediaWikiAdapterContractTest extends AbstractCorpusAdapterContractTest {

  @Override
  protected CorpusAdapter adapter() {
    return new MediaWikiAdapter();
  }

  @Override
  protected List<Sample> samples() {
    return Fixtures.all();
  }
}
