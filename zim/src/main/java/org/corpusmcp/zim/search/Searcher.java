package org.corpusmcp.zim.search;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * Full-text search of one archive, returning what libzim's {@code Searcher} returns (libzim's
 * {@code zim::Searcher}): the same documents in the same order, the same estimate, BM25 weights,
 * percentages, word counts and snippets.
 *
 * <pre>{@code
 * try (Archive a = Zim.open(path)) {
 *   Searcher s = Searcher.open(a);                       // SearchException if no index
 *   SearchResults r = s.search("ray charles", 0, 10);
 *   r.estimatedMatches();                                 // 105
 *   r.hits().get(0).path();                               // "A/Ray_Charles_in_Person"
 * }
 * }</pre>
 *
 * <p>Open once per archive; instances are immutable and thread-safe (each search uses its own
 * iterators). Memory per search is bounded by the page size and the database's block cache.
 */
public final class Searcher {
  /** Longest query accepted (UTF-16 units); longer ones raise {@link SearchException}. */
  public static final int MAX_QUERY_LENGTH = 10_000;

  /** Largest entry a snippet is cut from: {@link org.corpusmcp.zim.Blob#bytes()}'s limit. */
  private static final long MAX_SNIPPET_SOURCE = Integer.MAX_VALUE - 16;

  private final @Nullable Archive archive;
  private final GlassDatabase db;
  private final Semantics semantics;
  private final Stemmer stemmer;
  private final Set<String> stopwords;
  private final boolean newNamespaces;
  private final boolean fullPathData;
  private final int wordcountSlot;

  private Searcher(
      @Nullable Archive archive,
      GlassDatabase db,
      Semantics semantics,
      Supplier<@Nullable String> archiveLanguage,
      boolean newNamespaces) {
    this.archive = archive;
    this.db = db;
    this.semantics = semantics;
    this.newNamespaces = newNamespaces;
    String dbLang = db.metadataString("language");
    // M/Language only when the database has no language: reading it may inflate a whole cluster
    String archiveLang = dbLang.isEmpty() ? archiveLanguage.get() : null;
    String lang = archiveLang != null ? archiveLang : dbLang;
    Stemmer st = null;
    if (semantics == Semantics.LIBZIM_9 && dbLang.isEmpty()) {
      st = null; // libzim >= 9.4.0: no database language, no stemming
    } else if (!lang.isEmpty()) {
      st = Stemmer.forXapianName(Stemmer.icuLanguage(lang));
    }
    this.stemmer = st == null ? Stemmer.none() : st;
    Set<String> stops = new HashSet<>();
    for (String w : db.metadataString("stopwords").split("\n", -1)) {
      if (!w.isEmpty()) {
        stops.add(w);
      }
    }
    this.stopwords = Set.copyOf(stops);
    ValuesMap vm = ValuesMap.parse(db.metadataString("valuesmap"));
    this.wordcountSlot = vm.slot("wordcount");
    String data = db.metadataString("data");
    this.fullPathData = data.isEmpty() || data.equals("fullPath");
  }

  /** Opens the archive's full-text index with current libzim semantics. */
  public static Searcher open(Archive archive) {
    return open(archive, Semantics.LIBZIM_9);
  }

  /**
   * Opens the archive's full-text index ({@code X/fulltext/xapian}, else the legacy {@code
   * Z//fulltextIndex/xapian}).
   *
   * @throws SearchException NO_INDEX when there is no directly accessible index, CORRUPT_INDEX when
   *     its header is damaged
   */
  public static Searcher open(Archive archive, Semantics semantics) {
    Objects.requireNonNull(archive, "archive");
    ByteSource src = archive.fulltextIndex();
    if (src == null) {
      throw new SearchException(
          SearchException.Reason.NO_INDEX, archive.name() + " has no usable full-text index");
    }
    GlassDatabase db = openDb(src, archive.name());
    return construct(
        archive.name(),
        () ->
            new Searcher(
                archive,
                db,
                semantics,
                () -> archive.metadata("Language"),
                archive.hasNewNamespaceScheme()));
  }

  /** A searcher over a bare database (no titles or snippets), for tools and tests. */
  public static Searcher open(
      ByteSource database, Semantics semantics, boolean newNamespaceScheme) {
    GlassDatabase db = openDb(database, "database");
    return construct(
        "database", () -> new Searcher(null, db, semantics, () -> null, newNamespaceScheme));
  }

  /**
   * Runs the constructor, which reads the database's metadata (language, stopwords, values map):
   * damage found there is a CORRUPT_INDEX like damage found by {@link #openDb}, not a decoder
   * exception escaping to the caller.
   */
  private static Searcher construct(String name, Supplier<Searcher> constructor) {
    try {
      return constructor.get();
    } catch (GlassFormatException e) {
      throw new SearchException(
          SearchException.Reason.CORRUPT_INDEX, name + ": " + e.getMessage(), e);
    }
  }

  static GlassDatabase openDb(ByteSource src, String name) {
    try {
      return GlassDatabase.open(src);
    } catch (GlassFormatException e) {
      throw new SearchException(
          SearchException.Reason.CORRUPT_INDEX, name + ": " + e.getMessage(), e);
    }
  }

  /**
   * A searcher over this one's database with {@code other} semantics: a caller that needs both
   * libzim's current parse and the 8.1 one opens the index once.
   *
   * @throws SearchException CORRUPT_INDEX when the database's metadata is damaged
   */
  public Searcher withSemantics(Semantics other) {
    if (other == semantics) {
      return this;
    }
    Archive a = archive;
    return construct(
        a == null ? "database" : a.name(),
        () ->
            new Searcher(
                a, db, other, () -> a == null ? null : a.metadata("Language"), newNamespaces));
  }

  public Semantics semantics() {
    return semantics;
  }

  /** The database, for statistics. */
  public GlassDatabase database() {
    return db;
  }

  /** The Xapian description of the parsed query, e.g. {@code Query((run@1 AND dog@2))}. */
  public String describe(String query) {
    QueryNode q = parse(normalise(query));
    return q == null ? "Query()" : "Query(" + QueryNode.describe(q) + ")";
  }

  String normalise(String query) {
    if (query.length() > MAX_QUERY_LENGTH) {
      throw new SearchException(
          SearchException.Reason.QUERY_TOO_LONG,
          "query of " + query.length() + " characters exceeds " + MAX_QUERY_LENGTH);
    }
    return semantics == Semantics.LIBZIM_9 ? Accents.removeAccents(query) : Accents.asUtf8(query);
  }

  @Nullable QueryNode parse(String normalised) {
    QueryParser p = new QueryParser(stemmer, QueryParser.Stemming.ALL, stopwords);
    try {
      return p.parse(
          normalised,
          semantics == Semantics.LIBZIM_9 ? QueryParser.Flags.CJK_ONLY : QueryParser.Flags.DEFAULT);
    } catch (QueryParser.QueryParseException e) {
      return null; // libzim: estimate 0, no results
    }
  }

  /** Results {@code start .. start+count} with snippets. */
  public SearchResults search(String query, int start, int count) {
    return search(query, start, count, true);
  }

  /**
   * Results {@code start .. start+count}; snippets read each hit's content, so leave them out when
   * only paths are needed.
   *
   * @throws SearchException CORRUPT_INDEX when damage is found while searching; QUERY_TOO_LONG
   */
  public SearchResults search(String query, int start, int count, boolean snippets) {
    return run(query, start, count, true, snippets);
  }

  /**
   * Paths, weights, percentages and the estimate only (titles and snippets ""): what libzim's
   * {@code getResults} iteration gives without {@code getTitle()}/{@code getSnippet()}.
   */
  public SearchResults searchPaths(String query, int start, int count) {
    return run(query, start, count, false, false);
  }

  /**
   * The terms the parsed query weighs (wildcards left out), in query order: what {@link
   * #statistics} is asked about when several databases are searched as one collection. Empty for a
   * query that parses to nothing.
   */
  public List<String> queryTerms(String query) {
    return prepare(query).terms();
  }

  /**
   * The query parsed once, for every later {@link #searchScored(PreparedQuery, int, int,
   * CollectionStats)} and {@link PreparedQuery#terms()} of this searcher: a caller that weighs a
   * query over a collection and then searches it parses it once, not once per step.
   *
   * @throws SearchException QUERY_TOO_LONG
   */
  public PreparedQuery prepare(String query) {
    QueryNode parsed = parse(normalise(query));
    java.util.LinkedHashSet<String> terms = new java.util.LinkedHashSet<>();
    if (parsed != null) {
      collectTerms(parsed, true, terms);
    }
    return new PreparedQuery(this, parsed, List.copyOf(terms));
  }

  private static void collectTerms(QueryNode n, boolean weighted, Set<String> out) {
    if (n instanceof QueryNode.Term t) {
      if (weighted) {
        out.add(t.term());
      }
    } else if (n instanceof QueryNode.Compound c) {
      for (int i = 0; i < c.children().size(); i++) {
        collectTerms(
            c.children().get(i), weighted && !(c.op() == QueryNode.Op.AND_NOT && i > 0), out);
      }
    }
  }

  /**
   * This database's collection statistics for {@code terms}: what it contributes when it is
   * searched as one member of a collection ({@link CollectionStats#merge}).
   *
   * @throws SearchException CORRUPT_INDEX when damage is found reading them
   */
  public CollectionStats statistics(java.util.Collection<String> terms) {
    try {
      java.util.Map<String, Long> tf = new java.util.HashMap<>();
      for (String term : terms) {
        tf.put(term, db.termStats(term).termFreq());
      }
      return new CollectionStats(
          db.docCount(), db.header().totalDoclen(), db.header().doclenLowerBound(), tf);
    } catch (GlassFormatException e) {
      throw new SearchException(
          SearchException.Reason.CORRUPT_INDEX, "full-text index damaged: " + e.getMessage(), e);
    }
  }

  /**
   * The same matches in the same order as {@link #searchPaths} when {@code collection} is null;
   * with a collection, every weight is computed from its statistics instead of this database's, so
   * weights from the collection's members compare (the order within this database may then differ
   * from libzim's, since term weights change). Each hit says how many query terms it matched.
   *
   * @throws SearchException CORRUPT_INDEX when damage is found while searching; QUERY_TOO_LONG
   */
  public ScoredResults searchScored(
      String query, int start, int count, @Nullable CollectionStats collection) {
    return searchScored(prepare(query), start, count, collection);
  }

  /**
   * As {@link #searchScored(String, int, int, CollectionStats)}, for a query this searcher has
   * parsed already.
   *
   * @throws IllegalArgumentException when another searcher prepared {@code query}: its terms are
   *     another language's stems or another semantics' parse
   */
  public ScoredResults searchScored(
      PreparedQuery query, int start, int count, @Nullable CollectionStats collection) {
    return scored(query, start, count, collection, true);
  }

  /**
   * The best {@code count} results: the same hits with the same weights in the same order as {@link
   * #searchScored(PreparedQuery, int, int, CollectionStats)} from 0, found without weighing every
   * match (documents that cannot enter the best {@code count} are skipped), so much faster for a
   * broad query over a large index. For callers that need no match count.
   *
   * @throws IllegalArgumentException when another searcher prepared {@code query}, or count < 0
   * @throws SearchException CORRUPT_INDEX when damage is found while searching
   */
  public ScoredResults searchBest(
      PreparedQuery query, int count, @Nullable CollectionStats collection) {
    return scored(query, 0, count, collection, false);
  }

  private ScoredResults scored(
      PreparedQuery query,
      int start,
      int count,
      @Nullable CollectionStats collection,
      boolean everyMatch) {
    if (start < 0 || count < 0) {
      throw new IllegalArgumentException(
          "start and count must be >= 0, were " + start + ", " + count);
    }
    if (query.searcher() != this) {
      throw new IllegalArgumentException("the query was prepared by another searcher");
    }
    QueryNode parsed = query.parsed();
    if (parsed == null) {
      return new ScoredResults(0, List.of());
    }
    try {
      Matcher matcher = new Matcher(db, Bm25.FULLTEXT, collection);
      Matcher.Outcome o =
          everyMatch ? matcher.run(parsed, start, count, null) : matcher.best(parsed, count);
      List<ScoredHit> hits = new ArrayList<>(o.hits().size());
      for (Matcher.Hit h : o.hits()) {
        String path = pathOf(db.documentData(h.docid()));
        hits.add(
            new ScoredHit(h.docid(), path, entryIndexOf(path), h.weight(), h.matchingLeaves()));
      }
      return new ScoredResults(QueryNode.leafCount(parsed), hits);
    } catch (GlassFormatException e) {
      throw new SearchException(
          SearchException.Reason.CORRUPT_INDEX, "full-text index damaged: " + e.getMessage(), e);
    }
  }

  private SearchResults run(String query, int start, int count, boolean titles, boolean snippets) {
    if (start < 0 || count < 0) {
      throw new IllegalArgumentException(
          "start and count must be >= 0, were " + start + ", " + count);
    }
    String q = normalise(query);
    QueryNode parsed = parse(q);
    try {
      Matcher.Outcome o = new Matcher(db, Bm25.FULLTEXT).run(parsed, start, count, null);
      List<SearchHit> hits = new ArrayList<>(o.hits().size());
      GlassDatabase.ValueReader wc = wordcountSlot < 0 ? null : db.valueReader(wordcountSlot);
      XapianSnippets snip =
          snippets && archive != null && parsed != null
              ? new XapianSnippets(db, parsed, stemmer, Bm25.FULLTEXT, o.termStats())
              : null;
      // word counts read in docid order: one forward pass over the value chunks
      java.util.Map<Long, Long> counts = new java.util.HashMap<>();
      if (wc != null) {
        long[] ids = o.hits().stream().mapToLong(Matcher.Hit::docid).sorted().toArray();
        for (long id : ids) {
          counts.put(id, parseWordCount(wc.get(id)));
        }
      }
      for (Matcher.Hit h : o.hits()) {
        String path = pathOf(db.documentData(h.docid()));
        long words = counts.getOrDefault(h.docid(), -1L);
        String title = "";
        String snippet = "";
        Entry e = archive == null || !titles ? null : archive.findByPath(path);
        int entryIndex = e == null ? -1 : e.index();
        if (e != null) {
          title = e.title();
          if (snip != null) {
            snippet = snippetOf(e, snip, semantics == Semantics.LIBZIM_9);
          }
        }
        hits.add(
            new SearchHit(
                h.docid(), path, entryIndex, title, h.weight(), h.percent(), words, snippet));
      }
      return new SearchResults(q, o.estimated(), hits);
    } catch (GlassFormatException e) {
      // decoding a damaged index; the archive itself stays usable
      throw new SearchException(
          SearchException.Reason.CORRUPT_INDEX, "full-text index damaged: " + e.getMessage(), e);
    }
  }

  /**
   * The snippet of a hit. Old archives index redirect entries too: libzim 8.1.1 reads the hit's
   * item without following the redirect, which fails, so it has no snippet (kiwix-serve shows
   * none). With libzim 9 semantics the target's text is used, as the python3-xapian emulation of
   * libzim 9 does (no libzim 9 is at hand to check that against).
   */
  private static String snippetOf(Entry e, XapianSnippets snip, boolean followRedirect) {
    if (e.isRedirect() && !followRedirect) {
      return "";
    }
    byte[] html;
    try {
      Entry target = e.isRedirect() ? e.resolve() : e;
      if (!target.isItem() || target.size() > MAX_SNIPPET_SOURCE) {
        return ""; // an index hit on a placeholder, or a text no array holds
      }
      html = target.content().bytes();
    } catch (ZimFormatException | UncheckedIOException unreadable) {
      // libzim: an unreadable entry (damaged cluster or dirent, failed read) has no snippet; any
      // other exception is a bug and goes to the caller
      return "";
    }
    return snip.snippet(HtmlText.parse(html).dump(), 500, false);
  }

  private static long parseWordCount(byte[] v) {
    String s = new String(v, StandardCharsets.UTF_8).trim();
    if (s.isEmpty()) {
      return -1;
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException ex) {
      return -1;
    }
  }

  /** The index of the entry at {@code path}, or −1 when there is none (or no archive). */
  private int entryIndexOf(String path) {
    Entry e = archive == null ? null : archive.findByPath(path);
    return e == null ? -1 : e.index();
  }

  String pathOf(byte[] data) {
    String s = new String(data, StandardCharsets.UTF_8);
    if (newNamespaces && fullPathData && s.length() >= 2) {
      return s.substring(2);
    }
    return s;
  }

  /** libzim's {@code valuesmap} metadata: {@code title:0;wordcount:1;geo.position:2}. */
  record ValuesMap(java.util.Map<String, Integer> slots) {
    static ValuesMap parse(String s) {
      java.util.Map<String, Integer> m = new java.util.LinkedHashMap<>();
      for (String item : s.split(";", -1)) {
        int c = item.indexOf(':');
        if (c > 0) {
          try {
            m.putIfAbsent(item.substring(0, c), Integer.parseInt(item.substring(c + 1).trim()));
          } catch (NumberFormatException ignored) {
            // libzim ignores malformed entries as well
          }
        }
      }
      return new ValuesMap(m);
    }

    int slot(String name) {
      Integer v = slots.get(name);
      return v == null ? -1 : v;
    }
  }
}
