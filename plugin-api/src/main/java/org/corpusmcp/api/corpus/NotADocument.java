package org.corpusmcp.api.corpus;

import java.util.Objects;

/**
 * The entry is not a document after all; the host reports it as {@code not_found} and keeps it out
 * of search results.
 *
 * @param reason one sentence for logs, e.g. {@code "article-list home page"}
 */
public record NotADocument(String reason) implements ParseResult {
  public NotADocument {
    Objects.requireNonNull(reason, "reason");
  }
}
