package org.corpusmcp.devdocs;

import java.util.List;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.testkit.AbstractCorpusAdapterContractTest;

/** plugin-api's adapter contract, run on every hand-written DevDocs page (both templates). */
class DevDocsAdapterContractTest extends AbstractCorpusAdapterContractTest {

  @Override
  protected CorpusAdapter adapter() {
    return new DevDocsAdapter();
  }

  @Override
  protected List<Sample> samples() {
    return Pages.all();
  }
}
