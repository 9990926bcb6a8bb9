package org.corpusmcp.host.plugins;

import org.corpusmcp.api.PluginJson;
import org.corpusmcp.testkit.AbstractPluginJsonContractTest;

/** The JSON the host lends plugins keeps the contract the plugin-testkit's twin keeps. */
class JacksonPluginJsonTest extends AbstractPluginJsonContractTest {
  @Override
  protected PluginJson json() {
    return PluginContexts.JSON;
  }
}
