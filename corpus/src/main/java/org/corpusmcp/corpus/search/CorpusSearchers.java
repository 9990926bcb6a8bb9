package org.corpusmcp.corpus.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.lucene.index.DirectoryReader;
import org.corpusmcp.corpus.AnchorIndex;
import org.corpusmcp.corpus.BodyIndex;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.zim.search.SearchException;
import org.jspecify.annotations.Nullable;

/**
 * Chooses each library's searcher once: full-text search over the archive's own index where it has
 * one; else over its sidecar {@link BodyIndex} when {@code corpus index} has built one; title
 * search otherwise.
 */
public final class CorpusSearchers {

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(CorpusSearchers.class);

  private CorpusSearchers() {}

  /** Searchers without sidecar body indexes. */
  public static Function<Library, LibrarySearcher> forCorpus() {
    Map<String, LibrarySearcher> chosen = new ConcurrentHashMap<>();
    return library -> chosen.computeIfAbsent(library.name(), name -> choose(library, null));
  }

  /**
   * Searchers that use the sidecar indexes under {@code indexDir} where built: a body index for an
   * archive without a full-text index, an anchor index for any.
   */
  public static Function<Library, LibrarySearcher> forCorpus(Path indexDir) {
    BodyIndex bodyIndex = new BodyIndex(indexDir);
    AnchorIndex anchorIndex = new AnchorIndex(indexDir);
    Map<String, LibrarySearcher> chosen = new ConcurrentHashMap<>();
    return library ->
        chosen.computeIfAbsent(
            library.name(), name -> withAnchors(choose(library, bodyIndex), library, anchorIndex));
  }

  private static LibrarySearcher withAnchors(
      LibrarySearcher searcher, Library library, AnchorIndex anchorIndex) {
    try {
      DirectoryReader reader = anchorIndex.open(library);
      return reader == null
          ? searcher
          : LibrarySearcher.withAnchorNames(searcher, new AnchorNames(library, reader));
    } catch (IOException e) {
      log.warn(
          "library {}: anchor index {} unusable ({}); searching without link names",
          library.name(),
          anchorIndex.location(library),
          e.toString());
      return searcher;
    }
  }

  private static LibrarySearcher choose(Library library, @Nullable BodyIndex bodyIndex) {
    if (library.archive().fulltextIndex() != null) {
      try {
        return new FullTextSearcher(library.archive());
      } catch (SearchException e) {
        log.warn(
            "library {}: full-text index unusable ({}); searching titles instead",
            library.name(),
            e.getMessage());
      }
    }
    if (bodyIndex != null) {
      try {
        DirectoryReader reader = bodyIndex.open(library);
        if (reader != null) {
          return new BodyIndexSearcher(library, reader);
        }
      } catch (IOException e) {
        log.warn(
            "library {}: body index {} unusable ({}); searching titles instead",
            library.name(),
            bodyIndex.location(library),
            e.toString());
      }
    }
    return new TitleSearcher(library.archive());
  }
}
