package org.corpusmcp.corpus;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.StoredBlob;
import org.jsoup.parser.Parser;
import org.jspecify.annotations.Nullable;

/**
 * The sidecar index of the names an archive's own pages give each other: for every link between two
 * documents of the archive, its visible text (normalised as {@link Lexical#normalize} does) and the
 * document it leads to, redirects followed, counted over the pages that use it. MediaWiki archives
 * are densely linked, and a link's text names its target the way people do ("Modern Sounds", "the
 * Ray Charles Singers", "taxonomist"), where the target's title and redirects may not; search reads
 * it to know which page a query names ({@code search.AnchorNames}). Built by {@code corpus index}
 * for every archive, in {@code <dir>/<archive UUID>.anchors} ({@link SidecarDirectory}: an
 * interrupted build is never used).
 *
 * <p>One Lucene document per (text, target) pair: the text as an exact key, the target's ref path
 * and how many pages link to it with that text. Pairs are counted in memory up to {@link
 * #PAIRS_IN_MEMORY} and then written out, so a build's memory does not grow with the archive; a
 * pair counted across several batches has one Lucene document per batch, and readers sum them.
 *
 * <p>Links are read from each page's raw HTML, not its parse: the text of an {@code <a href>}
 * element, tags dropped and character references decoded. That is about a tenth of a full parse's
 * cost, which matters for an archive of six million pages.
 */
public final class AnchorIndex {

  /** Fields of each indexed pair. */
  public static final String KEY = "key";

  public static final String TARGET = "target";
  public static final String COUNT = "count";

  /** Bump when the fields or the text they hold change: older indexes are then rebuilt. */
  public static final String FORMAT = "1";

  /** Link texts of more words than this name nothing a query would: they are sentences. */
  public static final int MAX_WORDS = 8;

  /** Longer link texts (markup included) are not read: no name a query uses is that long. */
  static final int MAX_TEXT_CHARS = 1000;

  /** Pairs counted in memory before a batch is written out (about 100 bytes each). */
  static final int PAIRS_IN_MEMORY = 1_000_000;

  private static final String MARKER = "corpus-mcp-anchor-index.properties";

  /**
   * A link and its text. The opening tag's end and the text's are looked for within {@value
   * #MAX_TEXT_CHARS} characters each, so a page of unclosed tags costs a bounded scan per tag, not
   * one to the page's end (which made such a page quadratic).
   */
  private static final Pattern LINK =
      Pattern.compile(
          "<a\\s([^>]{0,"
              + AnchorIndex.MAX_TEXT_CHARS
              + "})>(.{0,"
              + AnchorIndex.MAX_TEXT_CHARS
              + "}?)</a\\s*>",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  private static final Pattern HREF =
      Pattern.compile(
          "\\bhref\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))", Pattern.CASE_INSENSITIVE);
  private static final Pattern TAG = Pattern.compile("<[^>]*>");

  private final SidecarDirectory sidecar;

  public AnchorIndex(Path dir) {
    this.sidecar = new SidecarDirectory(dir, ".anchors", MARKER, FORMAT);
  }

  /** Where the complete index of {@code library}'s archive is, or would be. */
  public Path location(Library library) {
    return sidecar.location(library.uuid());
  }

  /** True when a complete index for this very archive exists. */
  public boolean isBuilt(Library library) {
    return sidecar.marker(library.uuid()) != null;
  }

  /**
   * The complete index of {@code library}, opened for search, or null when there is none. Read
   * through file reads, not mapped: a search looks up a few keys in an index that grows with the
   * archive, and each mapped page it touched would count in the server's RSS.
   */
  public @Nullable DirectoryReader open(Library library) throws IOException {
    return sidecar.open(library.uuid(), "an anchor index", false);
  }

  /**
   * One link left out of a build, by the paths libzim gives its page and its target and its text as
   * written: an evaluation asks queries made from links, and must not find the answer in the very
   * link the query was made from (leave-one-out).
   */
  public record LeftOut(String source, String text, String target) {}

  /** What a build did. */
  public record Built(
      String library, Path location, int pages, int links, int pairs, int skipped, long millis) {}

  /**
   * Builds (or rebuilds) the index of {@code library}, reporting progress on {@code progress}.
   *
   * @param leftOut links not counted (see {@link LeftOut}); empty for an operator's build
   * @throws UncheckedIOException the index cannot be written
   */
  public Built build(
      Library library,
      CorpusSettings settings,
      Set<LeftOut> leftOut,
      @Nullable PrintStream progress) {
    long start = System.nanoTime();
    Set<String> omitted = new HashSet<>();
    for (LeftOut l : leftOut) {
      omitted.add(l.source() + '\t' + Lexical.normalize(l.text()) + '\t' + l.target());
    }
    Map<String, Map<String, Integer>> counts = new HashMap<>();
    int pages = 0;
    int links = 0;
    int pairs = 0;
    int written = 0;
    int skipped = 0;
    try {
      Path partial = sidecar.startBuild(library.uuid());
      int[] documents = documentsInStorageOrder(library);
      int seen = 0;
      long lastReport = 0;
      try (FSDirectory out = FSDirectory.open(partial);
          IndexWriter writer =
              new IndexWriter(
                  out,
                  new IndexWriterConfig(new KeywordAnalyzer())
                      .setOpenMode(IndexWriterConfig.OpenMode.CREATE))) {
        for (int index : documents) {
          Entry entry = library.archive().entryAt(index);
          seen++;
          if (progress != null && System.nanoTime() - lastReport > 1_000_000_000L) {
            lastReport = System.nanoTime();
            progress.printf(
                "\ranchor index %s: %d/%d pages, %d links",
                library.name(), seen, documents.length, links);
            progress.flush();
          }
          String html;
          try {
            if (entry.size() > settings.maxDocumentBytes()) {
              skipped++; // search never serves what fetch cannot
              continue;
            }
            html = entry.content().text();
          } catch (RuntimeException e) {
            if (!ArchiveFaults.isArchiveFault(e)) {
              throw e;
            }
            skipped++;
            continue;
          }
          pages++;
          for (Link link : links(library, entry, html)) {
            if (omitted.contains(entry.path() + '\t' + link.key() + '\t' + link.target().path())) {
              continue;
            }
            links++;
            Integer before =
                counts
                    .computeIfAbsent(link.key(), k -> new HashMap<>(2))
                    .merge(library.refPath(link.target()), 1, Integer::sum);
            if (before == 1 && ++pairs >= PAIRS_IN_MEMORY) {
              written += flush(counts, writer);
              pairs = 0;
            }
          }
        }
        written += flush(counts, writer);
        writer.commit();
      }
      Properties facts = new Properties();
      facts.setProperty("archive", library.config().path().getFileName().toString());
      facts.setProperty("links", Integer.toString(links));
      facts.setProperty("pairs", Integer.toString(written));
      facts.setProperty("left_out", Integer.toString(leftOut.size()));
      sidecar.finishBuild(library.uuid(), facts, "corpus-mcp sidecar anchor index; complete");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "anchor index of " + library.name() + " in " + sidecar.dir() + ": " + e.getMessage(), e);
    }
    if (progress != null) {
      progress.printf(
          "\ranchor index %s: %d links from %d pages, %d names%s%n",
          library.name(),
          links,
          pages,
          written,
          skipped > 0 ? ", " + skipped + " unreadable pages skipped" : "");
    }
    return new Built(
        library.name(),
        location(library),
        pages,
        links,
        written,
        skipped,
        (System.nanoTime() - start) / 1_000_000);
  }

  /**
   * The library's documents (redirects left out) by the cluster their content is stored in, so that
   * a scan decodes each cluster once: in path order, consecutive pages of a large archive sit in
   * different clusters, and each page cost a whole cluster's decoding (400 pages a second on the
   * 104k-entry bench archive). A cluster whose place cannot be read without decoding it (xz) sorts
   * last. Eight bytes per document while the build runs.
   */
  static int[] documentsInStorageOrder(Library library) {
    long[] keyed = new long[library.archive().entryCount()];
    int n = 0;
    for (Entry entry : library.archive().entriesByPath()) {
      if (entry.isRedirect() || !library.isDocument(entry)) {
        continue;
      }
      long cluster;
      try {
        StoredBlob stored = entry.storedBlob();
        cluster = stored == null ? Integer.MAX_VALUE : stored.cluster();
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e;
        }
        cluster = Integer.MAX_VALUE; // read in its turn, where the build counts it as skipped
      }
      keyed[n++] = (cluster << 32) | entry.index();
    }
    long[] sorted = Arrays.copyOf(keyed, n);
    Arrays.sort(sorted);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = (int) sorted[i];
    }
    return out;
  }

  /** A link between two documents: its text as a key, and its target, redirects followed. */
  record Link(String key, Entry target) {}

  /**
   * The links of the page {@code from} whose text could name their target: some letter, at most
   * {@link #MAX_WORDS} words, not stopwords alone ("here", "this article"), not a link to the page
   * itself, and not the target's own title (which names it already).
   */
  static List<Link> links(Library library, Entry from, String html) {
    List<Link> out = new ArrayList<>();
    Matcher m = LINK.matcher(html);
    while (m.find()) {
      Matcher href = HREF.matcher(m.group(1));
      if (!href.find()) {
        continue;
      }
      String raw = href.group(1) != null ? href.group(1) : href.group(2);
      if (raw == null) {
        raw = href.group(3);
      }
      String text = Parser.unescapeEntities(TAG.matcher(m.group(2)).replaceAll(" "), false);
      String key = Lexical.normalize(text);
      if (key.isEmpty()
          || Lexical.meaningfulWords(key).isEmpty()
          || Lexical.words(key).size() > MAX_WORDS
          || !key.codePoints().anyMatch(Character::isLetter)) {
        continue;
      }
      Entry target = DocumentStore.linkTarget(library, from, Parser.unescapeEntities(raw, true));
      if (target == null
          || target.index() == from.index()
          || key.equals(Lexical.normalize(target.title()))) {
        continue;
      }
      out.add(new Link(key, target));
    }
    return out;
  }

  private static int flush(Map<String, Map<String, Integer>> counts, IndexWriter writer)
      throws IOException {
    int n = 0;
    for (Map.Entry<String, Map<String, Integer>> byKey : counts.entrySet()) {
      for (Map.Entry<String, Integer> pair : byKey.getValue().entrySet()) {
        Document doc = new Document();
        doc.add(new StringField(KEY, byKey.getKey(), Field.Store.NO));
        doc.add(new StoredField(TARGET, pair.getKey()));
        doc.add(new StoredField(COUNT, pair.getValue()));
        writer.addDocument(doc);
        n++;
      }
    }
    counts.clear();
    return n;
  }
}
