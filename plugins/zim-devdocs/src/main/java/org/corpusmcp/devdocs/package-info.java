/**
 * The {@code devdocs} corpus adapter: devdocs2zim archives (one DevDocs documentation set per
 * archive, e.g. {@code devdocs_en_python}), both page templates described in devdocs2zim 0.1
 * (sidebar inlined in every page) and 0.2 (navbar element). The cleaning rules are one immutable
 * {@link org.corpusmcp.markdown.CleaningPolicy} ({@link
 * org.corpusmcp.devdocs.DevDocsAdapter#POLICY}); the shared engine and renderer from plugin-api do
 * the work.
 */
@NullMarked
package org.corpusmcp.devdocs;

import org.jspecify.annotations.NullMarked;
