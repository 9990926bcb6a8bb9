package org.corpusmcp.corpus;

import org.corpusmcp.api.corpus.CorpusAdapter;

/** A loaded adapter, the plugin it came from, and that plugin's class loader. */
public record AdapterBinding(CorpusAdapter adapter, String pluginId, ClassLoader classLoader) {}
