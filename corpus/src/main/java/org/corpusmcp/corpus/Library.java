package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.corpus.CorpusConfig.LibraryConfig;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.StoredBlob;
import org.corpusmcp.zim.ZimFormatException;
import org.jspecify.annotations.Nullable;

/**
 * One configured library: its archive, the adapter that interprets it, and the provenance facts
 * every result carries. Immutable and thread-safe (the archive is).
 *
 * <p>This is where ZIM namespaces stop: everything above sees a document path as it appears in
 * refs, {@code Bell_test}, whether the archive stores it as {@code C/Bell_test} or {@code
 * A/Bell_test}.
 */
public final class Library implements AutoCloseable {

  private final LibraryConfig config;
  private final Archive archive;
  private final CorpusAdapter adapter;
  private final ClassLoader adapterLoader;
  private final String snapshot;
  private final ArchiveMetadata metadata;
  private final @Nullable String fileIdentity;
  private final ClusterFingerprints clusterFingerprints;
  private final String rendering;

  Library(
      LibraryConfig config,
      Archive archive,
      CorpusAdapter adapter,
      ClassLoader adapterLoader,
      ArchiveMetadata metadata,
      String rendering) {
    this.config = config;
    this.archive = archive;
    this.adapter = adapter;
    this.adapterLoader = adapterLoader;
    this.metadata = metadata;
    this.snapshot = snapshotOf(metadata.getOrEmpty("Date"), config.path().getFileName().toString());
    this.fileIdentity = fileIdentityOf(archive);
    this.clusterFingerprints = new ClusterFingerprints(archive.clusterCount());
    this.rendering = rendering;
  }

  public String name() {
    return config.name();
  }

  public LibraryConfig config() {
    return config;
  }

  /** Its archive's user entries (libzim's {@code getEntryCount}), for reports. */
  public int entryCount() {
    return archive.entryCount();
  }

  public Archive archive() {
    return archive;
  }

  public CorpusAdapter adapter() {
    return adapter;
  }

  /** Which rendering made this library's Markdown: its adapter's, read once (it is constant). */
  public String rendering() {
    return rendering;
  }

  ClassLoader adapterLoader() {
    return adapterLoader;
  }

  public DocumentKind kind() {
    return adapter.kind();
  }

  /** {@code YYYY-MM} from {@code M/Date}, else from a {@code _YYYY-MM} file name, else "". */
  public String snapshot() {
    return snapshot;
  }

  public String uuid() {
    return archive.uuid();
  }

  public ArchiveMetadata metadata() {
    return metadata;
  }

  /**
   * True when both libraries hold the same archive file (one archive listed twice, or a copy of
   * it): the same UUID, size and stored MD5 of every byte before it. Then an entry's path alone
   * says whether two entries hold the same content, and no content needs to be read to tell.
   */
  public boolean holdsSameFileAs(Library other) {
    return fileIdentity != null && fileIdentity.equals(other.fileIdentity);
  }

  /**
   * The fingerprint of the stored cluster {@code stored} lies in (an entry of this library's
   * archive), computed once while the library is open.
   */
  public long storedClusterFingerprint(StoredBlob stored) {
    return clusterFingerprints.of(stored);
  }

  /** UUID, size and stored checksum, or null when the archive stores no checksum to trust. */
  private static @Nullable String fileIdentityOf(Archive archive) {
    try {
      String checksum = archive.checksum();
      return checksum == null ? null : archive.uuid() + "/" + archive.size() + "/" + checksum;
    } catch (ZimFormatException e) {
      return null; // no readable checksum: two such archives are compared by content
    }
  }

  /** The entry a ref path names, or null. */
  public @Nullable Entry entry(String refPath) {
    return archive.hasNewNamespaceScheme()
        ? archive.findByNamespace('C', refPath)
        : archive.findByNamespace('A', refPath);
  }

  /** The path of {@code entry} as refs carry it (no namespace). */
  public String refPath(Entry entry) {
    return entry.rawPath();
  }

  /** What the adapter may know of an entry. */
  public EntryFacts facts(Entry entry) {
    boolean front =
        archive.hasNewNamespaceScheme()
            ? entry.namespace() == 'C' && isHtml(entry.mimeType())
            : entry.namespace() == 'A';
    return new EntryFacts(entry.rawPath(), entry.title(), entry.mimeType(), front);
  }

  /** True when {@code entry} (already resolved) is a document of this library. */
  public boolean isDocument(Entry entry) {
    if (entry.isRedirect() || !entry.isItem()) {
      return false;
    }
    char ns = entry.namespace();
    if (archive.hasNewNamespaceScheme() ? ns != 'C' : ns != 'A') {
      return false;
    }
    return withAdapterLoader(() -> adapter.isDocument(facts(entry)));
  }

  /** Runs a call into the adapter with its plugin's class loader as context loader. */
  <T> T withAdapterLoader(java.util.function.Supplier<T> call) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(adapterLoader);
    try {
      return call.get();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /**
   * What {@code corpus validate} reports: provenance, and every structural fault of the archive
   * with its offset (this decodes every cluster, so it reads the whole archive).
   */
  public LibraryReport describe() {
    List<LibraryReport.Fault> faults = new ArrayList<>();
    for (ZimFormatException f : archive.findFaults()) {
      faults.add(new LibraryReport.Fault(f.fault().name(), f.offset(), f.getMessage()));
    }
    return new LibraryReport(
        name(),
        adapter.name(),
        kind().value(),
        snapshot,
        uuid(),
        config.path().toString(),
        shown("Title"),
        shown("Name"),
        shown("Language"),
        shown("Date"),
        shown("Scraper"),
        shown("Flavour"),
        entryCount(),
        archive.fulltextIndex() != null,
        archive.titleIndex() != null,
        faults.isEmpty(),
        faults);
  }

  /** A metadata value worth reporting: null when absent or blank. */
  private @Nullable String shown(String key) {
    String value = metadata.get(key);
    return value == null || value.isBlank() ? null : value;
  }

  private static boolean isHtml(String mime) {
    return mime.startsWith("text/html") || mime.startsWith("application/xhtml+xml");
  }

  static String snapshotOf(String date, String fileName) {
    if (date.matches("\\d{4}-\\d{2}.*")) {
      return date.substring(0, 7);
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("_(\\d{4}-\\d{2})").matcher(fileName);
    return m.find() ? m.group(1) : "";
  }

  @Override
  public void close() {
    archive.close();
  }

  @Override
  public String toString() {
    return "Library[" + name() + "]";
  }
}
