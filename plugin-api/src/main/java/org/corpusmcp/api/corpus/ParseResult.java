package org.corpusmcp.api.corpus;

/**
 * What {@link CorpusAdapter#parse} found: a {@link Document}, or a {@link NotADocument} when the
 * entry turned out not to be one (an article-list home page, a "documentation is missing" stub).
 *
 * <pre>{@code
 * if (adapter.parse(facts, html, links) instanceof Document doc) { ... }
 * }</pre>
 *
 * Kotlin: {@code when (val r = adapter.parse(facts, html, links)) { is Document -> …; is
 * NotADocument -> … }}.
 */
public sealed interface ParseResult permits Document, NotADocument {}
