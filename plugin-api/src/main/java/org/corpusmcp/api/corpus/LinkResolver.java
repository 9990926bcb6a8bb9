package org.corpusmcp.api.corpus;

import org.jspecify.annotations.Nullable;

/**
 * Turns a link found in a page into the link target written into Markdown. Supplied by the host for
 * each {@link CorpusAdapter#parse parse} call; adapters (and the shared {@code MarkdownRenderer})
 * pass <b>every</b> {@code href} through it and never write a raw href.
 *
 * <p>The argument is the {@code href} attribute exactly as found in the page (not URL-decoded, not
 * resolved): {@code "Georgia_on_My_Mind"}, {@code "../reference/datamodel#object.__len__"}, {@code
 * "%D0%AD%D1%81%D0%BF.html"}, {@code "#cite_note-1"}, {@code "https://example.org/"}. The host
 * resolves it against the current entry's path and answers an opaque target (for a document of the
 * same archive, a ref such as {@code corpus://Wikipedia/Georgia_on_My_Mind}), or {@code null} to
 * drop the link and keep only its text. A target should contain no whitespace; the renderer escapes
 * what Markdown needs.
 *
 * <p>Must be fast, must not throw, and may be called from the thread running the parse only.
 */
@FunctionalInterface
public interface LinkResolver {

  /** The Markdown link target for {@code href}, or {@code null} to keep only the link's text. */
  @Nullable String resolve(String href);

  /** Drops every link and keeps its text. */
  static LinkResolver dropAll() {
    return href -> null;
  }

  /** Keeps every non-blank href unchanged (tests and debugging only: leaks archive paths). */
  static LinkResolver keepAsIs() {
    return href -> href.isBlank() ? null : href;
  }
}
