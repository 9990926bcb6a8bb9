package org.corpusmcp.corpus;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.net.URI;
import java.net.URISyntaxException;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.jspecify.annotations.Nullable;

/**
 * Turns archive entries into parsed documents through their library's adapter, with in-page links
 * rewritten to refs, and keeps recently used ones (search hints and fetches of the same article are
 * common). Thread-safe and atomic per document: however many searches and fetches ask for one
 * document at once, it is read and parsed once and the others wait for that parse. The cache is
 * bounded by an estimate of the parsed documents' memory, not by their count, since one long
 * article weighs as much as hundreds of stubs.
 */
final class DocumentStore {

  /** A parsed document. */
  record Parsed(Document document) {}

  private final long maxDocumentBytes;
  private final long maxClusterBytes;
  private final Cache<DocumentKey, Parsed> cache;
  private final Cache<DocumentKey, DocumentWords> words;

  /**
   * @param maxCacheBytes the estimated memory the kept documents may take ({@link #weight})
   * @param maxWordsBytes the estimated memory the kept lexical views of documents (what search
   *     makes snippets and hints from) may take ({@link DocumentWords#weight})
   * @param maxDocumentBytes larger entries are refused before they are decompressed
   * @param maxClusterBytes the archives' cluster limit, named when an entry's cluster exceeds it
   */
  DocumentStore(
      long maxCacheBytes, long maxWordsBytes, long maxDocumentBytes, long maxClusterBytes) {
    this.maxDocumentBytes = maxDocumentBytes;
    this.maxClusterBytes = maxClusterBytes;
    this.cache =
        Caffeine.newBuilder()
            .maximumWeight(maxCacheBytes)
            .weigher((DocumentKey key, Parsed parsed) -> weight(parsed.document()))
            .build();
    this.words =
        Caffeine.newBuilder()
            .maximumWeight(maxWordsBytes)
            .weigher((DocumentKey key, DocumentWords view) -> view.weight())
            .build();
  }

  /**
   * The memory a parsed document is taken to hold, in bytes: its text as UTF-16 (two bytes a
   * character) twice over, once as Markdown and once as the plain text beside it, plus a kilobyte
   * for the objects around them. An estimate, stable for a given document.
   */
  static int weight(Document document) {
    long chars = document.title().length();
    for (Section s : document.allSections()) {
      chars += s.title().length() + s.markdown().length();
    }
    return (int) Math.min(Integer.MAX_VALUE, 1024 + 4 * chars);
  }

  /**
   * The document for {@code entry} (already resolved and known to be a document), or null when the
   * adapter says it is not one after all.
   *
   * @throws DocumentTooLargeException the entry is larger than {@code maxDocumentBytes}
   */
  @Nullable Parsed load(Library library, Entry entry) {
    // Caffeine runs the parse at most once per key at a time; a null (not a document) or an
    // exception is not kept, so the next request asks again.
    return cache.get(
        new DocumentKey(library.name(), entry.rawPath()), key -> parse(library, entry));
  }

  /**
   * The lexical view of {@code entry}'s document, for a search result's snippet and hints, or null
   * when the adapter says it is not a document. Kept apart from the parsed documents and much
   * smaller, so documents that searches keep finding are parsed once, not once per search.
   *
   * @throws DocumentTooLargeException the entry is larger than {@code maxDocumentBytes}
   */
  @Nullable DocumentWords words(Library library, Entry entry) {
    return words.get(
        new DocumentKey(library.name(), entry.rawPath()),
        key -> {
          Parsed parsed = load(library, entry);
          return parsed == null ? null : DocumentWords.of(parsed.document());
        });
  }

  private @Nullable Parsed parse(Library library, Entry entry) {
    long size;
    try {
      size = entry.size(); // reads the cluster's offset table only, not the content
    } catch (ZimFormatException e) {
      if (e.fault() == ZimFault.CLUSTER_TOO_LARGE) {
        throw DocumentTooLargeException.cluster(
            library.name(), library.refPath(entry), maxClusterBytes);
      }
      throw e;
    }
    if (size > maxDocumentBytes) {
      throw DocumentTooLargeException.entry(
          library.name(), library.refPath(entry), size, maxDocumentBytes);
    }
    String html = entry.content().text();
    LinkResolver links = href -> resolveLink(library, entry, href);
    ParseResult result =
        library.withAdapterLoader(() -> library.adapter().parse(library.facts(entry), html, links));
    if (!(result instanceof Document document)) {
      return null;
    }
    return new Parsed(document);
  }

  /**
   * Where a link in {@code from} should point: a ref for a document of the same library, the URL
   * for an external http(s) link, nothing (text only) for anything else.
   */
  static @Nullable String resolveLink(Library library, Entry from, String href) {
    String h = href.trim();
    URI uri = parseHref(h);
    if (uri == null) {
      return null;
    }
    if (uri.getScheme() != null) {
      String scheme = uri.getScheme().toLowerCase(java.util.Locale.ROOT);
      return scheme.equals("http") || scheme.equals("https") ? h : null;
    }
    Entry end = linkTarget(library, from, uri);
    return end == null ? null : Refs.encode(library.name(), library.refPath(end));
  }

  /**
   * The document of the same library a link in {@code from} leads to (redirects followed), or null
   * for an external, in-page or broken link.
   */
  static @Nullable Entry linkTarget(Library library, Entry from, String href) {
    URI uri = parseHref(href.trim());
    return uri == null || uri.getScheme() != null ? null : linkTarget(library, from, uri);
  }

  private static @Nullable URI parseHref(String h) {
    if (h.isEmpty() || h.startsWith("#")) {
      return null;
    }
    try {
      return new URI(h.replace(" ", "%20").replace("|", "%7C"));
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static @Nullable Entry linkTarget(Library library, Entry from, URI uri) {
    if (uri.getRawAuthority() != null || uri.getRawPath() == null || uri.getRawPath().isEmpty()) {
      return null;
    }
    String base = from.fullPath(); // resolve as libzim-served URLs do: against N/path
    String resolved;
    try {
      resolved =
          new URI(null, null, "/" + base, null)
              .resolve(new URI(null, null, uri.getPath(), null))
              .getPath();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null;
    }
    if (resolved == null || resolved.length() < 3 || resolved.charAt(2) != '/') {
      return null;
    }
    char namespace = resolved.charAt(1);
    Entry target = library.archive().findByNamespace(namespace, resolved.substring(3));
    if (target == null) {
      return null;
    }
    try {
      Entry end = target.resolve();
      return library.isDocument(end) ? end : null;
    } catch (ZimFormatException e) {
      return null; // a broken redirect chain: keep the text, lose the link
    }
  }
}
