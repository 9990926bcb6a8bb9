/**
 * The corpus side of the plugin contract: a {@link org.corpusmcp.api.corpus.CorpusAdapter}
 * interprets one family of ZIM archives (MediaWiki, DevDocs, Stack Exchange…) and the host serves
 * every configured archive through its two MCP tools, {@code search} and {@code fetch}.
 *
 * <p>The host owns the archive (reading entries, redirects, search, refs, budgets, hashing); an
 * adapter only answers three questions about one entry at a time: is it a document, what is its
 * title and section tree, and what Markdown does each section hold. Values here are immutable and
 * null-free unless marked {@code @Nullable}; nothing throws a checked exception.
 *
 * <p>Typical adapters build their {@link org.corpusmcp.api.corpus.Document} with the shared engine
 * in {@link org.corpusmcp.markdown} ({@code CleaningPolicy} + {@code HtmlSectionizer} + {@code
 * MarkdownRenderer}), so every family renders Markdown the same way.
 */
@NullMarked
package org.corpusmcp.api.corpus;

import org.jspecify.annotations.NullMarked;
