package org.corpusmcp.host.plugins;

import org.corpusmcp.api.PluginJson;
import org.corpusmcp.testkit.AbstractPluginJsonContractTest;

/** The JSON the host lends plugins keeps the PluginJson contract. */
class JacksonPluginJsonTest extends AbstractPluginJsonContractTest {
  @Override
  protected PluginJson json() {
    return PluginContexts.JSON;
  }
}
