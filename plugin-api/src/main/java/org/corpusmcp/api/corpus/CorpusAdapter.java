package org.corpusmcp.api.corpus;

import org.pf4j.ExtensionPoint;

/**
 * Interprets one family of ZIM archives (MediaWiki, DevDocs, Stack Exchange…) for the host's
 * {@code search} and {@code fetch} tools. Annotate the implementation with {@code
 * @org.pf4j.Extension}; the host selects it by {@link #name()} from {@code corpus.toml}
 * ({@code adapter = "mediawiki"}) or, for {@code adapter = "auto"}, by {@link #detect}.
 *
 * <p><b>Lifecycle and threading.</b> The host creates one instance per plugin and shares it across
 * all archives and threads for the life of the process: every method must be thread-safe and
 * should keep no mutable state (hold an immutable policy instead). Methods must be fast, must not
 * block on I/O (the host owns the archive; an adapter never opens files), and must not throw for
 * any input: a {@code RuntimeException} is treated as a plugin bug, logged with the plugin's name,
 * and reported to the agent as an internal error.
 *
 * <p><b>What the host does around it.</b> For each archive: it lists entries, skips redirects,
 * asks {@link #isDocument} to decide which entries are documents, and serves those. On {@code
 * fetch} it reads the entry's HTML, calls {@link #parse} with a {@link LinkResolver} that turns
 * in-page links into refs, then selects sections, applies budgets and fingerprints the Markdown.
 * Search snippets are made by the host from the parsed document, never from the archive's index.
 *
 * <p>Only {@link #name}, {@link #kind} and {@link #parse} are abstract; the other methods are
 * optional hooks with defaults, so new hooks can be added without breaking implementers.
 */
public interface CorpusAdapter extends ExtensionPoint {

  /**
   * The name used for this adapter in {@code corpus.toml}: lowercase ASCII letters, digits and
   * {@code -}, starting with a letter, e.g. {@code "mediawiki"}, {@code "devdocs"}, {@code
   * "stackexchange"}. Must be constant and unique among loaded plugins ({@code "auto"} is
   * reserved).
   */
  String name();

  /** The kind of every document this adapter produces, e.g. {@link DocumentKind#ARTICLE}. */
  DocumentKind kind();

  /**
   * Whether the entry is a document this adapter serves (searchable and fetchable), judged from its
   * facts alone; the content is not read. The default accepts HTML front articles. Adapters narrow
   * it (skip list pages, assets, the article-list home) or widen it.
   */
  default boolean isDocument(EntryFacts entry) {
    return entry.frontArticle() && entry.isHtml();
  }

  /**
   * Parses one entry's HTML into a title and section tree. Never throws for odd HTML (broken,
   * empty, hostile, deeply nested): it returns the best document it can, or {@link NotADocument}
   * when the page is not a document (e.g. an article-list home page). The result must be a pure
   * function of the arguments: the same input gives an equal {@link Document} with byte-identical
   * Markdown on every run, because fetch fingerprints depend on it.
   *
   * @param entry facts of the entry (use {@link EntryFacts#title()} as the title when not blank)
   * @param html the entry's content decoded as UTF-8
   * @param links turns every {@code href} into a Markdown link target or drops the link
   */
  ParseResult parse(EntryFacts entry, String html, LinkResolver links);

  /**
   * The name and version of the rendering that made this adapter's Markdown, reported by fetch
   * beside every {@code content_hash}: a hash is checkable again only against the same rendering.
   * Change it with any change to the Markdown {@link #parse} writes for the same HTML. An adapter
   * that renders with the shared {@code markdown} module returns its {@code
   * MarkdownRenderer.RENDERING}, with nothing of its own changing the output. Default: {@code
   * "<name>-adapter"}, the adapter's own unversioned rendering; override it with a version.
   */
  default String rendering() {
    return name() + "-adapter";
  }

  /**
   * How sure this adapter is that it can serve an archive, from its metadata, for {@code adapter =
   * "auto"}: 0 means "not mine", 1 means "certainly mine" (e.g. {@code Scraper = "mwoffliner
   * 1.11.12"}), values between are guesses from weaker signals (names, tags, creator). The host
   * picks the highest score above 0 and refuses to start when the best two tie. Default: 0 (never
   * auto-selected).
   */
  default double detect(ArchiveMetadata metadata) {
    return 0;
  }
}
