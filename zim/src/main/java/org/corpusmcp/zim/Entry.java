package org.corpusmcp.zim;

import java.nio.charset.StandardCharsets;
import org.corpusmcp.zim.format.Dirent;
import org.corpusmcp.zim.format.DirentKind;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * One directory entry of an {@link Archive}: an item with content, a redirect to another entry, or
 * (in old archives only) a link-target or deleted placeholder without content. Immutable and
 * thread-safe; cheap to create, so equal entries are not necessarily the same object.
 *
 * <p>Paths follow libzim's public API: in a new-scheme archive {@link #path()} has no namespace
 * ({@code "main.html"} for the dirent {@code C/main.html}); in an old-scheme archive it has one
 * ({@code "A/main.html"}). {@link #fullPath()} always has it.
 */
public final class Entry {

  /** What kind of dirent an entry is. */
  public enum Kind {
    /** Has content (a blob in a cluster). */
    ITEM,
    /** Points to another entry. */
    REDIRECT,
    /** Legacy placeholder without content. */
    LINK_TARGET,
    /** Legacy placeholder without content. */
    DELETED
  }

  /** libzim follows at most this many redirects. */
  static final int MAX_REDIRECTS = 50;

  private final EntryReader reader;
  private final Dirent dirent;

  Entry(EntryReader reader, Dirent dirent) {
    this.reader = reader;
    this.dirent = dirent;
  }

  Dirent dirent() {
    return dirent;
  }

  /** Position in the path-ordered directory, 0-based over all namespaces. */
  public int index() {
    return dirent.index();
  }

  /**
   * The namespace character: {@code C}, {@code M}, {@code W}, {@code X} (new) or {@code A}, {@code
   * I}, {@code -}, … (old).
   */
  public char namespace() {
    return (char) (dirent.namespace() & 0xFF);
  }

  /**
   * The path as libzim's API gives it: without namespace in new-scheme archives, with it in old
   * ones.
   */
  public String path() {
    return reader.newNamespaceScheme() ? rawPath() : fullPath();
  }

  /** The path without namespace, as stored. */
  public String rawPath() {
    return new String(dirent.path(), StandardCharsets.UTF_8);
  }

  /** {@code N/path}. */
  public String fullPath() {
    return namespace() + "/" + rawPath();
  }

  /** The title, or the path (without namespace) when the stored title is empty, as libzim does. */
  public String title() {
    return new String(dirent.title(), StandardCharsets.UTF_8);
  }

  /** The title exactly as stored, possibly empty. */
  public String storedTitle() {
    return new String(dirent.storedTitle(), StandardCharsets.UTF_8);
  }

  public Kind kind() {
    DirentKind k = dirent.kind();
    return switch (k) {
      case ITEM -> Kind.ITEM;
      case REDIRECT -> Kind.REDIRECT;
      case LINK_TARGET -> Kind.LINK_TARGET;
      default -> Kind.DELETED;
    };
  }

  public boolean isRedirect() {
    return dirent.kind() == DirentKind.REDIRECT;
  }

  public boolean isItem() {
    return dirent.kind() == DirentKind.ITEM;
  }

  /**
   * The MIME type of an item.
   *
   * @throws IllegalStateException this entry is not an item
   * @throws ZimFormatException the MIME code is beyond the archive's MIME list
   */
  public String mimeType() {
    requireItem();
    return reader.mimeType(dirent);
  }

  /**
   * The entry a redirect points to, one hop.
   *
   * @throws IllegalStateException this entry is not a redirect
   * @throws ZimFormatException the target index is beyond the entry count
   */
  public Entry redirectTarget() {
    if (!isRedirect()) {
      throw new IllegalStateException(fullPath() + " is not a redirect");
    }
    return reader.redirectTarget(dirent);
  }

  /**
   * This entry with redirects followed to the end: itself when it is not a redirect.
   *
   * @throws ZimFormatException the chain loops or is longer than libzim's 50 hops
   */
  public Entry resolve() {
    Entry e = this;
    for (int hops = 0; e.isRedirect(); hops++) {
      if (hops == MAX_REDIRECTS) {
        throw new ZimFormatException(
            ZimFault.REDIRECT_LOOP,
            reader.archiveName(),
            dirent.offset(),
            "at most " + MAX_REDIRECTS + " redirects",
            "more from " + fullPath());
      }
      e = e.redirectTarget();
    }
    return e;
  }

  /**
   * The content, redirects followed.
   *
   * @throws IllegalStateException the (resolved) entry is a link-target or deleted placeholder
   * @throws ZimFormatException the cluster or blob is damaged
   */
  public Blob content() {
    if (!isRedirect()) {
      requireItem();
      return reader.content(dirent);
    }
    Entry e = resolve();
    if (!e.isItem()) {
      throw new ZimFormatException(
          ZimFault.REDIRECT_INDEX,
          reader.archiveName(),
          dirent.offset(),
          "a redirect to an item",
          fullPath() + " leads to " + e.kind() + " " + e.fullPath());
    }
    return reader.content(e.dirent);
  }

  /**
   * The content size in bytes, redirects followed. Decodes the cluster's offset table only, not the
   * content, so a caller can refuse an entry too large to load before paying for it.
   */
  public long size() {
    if (!isRedirect()) {
      requireItem();
      return reader.contentSize(dirent);
    }
    Entry e = resolve();
    if (!e.isItem()) {
      return content().size(); // throws the same REDIRECT_INDEX fault as content()
    }
    return reader.contentSize(e.dirent);
  }

  /**
   * Where the content is stored (its cluster and its blob number there), redirects followed,
   * without decoding anything and reading only the cluster's info byte; null when the cluster's
   * stored end cannot be known without decoding it (an xz cluster).
   *
   * @throws IllegalStateException the (resolved) entry is a link-target or deleted placeholder
   * @throws ZimFormatException the cluster's pointer or info byte is damaged
   */
  public @Nullable StoredBlob storedBlob() {
    Entry e = isRedirect() ? resolve() : this;
    e.requireItem();
    return reader.storedBlob(e.dirent);
  }

  /**
   * The content as an archive slice when it is stored uncompressed and within one part (libzim's
   * direct access), else null. Redirects are <em>not</em> followed, as libzim's indexes treat a
   * redirect as "no index".
   */
  public @Nullable ByteSource directContent() {
    return isItem() ? reader.directContent(dirent) : null;
  }

  private void requireItem() {
    if (!isItem()) {
      throw new IllegalStateException(fullPath() + " is a " + kind() + ", not an item");
    }
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof Entry entry && entry.reader == reader && entry.index() == index();
  }

  @Override
  public int hashCode() {
    return index();
  }

  @Override
  public String toString() {
    return fullPath();
  }
}
