package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.Stopwords;
import org.jspecify.annotations.Nullable;

/**
 * The stopwords of each library searched ({@link Stopwords}: its archive's language's), and of all
 * of them together. A query's meaningful words are chosen once, for every stage, by the union: a
 * word is a stopword when some library searched counts it as one, so a French question's "est" and
 * "le" are no evidence in any library, and an English question keeps its English stopwords beside a
 * French library (asking each library with its own list put pages holding a stray English "the"
 * among an English question's first ten in another language's library, issue 37). Each library's
 * own list says which words of its titles count.
 *
 * <p>A library's language is its {@code Language} metadata, read once when the library was opened
 * ({@link Library#metadata}); each list is made when a search first needs it. Thread-safe.
 */
final class LibraryStopwords {

  private final List<Library> libraries;
  private final Map<String, Stopwords> byLibrary = new ConcurrentHashMap<>();
  private volatile @Nullable Stopwords searched;

  LibraryStopwords(List<Library> libraries) {
    this.libraries = List.copyOf(libraries);
  }

  /** The stopwords of {@code library}'s language. */
  Stopwords of(Library library) {
    return byLibrary.computeIfAbsent(
        library.name(), name -> Stopwords.forLanguage(library.metadata().language()));
  }

  /** The union of every searched library's stopwords: what a query's meaningful words exclude. */
  Stopwords searched() {
    Stopwords s = searched;
    if (s == null) {
      List<Stopwords> lists = new ArrayList<>();
      for (Library library : libraries) {
        lists.add(of(library));
      }
      s = lists.isEmpty() ? Stopwords.ENGLISH : Stopwords.union(lists);
      searched = s;
    }
    return s;
  }
}
