package org.corpusmcp.api.corpus;

import java.util.Locale;
import java.util.Objects;

/**
 * What the host knows about one archive entry before reading its content: all an adapter needs to
 * decide {@linkplain CorpusAdapter#isDocument whether it is a document} and to {@linkplain
 * CorpusAdapter#parse parse} it. Redirects never reach an adapter: the host resolves them first.
 *
 * @param path the entry's content path <b>without</b> any ZIM namespace, exactly as stored, not
 *     URL-decoded: {@code "Ray_Charles"}, {@code "Ray_Charles.html"} (2015 files), {@code
 *     "library/functions"}, {@code "questions/123/how-do-i-x"}. For old-scheme archives the host
 *     strips the {@code "A/"} prefix, so adapters see one path form for every era.
 * @param title the entry's title as stored in the archive (may differ from the path, e.g. path
 *     {@code "Blue_Funk_(Ray_Charles_song)"} with title {@code "Soul Brothers"}); may be empty
 * @param mimeType the entry's MIME type, e.g. {@code "text/html"} (parameters such as {@code
 *     ";charset=utf-8"} may follow)
 * @param frontArticle the ZIM "front article" flag (new-scheme files); for old-scheme files the
 *     host passes {@code true} for entries of the article namespace {@code A}
 */
public record EntryFacts(String path, String title, String mimeType, boolean frontArticle) {

  public EntryFacts {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(mimeType, "mimeType");
  }

  /** A front-article HTML entry: the usual shape of a document, handy in tests. */
  public static EntryFacts html(String path, String title) {
    return new EntryFacts(path, title, "text/html", true);
  }

  /**
   * True if the MIME type is {@code text/html} or {@code application/xhtml+xml}, any parameters.
   */
  public boolean isHtml() {
    String base = mimeType;
    int semicolon = base.indexOf(';');
    if (semicolon >= 0) {
      base = base.substring(0, semicolon);
    }
    base = base.trim().toLowerCase(Locale.ROOT);
    return base.equals("text/html") || base.equals("application/xhtml+xml");
  }
}
