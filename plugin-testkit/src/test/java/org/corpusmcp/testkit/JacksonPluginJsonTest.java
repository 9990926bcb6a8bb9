package org.corpusmcp.testkit;

import org.corpusmcp.api.PluginJson;

class JacksonPluginJsonTest extends AbstractPluginJsonContractTest {
  @Override
  protected PluginJson json() {
    return TestContexts.json();
  }
}
