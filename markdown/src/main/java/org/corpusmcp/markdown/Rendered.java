package org.corpusmcp.markdown;

import java.util.Objects;

/**
 * One rendering of a node, in the two forms the walk writes side by side.
 *
 * @param markdown GitHub-flavoured Markdown, as {@code fetch} returns it
 * @param text the same content as plain text for snippets, hints and word lists: no Markdown syntax
 *     and no escapes, link text without its target; paragraphs are one line each and are separated
 *     by a blank line, while list items, table rows (cells separated by a tab), key/value lines and
 *     code lines each take a line of their own
 */
public record Rendered(String markdown, String text) {

  public static final Rendered EMPTY = new Rendered("", "");

  public Rendered {
    Objects.requireNonNull(markdown, "markdown");
    Objects.requireNonNull(text, "text");
  }
}
