package org.corpusmcp.api.corpus;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What kind of document an adapter produces, reported to agents as {@code kind} in search and fetch
 * results. The three bundled families use the constants; a third-party family may name its own kind
 * with {@link #of}.
 *
 * @param value lowercase ASCII, digits, {@code -} or {@code _}, starting with a letter, at most 32
 *     characters, e.g. {@code "article"}
 */
public record DocumentKind(String value) {

  private static final Pattern VALID = Pattern.compile("[a-z][a-z0-9_-]{0,31}");

  /** An encyclopedic or wiki page (MediaWiki: Wikipedia, MDWiki, Wikibooks). */
  public static final DocumentKind ARTICLE = new DocumentKind("article");

  /** A page of reference documentation (DevDocs). */
  public static final DocumentKind DOCUMENTATION = new DocumentKind("documentation");

  /** A question with its answers (Stack Exchange). */
  public static final DocumentKind THREAD = new DocumentKind("thread");

  /**
   * @throws IllegalArgumentException if {@code value} does not match the pattern above
   */
  public DocumentKind {
    Objects.requireNonNull(value, "value");
    if (!VALID.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "document kind must match " + VALID.pattern() + ", got '" + value + "'");
    }
  }

  /** The kind named {@code value}; same rules as the constructor. */
  public static DocumentKind of(String value) {
    return new DocumentKind(value);
  }

  @Override
  public String toString() {
    return value;
  }
}
