/**
 * What a plugin's own tests need, published as {@code org.corpusmcp:plugin-testkit} for plugins to
 * depend on in test scope: the adapter contract suite ({@link
 * org.corpusmcp.testkit.AbstractCorpusAdapterContractTest}) with its {@link
 * org.corpusmcp.testkit.FuzzCorpus hostile inputs}, the {@code PluginJson} contract, and {@link
 * org.corpusmcp.testkit.TestContexts contexts} lending the host's services without a host.
 */
@NullMarked
package org.corpusmcp.testkit;

import org.jspecify.annotations.NullMarked;
