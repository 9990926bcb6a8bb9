package org.corpusmcp.corpus;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;

/**
 * The sidecar full-text index of one archive that has none of its own: a Lucene index of every
 * document's title and cleaned text (the adapter's, as fetch serves it), in {@code <dir>/<archive
 * UUID>}, so it follows the archive however its file is named or moved and a new archive (a new
 * UUID) is never served from an old index.
 *
 * <p>A build writes into {@code <uuid>.partial} and becomes {@code <uuid>} by one rename only when
 * complete, with a marker naming the archive; search opens only a directory with a marker for its
 * archive's UUID, so an interrupted build is never used, and the next build deletes the partial one
 * and starts again.
 */
public final class BodyIndex {

  /** Fields of each indexed document. */
  public static final String PATH = "path";

  public static final String TITLE = "title";
  public static final String BODY = "body";

  private static final String MARKER = "corpus-mcp-body-index.properties";

  /** Bump when the fields or the text they hold change: older indexes are then rebuilt. */
  public static final String FORMAT = "1";

  private final SidecarDirectory sidecar;

  public BodyIndex(Path dir) {
    this.sidecar = new SidecarDirectory(dir, "", MARKER, FORMAT);
  }

  /** Where the complete index of {@code library}'s archive is, or would be. */
  public Path location(Library library) {
    return sidecar.location(library.uuid());
  }

  /** True when a complete index for this very archive exists. */
  public boolean isBuilt(Library library) {
    return sidecar.marker(library.uuid()) != null;
  }

  /** True when search needs a sidecar for {@code library}: its archive has no full-text index. */
  public static boolean isNeeded(Library library) {
    return library.archive().fulltextIndex() == null;
  }

  public static Analyzer analyzer() {
    return new StandardAnalyzer(); // no stopwords: the text is normalised (Lexical) before it
  }

  /** The complete index of {@code library}, opened for search, or null when there is none. */
  public @Nullable DirectoryReader open(Library library) throws IOException {
    return sidecar.open(library.uuid(), "a body index", true);
  }

  /** What a build did. */
  public record Built(String library, Path location, int documents, int skipped, long millis) {}

  /**
   * Builds (or rebuilds) the index of {@code library}, reporting progress on {@code progress}.
   *
   * @throws UncheckedIOException the index cannot be written
   */
  public Built build(Library library, CorpusSettings settings, @Nullable PrintStream progress) {
    long start = System.nanoTime();
    Path target = location(library);
    DocumentStore store =
        new DocumentStore(0, 0, settings.maxDocumentBytes(), settings.maxClusterBytes());
    int documents = 0;
    int skipped = 0;
    try {
      Path partial = sidecar.startBuild(library.uuid());
      int total = library.archive().entryCount();
      int seen = 0;
      long lastReport = 0;
      try (FSDirectory out = FSDirectory.open(partial);
          IndexWriter writer =
              new IndexWriter(
                  out,
                  new IndexWriterConfig(analyzer())
                      .setOpenMode(IndexWriterConfig.OpenMode.CREATE))) {
        for (Entry entry : library.archive().entriesByPath()) {
          seen++;
          if (progress != null && System.nanoTime() - lastReport > 1_000_000_000L) {
            lastReport = System.nanoTime();
            progress.printf(
                "\rbody index %s: %d/%d entries, %d documents",
                library.name(), seen, total, documents);
            progress.flush();
          }
          if (entry.isRedirect() || !library.isDocument(entry)) {
            continue;
          }
          DocumentStore.Parsed parsed;
          try {
            parsed = store.load(library, entry);
          } catch (RuntimeException e) {
            if (!(e instanceof DocumentTooLargeException) && !ArchiveFaults.isArchiveFault(e)) {
              throw e;
            }
            skipped++; // search never serves what fetch cannot
            continue;
          }
          if (parsed == null) {
            continue;
          }
          writer.addDocument(luceneDocument(library.refPath(entry), parsed.document()));
          documents++;
        }
        writer.commit();
      }
      Properties facts = new Properties();
      facts.setProperty("archive", library.config().path().getFileName().toString());
      facts.setProperty("documents", Integer.toString(documents));
      sidecar.finishBuild(library.uuid(), facts, "corpus-mcp sidecar body index; complete");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "body index of " + library.name() + " in " + sidecar.dir() + ": " + e.getMessage(), e);
    }
    if (progress != null) {
      progress.printf(
          "\rbody index %s: %d documents indexed%s%n",
          library.name(), documents, skipped > 0 ? ", " + skipped + " unreadable skipped" : "");
    }
    return new Built(
        library.name(), target, documents, skipped, (System.nanoTime() - start) / 1_000_000);
  }

  private static Document luceneDocument(String path, org.corpusmcp.api.corpus.Document document) {
    StringBuilder text = new StringBuilder(Lexical.normalize(document.title()));
    for (Section s : document.allSections()) {
      text.append('\n')
          .append(Lexical.normalize(s.title()))
          .append('\n')
          .append(Lexical.normalize(s.text()));
    }
    Document doc = new Document();
    doc.add(new StoredField(PATH, path));
    doc.add(new TextField(TITLE, Lexical.normalize(document.title()), Field.Store.NO));
    doc.add(new TextField(BODY, text.toString(), Field.Store.NO));
    return doc;
  }
}
