package org.corpusmcp.corpus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.corpusmcp.zim.search.SearchException;

/**
 * Chooses each library's searcher once: full-text search over the archive's own index where it
 * has one, title search otherwise.
 */
public final class CorpusSearchers {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(CorpusSearchers.class);

  private CorpusSearchers() {}

  public static Function<Library, LibrarySearcher> forCorpus() {
    Map<String, LibrarySearcher> chosen = new ConcurrentHashMap<>();
    return library -> chosen.computeIfAbsent(library.name(), name -> choose(library));
  }

  private static LibrarySearcher choose(Library library) {
    if (library.archive().fulltextIndex() != null) {
      try {
        return new FullTextSearcher(library.archive());
      } catch (SearchException e) {
        log.warn("library {}: full-text index unusable ({}); searching titles instead",
            library.name(), e.getMessage());
      }
    }
    return new TitleSearcher(library.archive());
  }
}
