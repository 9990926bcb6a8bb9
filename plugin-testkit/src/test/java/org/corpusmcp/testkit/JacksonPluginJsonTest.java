package org.corpusmcp.testkit;

import org.corpusmcp.api.PluginJson;
import org.corpusmcp.pluginjson.JacksonPluginJson;

class JacksonPluginJsonTest extends AbstractPluginJsonContractTest {
  @Override
  protected PluginJson json() {
    return TestContexts.json();
  }
}
