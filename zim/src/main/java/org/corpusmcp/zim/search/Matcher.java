package org.corpusmcp.zim.search;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.glass.PostingList;
import org.corpusmcp.zim.search.QueryNode.Compound;
import org.corpusmcp.zim.search.QueryNode.Op;
import org.jspecify.annotations.Nullable;

/**
 * Runs a parsed query against a glass database like Xapian 1.4's Enquire does for libzim ({@code
 * multimatch.cc}): builds the posting tree, ranks every matching document by BM25 weight
 * (descending, ties by ascending docid, or by a value then docid for suggestions), optionally
 * collapses on a value, and computes {@code get_matches_estimated()} of {@code get_mset(0, 0, 10)}.
 *
 * <p>{@link #run} scores every matching document (no pruning): the estimate call libzim makes
 * counts every match anyway. {@link #best} is for callers that need only the top of the ranking and
 * no estimate: it skips documents that cannot beat the k-th best weight found so far, as Xapian's
 * matcher does when it is not asked to count, and returns the same hits with the same weights.
 */
final class Matcher {

  /**
   * One ranked document; {@code matchingLeaves} is how many weighted leaves matched it (0 where the
   * ranking does not keep it).
   */
  @SuppressWarnings("ArrayRecordComponent") // the sort key as read; hits are never compared
  record Hit(
      long docid, double weight, int percent, byte @Nullable [] sortKey, int matchingLeaves) {
    Hit(long docid, double weight, int percent, byte @Nullable [] sortKey) {
      this(docid, weight, percent, sortKey, 0);
    }
  }

  /** A ranked page plus the estimate. */
  /**
   * A ranked page plus the estimate, and the statistics of the terms the query opened (snippets
   * weigh words by them; reading them again would cost one B-tree lookup per term).
   */
  record Outcome(
      List<Hit> hits,
      long estimated,
      long matched,
      Map<String, GlassDatabase.TermStats> termStats) {}

  private final GlassDatabase db;
  private final Bm25 bm25;
  private final long n;
  private final double avlen;
  private final long lbound;
  private final Map<String, GlassDatabase.TermStats> opened = new HashMap<>();

  /** Statistics to weigh by instead of the database's own (a merged collection), or null. */
  private final @Nullable CollectionStats collection;

  Matcher(GlassDatabase db, Bm25 bm25) {
    this(db, bm25, null);
  }

  /**
   * @param collection the statistics of a collection this database is one member of: term weights
   *     use its document count, average length and term frequencies, so weights compare across the
   *     members; null for the database's own (libzim's ranking)
   */
  Matcher(GlassDatabase db, Bm25 bm25, @Nullable CollectionStats collection) {
    this.db = db;
    this.bm25 = bm25;
    this.collection = collection;
    this.n = collection != null ? collection.docCount() : db.docCount();
    this.avlen = collection != null ? collection.averageLength() : db.averageLength();
    this.lbound =
        collection != null ? collection.doclenLowerBound() : db.header().doclenLowerBound();
  }

  // ------------------------------------------------------------------ building the tree

  PostingTree build(QueryNode q, PostingTree.DocLengths lengths) {
    return compile(q, true, lengths);
  }

  private PostingTree compile(QueryNode q, boolean weighted, PostingTree.DocLengths lengths) {
    if (q instanceof QueryNode.Term t) {
      return leaf(t.term(), t.wqf(), weighted, lengths);
    }
    if (q instanceof QueryNode.Wildcard w) {
      return synonym(
          db.termsWithPrefix(w.prefix().getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE),
          w.limit(),
          weighted,
          lengths);
    }
    Compound c = (Compound) q;
    switch (c.op()) {
      case AND:
      case PHRASE:
        {
          List<PostingTree> kids = new ArrayList<>();
          List<PostingTree.Phrase> phrases = new ArrayList<>();
          flattenAnd(c, weighted, lengths, kids, phrases);
          if (kids.size() == 1 && phrases.isEmpty()) {
            return kids.get(0);
          }
          return new PostingTree.And(kids, phrases, n);
        }
      case OR:
        {
          List<PostingTree> kids = new ArrayList<>();
          flattenOr(c, weighted, lengths, kids);
          return huffman(kids);
        }
      case AND_NOT:
        return new PostingTree.AndNot(
            compile(c.children().get(0), weighted, lengths),
            compile(c.children().get(1), false, lengths),
            n);
      case XOR:
        return new PostingTree.Xor(
            compile(c.children().get(0), weighted, lengths),
            compile(c.children().get(1), weighted, lengths),
            n);
      case SYNONYM:
      default:
        throw new IllegalStateException("operator " + c.op() + " not supported here");
    }
  }

  private void flattenAnd(
      Compound c,
      boolean weighted,
      PostingTree.DocLengths lengths,
      List<PostingTree> kids,
      List<PostingTree.Phrase> phrases) {
    boolean positional = c.op() == Op.PHRASE && db.hasPositions() && c.children().size() > 1;
    List<PostingTree.Leaf> phraseLeaves = positional ? new ArrayList<>() : null;
    for (QueryNode k : c.children()) {
      if (k instanceof Compound kc && (kc.op() == Op.AND || kc.op() == Op.PHRASE)) {
        flattenAnd(kc, weighted, lengths, kids, phrases);
        continue;
      }
      PostingTree t = compile(k, weighted, lengths);
      kids.add(t);
      if (phraseLeaves != null) {
        if (t instanceof PostingTree.Leaf l) {
          phraseLeaves.add(l);
        } else {
          phraseLeaves = null; // phrases of non-terms are not produced by libzim's parses
        }
      }
    }
    if (phraseLeaves != null) {
      phrases.add(new PostingTree.Phrase(phraseLeaves, db));
    }
  }

  private void flattenOr(
      Compound c, boolean weighted, PostingTree.DocLengths lengths, List<PostingTree> kids) {
    for (QueryNode k : c.children()) {
      if (k instanceof Compound kc && kc.op() == Op.OR) {
        flattenOr(kc, weighted, lengths, kids);
      } else {
        kids.add(compile(k, weighted, lengths));
      }
    }
  }

  /** Combines OR-ed subtrees like a Huffman code: the two smallest estimates first. */
  private PostingTree huffman(List<PostingTree> kids) {
    if (kids.size() == 1) {
      return kids.get(0);
    }
    record Item(PostingTree t, int seq) {}
    PriorityQueue<Item> pq =
        new PriorityQueue<>(
            Comparator.comparingLong((Item i) -> i.t().est).thenComparingInt(i -> i.seq()));
    int seq = 0;
    for (PostingTree k : kids) {
      pq.add(new Item(k, seq++));
    }
    while (pq.size() > 1) {
      PostingTree r = pq.poll().t();
      PostingTree l = pq.poll().t();
      pq.add(new Item(new PostingTree.Or(l, r, n), seq++));
    }
    return pq.poll().t();
  }

  private PostingTree.Leaf leaf(
      String term, int wqf, boolean weighted, PostingTree.DocLengths lengths) {
    byte[] t = term.getBytes(StandardCharsets.UTF_8);
    PostingList pl =
        t.length == 0 || t.length > 245 ? db.postingList(new byte[] {0, 0}) : db.postingList(t);
    long tf =
        collection != null ? Math.max(collection.termFreq(term), pl.termFreq()) : pl.termFreq();
    Bm25.Leaf w =
        weighted ? bm25.leaf(n, avlen, lbound, (double) tf, wqf, 1.0, pl.wdfUpperBound()) : null;
    if (t.length > 0 && t.length <= 245) {
      opened.putIfAbsent(term, pl.stats());
    }
    return new PostingTree.Leaf(term, pl, w, lengths);
  }

  private PostingTree synonym(
      List<GlassDatabase.TermEntry> expansion,
      int limit,
      boolean weighted,
      PostingTree.DocLengths lengths) {
    List<GlassDatabase.TermEntry> terms = new ArrayList<>(expansion);
    if (terms.size() > limit) {
      // keep the most frequent terms; which of equally frequent terms survive is what a selection
      // by termfreq alone leaves in front (see mostFrequent)
      terms = mostFrequent(terms, limit);
      terms.sort((a, b) -> Arrays.compareUnsigned(a.term(), b.term()));
    }
    if (terms.isEmpty()) {
      return new PostingTree.Empty();
    }
    List<PostingTree> leaves = new ArrayList<>();
    long wdfMax = 0;
    for (GlassDatabase.TermEntry e : terms) {
      PostingTree.Leaf l =
          new PostingTree.Leaf(
              new String(e.term(), StandardCharsets.UTF_8),
              db.postingList(e.term()),
              null,
              lengths);
      leaves.add(l);
      wdfMax += l.pl.wdfUpperBound();
    }
    PostingTree or = huffman(leaves);
    // weighed as one term whose termfreq is the OR tree's estimate, rounded at every node as
    // Xapian's TermFreqs (integers) are: 406 for the 68 "i*" terms of wikipedia_en_100_mini, where
    // the same sum on doubles gives 404.995 and weights 0.05 % too high
    double tf = or.est;
    Bm25.Leaf w = weighted ? bm25.leaf(n, avlen, lbound, tf, 1, 1.0, wdfMax) : null;
    return new PostingTree.Synonym(or, w, lengths);
  }

  /**
   * The {@code limit} most frequent of {@code terms} (in byte order), chosen as the C++ standard
   * library's nth_element chooses them when it compares by termfreq only: introselect with the
   * median of the second, middle and last elements moved to the front as pivot, a Hoare partition,
   * and insertion sort once at most 3 elements remain. Ties at the cut are therefore decided by the
   * partitioning, not by term order; with the one-letter prefix "p" on wikipedia_en_100_mini, 43 of
   * 102 terms with termfreq 1 survive, among them "pelecypod" and "popular" but not "power"
   * (python3-xapian WILDCARD_LIMIT_MOST_FREQUENT agrees).
   */
  static List<GlassDatabase.TermEntry> mostFrequent(
      List<GlassDatabase.TermEntry> terms, int limit) {
    GlassDatabase.TermEntry[] a = terms.toArray(new GlassDatabase.TermEntry[0]);
    int first = 0;
    int last = a.length;
    int nth = limit;
    int depth = 2 * (31 - Integer.numberOfLeadingZeros(a.length));
    while (last - first > 3) {
      if (depth == 0) {
        // never reached on the parity corpus; a full sort keeps the most frequent terms
        Arrays.sort(a, first, last, (x, y) -> Long.compare(y.termFreq(), x.termFreq()));
        return new ArrayList<>(Arrays.asList(a).subList(0, limit));
      }
      depth--;
      int mid = first + (last - first) / 2;
      int x = first + 1;
      int y = mid;
      int z = last - 1;
      int median;
      if (more(a[x], a[y])) {
        median = more(a[y], a[z]) ? y : more(a[x], a[z]) ? z : x;
      } else {
        median = more(a[x], a[z]) ? x : more(a[y], a[z]) ? z : y;
      }
      swap(a, first, median);
      int f = first + 1;
      int l = last;
      while (true) {
        while (more(a[f], a[first])) {
          f++;
        }
        l--;
        while (more(a[first], a[l])) {
          l--;
        }
        if (f >= l) {
          break;
        }
        swap(a, f, l);
        f++;
      }
      if (f <= nth) {
        first = f;
      } else {
        last = f;
      }
    }
    for (int i = first + 1; i < last; i++) {
      GlassDatabase.TermEntry v = a[i];
      if (more(v, a[first])) {
        System.arraycopy(a, first, a, first + 1, i - first);
        a[first] = v;
      } else {
        int j = i;
        while (more(v, a[j - 1])) {
          a[j] = a[j - 1];
          j--;
        }
        a[j] = v;
      }
    }
    return new ArrayList<>(Arrays.asList(a).subList(0, limit));
  }

  private static boolean more(GlassDatabase.TermEntry x, GlassDatabase.TermEntry y) {
    return x.termFreq() > y.termFreq();
  }

  private static void swap(GlassDatabase.TermEntry[] a, int i, int j) {
    GlassDatabase.TermEntry t = a[i];
    a[i] = a[j];
    a[j] = t;
  }

  // ------------------------------------------------------------------ matching

  /** Sort and collapse keys for suggestions; null for plain relevance order. */
  record Order(int sortSlot, int collapseSlot) {}

  Outcome run(@Nullable QueryNode q, int start, int count, @Nullable Order order) {
    return match(q, start, count, order, true);
  }

  /**
   * The first {@code count} hits of {@link #run}{@code (q, 0, count, null)}, the same documents
   * with the same weights and percentages in the same order, without weighing every match: a
   * document is skipped once the tree's weight bounds show it cannot enter the best {@code count}.
   * The outcome's {@code estimated} is −1 (unknown) and {@code matched} counts the documents
   * weighed, not the matches.
   */
  Outcome best(@Nullable QueryNode q, int count) {
    return match(q, 0, count, null, false);
  }

  private Outcome match(
      @Nullable QueryNode q, int start, int count, @Nullable Order order, boolean countAll) {
    if (q == null || n == 0) {
      return new Outcome(List.of(), 0, 0, Map.of());
    }
    PostingTree.DocLengths lengths = new PostingTree.DocLengths(db);
    PostingTree root = build(q, lengths);
    int totalLeaves = QueryNode.leafCount(q);
    long treeMin = root.min;
    long treeEst = root.est;
    long treeMax = root.max;
    int k = (int) Math.min((long) start + count, Integer.MAX_VALUE);
    Comparator<Hit> better =
        Comparator.comparingDouble(Hit::weight).reversed().thenComparingLong(Hit::docid);
    PriorityQueue<Hit> heap = new PriorityQueue<>(better.reversed());
    ValueOrderedRanking byValue =
        order == null
            ? null
            : new ValueOrderedRanking(db, order.sortSlot(), order.collapseSlot(), treeEst);
    long matched = 0;
    double greatest = -1;
    int greatestLeaves = 0;
    // pruning is only sound once the heap is full: before, any match enters it
    boolean prune = !countAll && order == null && k > 0;
    while ((prune && heap.size() == k) ? nextAbove(root, heap.peek().weight()) : root.next()) {
      long d = root.docid();
      double w = root.weight();
      matched++;
      if (w > greatest) {
        greatest = w;
        greatestLeaves = root.matchingLeaves();
      }
      if (byValue != null) {
        byValue.add(d, w);
      } else if (k == 0) {
        // only counted: a page of none keeps nothing, and has no heap top to compare with
      } else if (heap.size() < k) {
        heap.add(new Hit(d, w, 0, null, root.matchingLeaves()));
      } else if (w > heap.peek().weight()) { // equal weight: the earlier docid stays
        heap.poll();
        heap.add(new Hit(d, w, 0, null, root.matchingLeaves()));
      }
    }
    long estimated;
    List<Hit> ranked;
    if (byValue != null) {
      ranked = byValue.page(start, k);
      estimated =
          order.collapseSlot() >= 0
              ? collapsedEstimate(matched, byValue.kept(), treeMin, treeEst, treeMax)
              : estimate(matched, treeMin, treeEst, treeMax);
    } else {
      ranked = new ArrayList<>(heap);
      ranked.sort(better);
      ranked = ranked.subList(Math.min(start, ranked.size()), ranked.size());
      estimated = countAll ? estimate(matched, treeMin, treeEst, treeMax) : -1;
    }
    List<Hit> out = new ArrayList<>(ranked.size());
    double factor = greatest > 0 ? (((double) greatestLeaves / totalLeaves) / greatest) * 100.0 : 0;
    for (Hit h : ranked) {
      out.add(
          new Hit(
              h.docid(), h.weight(), percent(h.weight(), factor), h.sortKey(), h.matchingLeaves()));
    }
    return new Outcome(out, estimated, matched, opened);
  }

  /**
   * The next document that may weigh more than {@code wMin} (an equal weight never enters a full
   * heap: the earlier docid stays).
   */
  private static boolean nextAbove(PostingTree root, double wMin) {
    return root.maxWeight > wMin && root.next(wMin);
  }

  static int percent(double w, double factor) {
    int p = (int) (w * factor + 100.0 * Math.ulp(1.0));
    if (p > 100) {
      p = 100;
    }
    if (p < 0) {
      p = 0;
    }
    if (p == 0 && w > 0) {
      p = 1;
    }
    return p;
  }

  /** get_matches_estimated() after get_mset(0, 0, 10) when every match was counted. */
  long estimate(long matched, long lb, long est, long ub) {
    long checkAtLeast = Math.min(10, n);
    if (matched < checkAtLeast) {
      return matched;
    }
    lb = Math.max(lb, matched);
    est = Math.max(est, matched);
    return roundEstimate(lb, ub, est);
  }

  /**
   * get_mset(0, 0, 10) with a collapse key: no exact-count shortcut; the bounds lose the collapsed
   * duplicates and the estimate is scaled by the unique rate (observed with python3-xapian: 137
   * matches, 106 unique, tree 137/140/141 → 106/108/110). With no match at all the rate is 1 and
   * the tree's own estimate stands: "warning t" on a title index whose tree estimates 1 (of at most
   * 20) is estimated at 1 although nothing matches, as Xapian reports it.
   */
  long collapsedEstimate(long matched, long unique, long lb, long est, long ub) {
    long dups = matched - unique;
    long l = Math.max(lb, matched) - dups;
    long u = Math.max(ub, matched) - dups;
    double uniqueRate = matched == 0 ? 1 : (double) unique / matched;
    long e = (long) (Math.max(est, matched) * uniqueRate + 0.5);
    e = Math.max(l, Math.min(u, e));
    return roundEstimate(l, u, e);
  }

  static long roundEstimate(long lb, long ub, long est) {
    long scale = Math.min(ub - lb, est);
    if (scale <= 10) {
      return est;
    }
    long r = 1;
    while (r * 10 <= scale) {
      r *= 10;
    }
    long result = (est / r) * r;
    if (result < lb) {
      result += r;
    } else if (result > ub - r) {
      // keep
    } else {
      long d = 2 * (est - result);
      if (d > r || (d == r && result - lb <= ub - r - result)) {
        result += r;
      }
    }
    return result;
  }
}
