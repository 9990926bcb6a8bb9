package org.corpusmcp.zim;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.IntFunction;
import org.corpusmcp.zim.format.ArchiveBytes;
import org.corpusmcp.zim.format.ArchiveLayout;
import org.corpusmcp.zim.format.ChecksumVerifier;
import org.corpusmcp.zim.format.Cluster;
import org.corpusmcp.zim.format.ClusterCache;
import org.corpusmcp.zim.format.Dirent;
import org.corpusmcp.zim.format.IntegrityCheck;
import org.corpusmcp.zim.format.TitleListing;
import org.corpusmcp.zim.format.TitleOrder;
import org.corpusmcp.zim.format.ZimHeader;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * An open ZIM archive: lookups by path, title and index, iteration, metadata and content.
 *
 * <p><b>Lifecycle.</b> Get one from {@link Zim#open}; close it when done. It is immutable and
 * thread-safe: share one instance between any number of threads. Reads are positional (memory
 * maps); decompressed clusters are shared through a cache bounded in bytes ({@link
 * ZimOptions#cacheBytes()}) that never decompresses a cluster twice at the same time.
 *
 * <p><b>Paths</b> follow libzim. In a new-scheme archive (version ≥ 6.1) user content is in
 * namespace {@code C} and {@link #findByPath} takes the path without namespace; a path that looks
 * like an old one ({@code A/foo} or {@code /A/foo}) falls back to {@code C/foo}, so old links still
 * resolve. In an old-scheme archive the path includes its namespace ({@code A/foo}). Metadata,
 * well-known and index entries are reached with {@link #metadata}, {@link #mainEntry}, {@link
 * #findByNamespace} or {@link #entryAt}.
 *
 * <p><b>Errors.</b> A damaged archive raises {@link ZimFormatException} (never {@link
 * IllegalArgumentException}); only the damaged entries fail, the rest stay readable.
 */
public final class Archive implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(Archive.class.getName());
  private static final String NEW_NAMESPACES_FIRST = "CAIJ-";
  private static final java.util.regex.Pattern ILLUSTRATION =
      java.util.regex.Pattern.compile("Illustration_(\\d+)x(\\d+)@1");

  private final ArchiveLayout layout;
  private final EntryReader entries;
  private final String name;

  /** User entries: namespace C in new-scheme archives, everything in old ones. */
  private final int userStart;

  private final int userEnd;

  private Archive(
      ArchiveLayout layout, EntryReader entries, String name, int userStart, int userEnd) {
    this.layout = layout;
    this.entries = entries;
    this.name = name;
    this.userStart = userStart;
    this.userEnd = userEnd;
  }

  static Archive open(ByteSource source, String name, ZimOptions options) {
    ArchiveBytes in = new ArchiveBytes(source, name);
    ArchiveLayout layout = ArchiveLayout.open(in, options.maxClusterBytes());
    IntFunction<Cluster> loader = layout.clusters()::read;
    ClusterCache cache = new ClusterCache(options.cacheBytes(), loader);
    int start = 0;
    int end = layout.header().entryCount();
    if (layout.header().newNamespaceScheme()) {
      start = layout.directory().namespaceStart((byte) 'C');
      end = layout.directory().namespaceStart((byte) 'D');
    }
    Archive a = new Archive(layout, new EntryReader(layout, cache, name), name, start, end);
    LOG.log(
        Level.DEBUG,
        () ->
            String.format(
                "opened %s: version %d.%d, %d entries, %d clusters",
                name,
                layout.header().major(),
                layout.header().minor(),
                layout.header().entryCount(),
                layout.header().clusterCount()));
    return a;
  }

  // ---------------------------------------------------------------- identity and header

  /** The name given at open (the file name), used in messages. */
  public String name() {
    return name;
  }

  /** The archive's size in bytes (all parts; only the archive when embedded). */
  public long size() {
    return layout.bytes().size();
  }

  public int majorVersion() {
    return layout.header().major();
  }

  public int minorVersion() {
    return layout.header().minor();
  }

  /** The UUID as libzim prints it: lowercase hex in byte order, grouped 8-4-4-4-12. */
  public String uuid() {
    String h = HexFormat.of().formatHex(layout.header().uuid());
    return h.substring(0, 8)
        + "-"
        + h.substring(8, 12)
        + "-"
        + h.substring(12, 16)
        + "-"
        + h.substring(16, 20)
        + "-"
        + h.substring(20);
  }

  /** Whether the archive uses the C/M/W/X namespaces (version ≥ 6.1). */
  public boolean hasNewNamespaceScheme() {
    return layout.header().newNamespaceScheme();
  }

  /** The MIME-type list, in code order. */
  public List<String> mimeTypes() {
    return layout.mimeTypes().types();
  }

  /** All dirents in every namespace (libzim {@code getAllEntryCount}). */
  public int allEntryCount() {
    return layout.header().entryCount();
  }

  /**
   * User entries: the {@code C} namespace (new scheme) or all entries (old); libzim {@code
   * getEntryCount}.
   */
  public int entryCount() {
    return userEnd - userStart;
  }

  /**
   * The number of articles, as libzim's {@code getArticleCount}: the size of the v1 front-article
   * listing when present; otherwise the sum of the {@code text/html*} counts in {@code M/Counter};
   * otherwise the size of namespace {@code A} (old scheme) or {@code C} (new).
   */
  public int articleCount() {
    TitleListing v1 = layout.titlesV1();
    if (v1 != null) {
      return v1.size();
    }
    String counter = metadata("Counter");
    if (counter != null) {
      long sum = 0;
      for (java.util.Map.Entry<String, Long> kv : MimeCounter.parse(counter).entrySet()) {
        if (kv.getKey().startsWith("text/html")) {
          sum += kv.getValue();
        }
      }
      return (int) Math.min(Integer.MAX_VALUE, sum);
    }
    byte ns = (byte) (hasNewNamespaceScheme() ? 'C' : 'A');
    return layout.directory().namespaceStart((byte) (ns + 1))
        - layout.directory().namespaceStart(ns);
  }

  /**
   * The number of media entries, as libzim's {@code getMediaCount}: the sum of the {@code image/*},
   * {@code video/*} and {@code audio/*} counts in {@code M/Counter}; empty without {@code
   * M/Counter} (libzim 8.1.1 then fails with "Cannot find metadata").
   */
  public java.util.OptionalInt mediaCount() {
    String counter = metadata("Counter");
    if (counter == null) {
      return java.util.OptionalInt.empty();
    }
    long sum = 0;
    for (java.util.Map.Entry<String, Long> kv : MimeCounter.parse(counter).entrySet()) {
      String mime = kv.getKey();
      if (mime.startsWith("image/") || mime.startsWith("video/") || mime.startsWith("audio/")) {
        sum += kv.getValue();
      }
    }
    return java.util.OptionalInt.of((int) Math.min(Integer.MAX_VALUE, sum));
  }

  public int clusterCount() {
    return layout.header().clusterCount();
  }

  /** Whether the archive holds the v1 front-article title listing in an uncompressed cluster. */
  public boolean hasFrontArticleListing() {
    return layout.titlesV1() != null;
  }

  /** The stored MD5 as lowercase hex, or null when the archive has none. */
  public @Nullable String checksum() {
    return ChecksumVerifier.stored(layout);
  }

  // ---------------------------------------------------------------- lookups

  /**
   * Entry {@code index} in path order over all namespaces.
   *
   * @throws IndexOutOfBoundsException index not in [0, allEntryCount)
   */
  public Entry entryAt(int index) {
    return entries.entryAt(index);
  }

  /** The entry with this public path (see class doc), or null. Redirects are not followed. */
  public @Nullable Entry findByPath(String path) {
    if (hasNewNamespaceScheme()) {
      Entry e = findByNamespace('C', path);
      if (e != null) {
        return e;
      }
      String rest = oldStylePathRest(path);
      return rest == null ? null : findByNamespace('C', rest);
    }
    String p = path.startsWith("/") ? path.substring(1) : path;
    if (p.length() < 2 || p.charAt(1) != '/') {
      return null;
    }
    return findByNamespace(p.charAt(0), p.substring(2));
  }

  /** The entry with this public path; throws {@link NoSuchElementException} when absent. */
  public Entry expectByPath(String path) {
    Entry e = findByPath(path);
    if (e == null) {
      throw new NoSuchElementException(name + " has no entry at path " + path);
    }
    return e;
  }

  private static @Nullable String oldStylePathRest(String path) {
    String p = path.startsWith("/") ? path.substring(1) : path;
    return p.length() >= 2 && p.charAt(1) == '/' ? p.substring(2) : null;
  }

  /** The entry {@code namespace/path} in any namespace ({@code 'M'}, {@code 'X'} …), or null. */
  public @Nullable Entry findByNamespace(char namespace, String path) {
    int i = layout.directory().find((byte) namespace, path.getBytes(StandardCharsets.UTF_8));
    return i < 0 ? null : entryAt(i);
  }

  /**
   * The entry with exactly this title, or null: a binary search of the title listing (v1 when the
   * archive has it, else v0) in namespaces C, A, I, J, - in turn, like libzim's {@code
   * getEntryByTitle}. Titles compare as UTF-8 bytes, case-sensitively. When the listing turns out
   * damaged the search goes on in the next order that works ({@link ArchiveLayout#titleOrder}).
   */
  public @Nullable Entry findByTitle(String title) {
    byte[] key = title.getBytes(StandardCharsets.UTF_8);
    return withTitleOrder(
        t -> {
          for (int k = 0; k < NEW_NAMESPACES_FIRST.length(); k++) {
            byte ns = (byte) NEW_NAMESPACES_FIRST.charAt(k);
            int i = t.lowerBound(ns, key);
            if (i < t.size()) {
              Dirent d = t.dirent(i);
              if (d.namespace() == ns && java.util.Arrays.equals(d.title(), key)) {
                return entries.entry(d);
              }
            }
          }
          return null;
        });
  }

  /**
   * Up to {@code max} user entries whose title starts with {@code prefix}, in title order (byte
   * order, case-sensitive): libzim's title-listing suggestion fallback.
   */
  public List<Entry> findByTitlePrefix(String prefix, int max) {
    if (max < 0) {
      throw new IllegalArgumentException("max < 0: " + max);
    }
    byte[] key = prefix.getBytes(StandardCharsets.UTF_8);
    byte ns = (byte) (hasNewNamespaceScheme() ? 'C' : 'A');
    return withTitleOrder(
        t -> {
          List<Entry> out = new ArrayList<>();
          for (int i = t.lowerBound(ns, key); i < t.size() && out.size() < max; i++) {
            Dirent d = t.dirent(i);
            if (d.namespace() != ns || !startsWith(d.title(), key)) {
              break;
            }
            out.add(entries.entry(d));
          }
          return out;
        });
  }

  /**
   * Runs a title lookup on the current title order; when that order is a stored listing found
   * damaged on the way, runs it again on the next order (at most the three there are).
   */
  private <T> T withTitleOrder(java.util.function.Function<TitleOrder, T> lookup) {
    while (true) {
      TitleOrder t = layout.titleOrder();
      try {
        return lookup.apply(t);
      } catch (ZimFormatException e) {
        if (!(t instanceof TitleListing titleListing) || !titleListing.isDamageOf(e)) {
          throw e;
        }
      }
    }
  }

  private static boolean startsWith(byte[] a, byte[] prefix) {
    return a.length >= prefix.length
        && java.util.Arrays.equals(a, 0, prefix.length, prefix, 0, prefix.length);
  }

  // ---------------------------------------------------------------- iteration

  /** User entries (see {@link #entryCount()}) in path order. */
  public Iterable<Entry> entriesByPath() {
    return () -> range(userStart, userEnd, this::entryAt);
  }

  /** Every entry of every namespace, in path order. */
  public Iterable<Entry> allEntries() {
    return () -> range(0, allEntryCount(), this::entryAt);
  }

  /**
   * User entries in title order, as libzim's {@code iterByTitle}: the front articles of the v1
   * listing when present; otherwise the {@code A} (old scheme) or {@code C} (new scheme) range of
   * the v0 listing.
   */
  public Iterable<Entry> entriesByTitle() {
    byte ns = (byte) (hasNewNamespaceScheme() ? 'C' : 'A');
    return withTitleOrder(
        t -> {
          if (t.isV1()) {
            return () -> range(0, t.size(), i -> entries.entry(t.dirent(i)));
          }
          int from = t.lowerBound(ns, new byte[0]);
          int to = t.lowerBound((byte) (ns + 1), new byte[0]);
          return () -> range(from, to, i -> entries.entry(t.dirent(i)));
        });
  }

  private static Iterator<Entry> range(int from, int to, IntFunction<Entry> get) {
    return new Iterator<>() {
      private int next = from;

      @Override
      public boolean hasNext() {
        return next < to;
      }

      @Override
      public Entry next() {
        if (next >= to) {
          throw new NoSuchElementException();
        }
        return get.apply(next++);
      }
    };
  }

  // ---------------------------------------------------------------- well-known entries

  /**
   * The main page entry, possibly a redirect ({@code W/mainPage} in new archives, else the header's
   * main page), or null when the archive has none.
   */
  public @Nullable Entry mainEntry() {
    if (hasNewNamespaceScheme()) {
      Entry w = findByNamespace('W', "mainPage");
      if (w != null) {
        return w;
      }
    }
    int main = layout.header().mainPage();
    if (main == -1) {
      return null;
    }
    if (main < 0 || main >= allEntryCount()) {
      throw layout
          .bytes()
          .fault(ZimFault.REDIRECT_INDEX, 64, "< " + allEntryCount(), main & 0xFFFF_FFFFL);
    }
    return entryAt(main);
  }

  /**
   * Names of the metadata entries ({@code M/…}), in path order: {@code Title}, {@code Language} …
   */
  public List<String> metadataKeys() {
    int from = layout.directory().namespaceStart((byte) 'M');
    int to = layout.directory().namespaceStart((byte) 'N');
    List<String> keys = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      keys.add(entryAt(i).rawPath());
    }
    return keys;
  }

  /** The raw value of metadata {@code M/<name>} (redirects followed), or null when absent. */
  public @Nullable Blob metadataBlob(String name) {
    Entry e = findByNamespace('M', name);
    return e == null ? null : e.content();
  }

  /** The value of metadata {@code M/<name>} as UTF-8 text, or null when absent. */
  public @Nullable String metadata(String name) {
    Blob b = metadataBlob(name);
    return b == null ? null : b.text();
  }

  /**
   * {@code M/Language} split on commas (ISO 639-3 codes, e.g. {@code [eng]}); empty when absent.
   */
  public List<String> languages() {
    String v = metadata("Language");
    List<String> out = new ArrayList<>();
    if (v != null) {
      for (String s : v.split(",", -1)) {
        if (!s.isBlank()) {
          out.add(s.strip());
        }
      }
    }
    return out;
  }

  /**
   * Square illustration sizes available as {@code M/Illustration_<s>x<s>@1}, ascending; 48 is
   * included when only an old favicon provides it, as in libzim.
   */
  public List<Integer> illustrationSizes() {
    List<Integer> sizes = new ArrayList<>();
    for (String k : metadataKeys()) {
      java.util.regex.Matcher m = ILLUSTRATION.matcher(k);
      if (m.matches() && m.group(1).equals(m.group(2)) && m.group(1).length() < 10) {
        sizes.add(Integer.parseInt(m.group(1)));
      }
    }
    if (!sizes.contains(48) && illustration(48) != null) {
      sizes.add(48);
    }
    sizes.sort(null);
    return sizes;
  }

  /**
   * The illustration of {@code size}×{@code size} pixels, or null. For 48 it falls back to the old
   * favicon entries ({@code -/favicon}, {@code -/favicon.png}, {@code I/favicon}, {@code
   * I/favicon.png}), as libzim does.
   */
  public @Nullable Blob illustration(int size) {
    Blob b = metadataBlob("Illustration_" + size + "x" + size + "@1");
    if (b != null || size != 48) {
      return b;
    }
    for (String p : new String[] {"-/favicon", "-/favicon.png", "I/favicon", "I/favicon.png"}) {
      Entry e = findByNamespace(p.charAt(0), p.substring(2));
      if (e != null) {
        return e.content();
      }
    }
    return null;
  }

  /**
   * The full-text Xapian database ({@code X/fulltext/xapian}, else {@code Z//fulltextIndex/xapian})
   * as an archive slice, or null when absent or not directly accessible (compressed, split across
   * parts, a redirect), which libzim treats as "no index".
   */
  public @Nullable ByteSource fulltextIndex() {
    Entry e = findByNamespace('X', "fulltext/xapian");
    if (e == null) {
      e = findByNamespace('Z', "/fulltextIndex/xapian");
    }
    return e == null ? null : e.directContent();
  }

  /** The title Xapian database ({@code X/title/xapian}) as an archive slice, or null, as above. */
  public @Nullable ByteSource titleIndex() {
    Entry e = findByNamespace('X', "title/xapian");
    return e == null ? null : e.directContent();
  }

  // ---------------------------------------------------------------- integrity

  /**
   * Full structural validation (libzim's {@code zim::validate} minus the checksum): every pointer,
   * dirent, ordering, title listing, MIME code and cluster. Reads and decompresses the whole
   * archive once.
   *
   * @throws ZimFormatException naming the first fault
   */
  public void validate() {
    IntegrityCheck.run(layout);
  }

  /**
   * Every structural fault of the archive, each with its offset (libzim's, bar the checksum): what
   * {@link #validate} checks, without stopping at the first. Opening refuses only what libzim
   * refuses at open; everything else damaged is here, and a typed error when it is read. At most
   * {@value org.corpusmcp.zim.format.IntegrityCheck#MAX_FAULTS} faults.
   */
  public List<ZimFormatException> findFaults() {
    return IntegrityCheck.faults(layout);
  }

  /**
   * Recomputes the MD5 of the archive and compares it with the stored one, telling {@code progress}
   * as it goes.
   *
   * @throws ZimFormatException with fault {@link ZimFault#CHECKSUM} on mismatch or when absent
   */
  public void verifyChecksum(ChecksumProgress progress) {
    ChecksumVerifier.verify(layout, progress);
  }

  /** The header (package-internal view for tests and tools). */
  ZimHeader header() {
    return layout.header();
  }

  @Override
  public void close() {
    layout.bytes().source().close();
  }

  @Override
  public String toString() {
    return "Archive[" + name + "]";
  }
}
