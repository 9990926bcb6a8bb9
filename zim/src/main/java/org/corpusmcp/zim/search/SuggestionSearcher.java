package org.corpusmcp.zim.search;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.search.QueryNode.Compound;
import org.corpusmcp.zim.search.QueryNode.Op;
import org.jspecify.annotations.Nullable;

/**
 * Title suggestions as libzim's {@code SuggestionSearcher} makes them (libzim 8.1.1): from the
 * title index {@code X/title/xapian} when the archive has a usable one, else a prefix match on the
 * title listing.
 *
 * <p>With the title index: the unaccented query is parsed three times and OR-ed — every word
 * stemmed ({@code Z} terms) with the last one also a prefix (wildcard), the words as an exact
 * phrase, and the words as a phrase anchored at the start of the title — then ranked with BM25 (k1
 * 0.001, b 1), ties by the original title's bytes, one result per redirect target.
 *
 * <pre>{@code
 * SuggestionSearcher s = SuggestionSearcher.open(archive);
 * Suggestions r = s.suggest("ray ch", 0, 10);
 * r.suggestions().get(0).title();     // "Ray Charles"
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class SuggestionSearcher {
  private final Archive archive;
  private final @Nullable GlassDatabase db;
  private final Semantics semantics;
  private final Stemmer stemmer;
  private final int titleSlot;
  private final int targetSlot;
  private final boolean fullPathData;

  private SuggestionSearcher(Archive archive, @Nullable GlassDatabase db, Semantics semantics) {
    this.archive = archive;
    this.db = db;
    this.semantics = semantics;
    if (db != null) {
      String lang = db.metadataString("language");
      if (lang.isEmpty()) {
        String m = archive.metadata("Language");
        lang = m == null ? "" : m;
      }
      Stemmer st = lang.isEmpty() ? null : Stemmer.forXapianName(Stemmer.icuLanguage(lang));
      this.stemmer = st == null ? Stemmer.none() : st;
      Searcher.ValuesMap vm = Searcher.ValuesMap.parse(db.metadataString("valuesmap"));
      this.titleSlot = vm.slot("title");
      this.targetSlot = vm.slot("targetPath");
      String data = db.metadataString("data");
      this.fullPathData = data.isEmpty() || data.equals("fullPath");
    } else {
      this.stemmer = Stemmer.none();
      this.titleSlot = -1;
      this.targetSlot = -1;
      this.fullPathData = true;
    }
  }

  /** Suggestions with current libzim semantics. */
  public static SuggestionSearcher open(Archive archive) {
    return open(archive, Semantics.LIBZIM_9);
  }

  /**
   * Opens the archive's title index, or prepares the title-listing fallback when there is none. A
   * damaged title index also falls back to the listing (libzim does the same when Xapian fails).
   */
  public static SuggestionSearcher open(Archive archive, Semantics semantics) {
    Objects.requireNonNull(archive, "archive");
    ByteSource src = archive.titleIndex();
    GlassDatabase db = null;
    if (src != null) {
      try {
        db = GlassDatabase.open(src);
      } catch (GlassFormatException e) {
        db = null;
      }
    }
    return new SuggestionSearcher(archive, db, semantics);
  }

  public Suggestions suggest(String query, int start, int count) {
    if (start < 0 || count < 0) {
      throw new IllegalArgumentException(
          "start and count must be >= 0, were " + start + ", " + count);
    }
    if (query.length() > Searcher.MAX_QUERY_LENGTH) {
      throw new SearchException(
          SearchException.Reason.QUERY_TOO_LONG,
          "query of " + query.length() + " characters exceeds " + Searcher.MAX_QUERY_LENGTH);
    }
    if (db != null) {
      try {
        return fromIndex(query, start, count);
      } catch (GlassFormatException e) {
        // libzim falls back to the title listing when the Xapian query fails
      }
    }
    return fromListing(query, start, count);
  }

  /** The query tree (for tests and diagnostics). */
  @Nullable QueryNode query(String text) {
    boolean nine = semantics == Semantics.LIBZIM_9;
    QueryParser.Flags mainFlags = new QueryParser.Flags(true, true, true, nine, true);
    QueryParser.Flags plainFlags = nine ? QueryParser.Flags.CJK_ONLY : QueryParser.Flags.DEFAULT;
    QueryNode main;
    try {
      main = new QueryParser(stemmer, QueryParser.Stemming.SOME, Set.of()).parse(text, mainFlags);
    } catch (QueryParser.QueryParseException e) {
      main = null;
      if (!nine) {
        throw e;
      }
    }
    if (text.isEmpty()) {
      return main;
    }
    if (nine && main == null) {
      return new QueryNode.Wildcard(text, Integer.MAX_VALUE, true);
    }
    QueryNode phrase = phraseOf(text, plainFlags);
    QueryNode anchored = phraseOf("0posanchor " + text, plainFlags);
    QueryNode q = main;
    q = or(q, phrase);
    q = or(q, anchored);
    return q;
  }

  private @Nullable QueryNode phraseOf(String text, QueryParser.Flags flags) {
    QueryNode q1;
    try {
      q1 = new QueryParser(stemmer, QueryParser.Stemming.NONE, Set.of()).parse(text, flags);
    } catch (QueryParser.QueryParseException e) {
      return null;
    }
    List<QueryNode.Term> terms = QueryParser.terms(q1);
    if (terms.isEmpty()) {
      return null;
    }
    if (terms.size() == 1) {
      return new QueryNode.Term(terms.get(0).term(), 0);
    }
    List<QueryNode> kids = new ArrayList<>();
    for (QueryNode.Term t : terms) {
      kids.add(new QueryNode.Term(t.term(), 0));
    }
    return new Compound(Op.PHRASE, kids, kids.size());
  }

  private static @Nullable QueryNode or(@Nullable QueryNode a, @Nullable QueryNode b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return new Compound(Op.OR, List.of(a, b), 0);
  }

  private Suggestions fromIndex(String query, int start, int count) {
    String text =
        semantics == Semantics.LIBZIM_9
            ? Accents.removeAccents(query)
            : Accents.removeAccents811(query);
    QueryNode q;
    try {
      q = query(text);
    } catch (QueryParser.QueryParseException e) {
      return fromListing(
          query, start, count); // libzim: a failing Xapian query falls back to the listing
    }
    Matcher m = new Matcher(db, Bm25.SUGGESTIONS);
    Matcher.Order order = titleSlot >= 0 ? new Matcher.Order(titleSlot, targetSlot) : null;
    Matcher.Outcome o = m.run(q, start, count, order);
    List<Suggestion> out = new ArrayList<>();
    XapianSnippets snip =
        q == null ? null : new XapianSnippets(db, q, stemmer, Bm25.SUGGESTIONS, o.termStats());
    for (Matcher.Hit h : o.hits()) {
      String path = pathOf(db.documentData(h.docid()));
      Entry e = archive.findByPath(path);
      String title = e == null ? "" : e.title();
      String snippet = e == null || snip == null ? "" : snip.snippet(title, 500, true);
      out.add(new Suggestion(path, title, snippet, h.weight()));
    }
    return new Suggestions(o.estimated(), true, out);
  }

  private String pathOf(byte[] data) {
    String s = new String(data, StandardCharsets.UTF_8);
    if (archive.hasNewNamespaceScheme() && fullPathData && s.length() >= 2) {
      return s.substring(2);
    }
    return s;
  }

  private Suggestions fromListing(String query, int start, int count) {
    String q = Accents.asUtf8(Accents.beforeNul(query));
    if (q.isEmpty()) {
      return new Suggestions(0, false, List.of());
    }
    List<Entry> all = archive.findByTitlePrefix(q, Integer.MAX_VALUE);
    List<Entry> page = all;
    if (semantics == Semantics.LIBZIM_9) {
      int b = Math.min(start, all.size());
      int e = (int) Math.min((long) b + count, all.size());
      page = all.subList(b, e);
    }
    List<Suggestion> out = new ArrayList<>();
    for (Entry e : page) {
      out.add(new Suggestion(e.path(), e.title(), "", 0));
    }
    return new Suggestions(all.size(), false, out);
  }
}
