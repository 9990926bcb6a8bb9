package org.corpusmcp.zim.search;

import java.util.Arrays;
import java.util.List;
import org.corpusmcp.zim.glass.DocumentLengths;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.glass.PostingList;
import org.jspecify.annotations.Nullable;

/**
 * The matcher's tree of posting-list operators. Every node iterates its matching documents in
 * ascending docid order, adds its leaves' BM25 parts in Xapian's association order, and carries
 * Xapian's (min, estimate, max) match counts. Per query, one thread.
 */
abstract class PostingTree {
  static final long END = Long.MAX_VALUE;

  long min;
  long est;
  long max;

  /**
   * No document weighs more than this: the sum of the leaves' BM25 maxima (0 for an unweighted
   * subtree). Top-k matching skips what cannot beat the k-th best weight so far.
   */
  double maxWeight;

  /** Current docid, or {@link #END}. */
  abstract long docid();

  /** Moves to the next matching document (the first on the first call). */
  abstract boolean next();

  /** Moves to the first matching document ≥ target (stays if already there). */
  abstract boolean skipTo(long target);

  /**
   * Moves to the next matching document that may weigh more than {@code wMin}: every document
   * passed over weighs at most {@code wMin}. Nodes that cannot prune step as {@link #next()}.
   */
  boolean next(double wMin) {
    return next();
  }

  /**
   * An upper bound from BM25's maximum part, widened by a relative 1e-9: the bound and the parts it
   * bounds are rounded along different paths, and a bound one ulp too tight would drop a document
   * whose weight ties the k-th best.
   */
  static double bound(Bm25.@Nullable Leaf w) {
    if (w == null) {
      return 0;
    }
    // a negative term weight (statistics claiming more documents with a term than in all) would
    // make the maximum part a minimum: no bound then
    return w.termweight() < 0 ? Double.POSITIVE_INFINITY : w.maxpart() * (1 + 1e-9);
  }

  /**
   * What a child may be pruned below when its sibling can add at most {@code siblingMax}: lowered
   * by a relative 1e-9 so that rounding of the subtraction never prunes a document above {@code
   * wMin}.
   */
  static double remainder(double wMin, double siblingMax) {
    return wMin - siblingMax - Math.abs(wMin) * 1e-9;
  }

  /** The weight of the current document. */
  abstract double weight();

  /** Number of weighted leaves matching the current document. */
  abstract int matchingLeaves();

  /** Collects the leaves (for positions). */
  void leaves(List<Leaf> out) {}

  static long round(double x) {
    return (long) (x + 0.5);
  }

  /**
   * Document lengths for one query: the decoded chunk of the database's shared length cache that
   * the last document fell in, asked for again only when a document falls outside it.
   */
  static final class DocLengths {
    private final DocumentLengths shared;
    private DocumentLengths.@Nullable Chunk chunk;

    DocLengths(GlassDatabase db) {
      this.shared = db.documentLengths();
    }

    long get(long docid) {
      DocumentLengths.Chunk c = chunk;
      if (c == null || !c.covers(docid)) {
        c = shared.chunkHolding(docid);
        if (c == null) {
          return 0;
        }
        chunk = c;
      }
      return c.length(docid);
    }
  }

  /** A term's postings, weighted by BM25 (or not at all when {@code weight} is null). */
  static final class Leaf extends PostingTree {
    final String term;
    final PostingList pl;
    final Bm25.@Nullable Leaf w;
    final DocLengths lengths;
    private boolean started;

    Leaf(String term, PostingList pl, Bm25.@Nullable Leaf w, DocLengths lengths) {
      this.term = term;
      this.pl = pl;
      this.w = w;
      this.lengths = lengths;
      min = est = max = pl.termFreq();
      maxWeight = bound(w);
    }

    @Override
    long docid() {
      return !started || pl.atEnd() ? END : pl.docid();
    }

    @Override
    boolean next() {
      started = true;
      return pl.next();
    }

    @Override
    boolean skipTo(long target) {
      started = true;
      return pl.skipTo(target);
    }

    long wdf() {
      return pl.wdf();
    }

    @Override
    double weight() {
      return w == null ? 0 : w.sumpart(pl.wdf(), lengths.get(pl.docid()));
    }

    @Override
    int matchingLeaves() {
      return 1;
    }

    @Override
    void leaves(List<Leaf> out) {
      out.add(this);
    }
  }

  /** Never matches. */
  static final class Empty extends PostingTree {
    @Override
    long docid() {
      return END;
    }

    @Override
    boolean next() {
      return false;
    }

    @Override
    boolean skipTo(long target) {
      return false;
    }

    @Override
    double weight() {
      return 0;
    }

    @Override
    int matchingLeaves() {
      return 0;
    }
  }

  /**
   * AND of children sorted by ascending estimate; weight ((0 + w1) + w2) + … in that order. Exact
   * phrases whose terms were flattened into this AND are checked on top.
   */
  static final class And extends PostingTree {
    final PostingTree[] kids;
    final List<Phrase> phrases;
    private long current = -1;

    And(List<PostingTree> children, List<Phrase> phrases, long n) {
      this.kids = children.toArray(new PostingTree[0]);
      this.phrases = phrases;
      Arrays.sort(kids, (a, b) -> Long.compare(a.est, b.est)); // stable: ties keep query order
      long s = kids[0].min;
      long mn = s;
      for (int i = 1; i < kids.length && mn != 0; i++) {
        s += kids[i].min;
        if (s <= n) {
          mn = 0;
        } else {
          s -= n;
          mn = s;
        }
      }
      double r = kids[0].est;
      long mx = kids[0].max;
      for (int i = 1; i < kids.length; i++) {
        r = (r * kids[i].est) / n;
        mx = Math.min(mx, kids[i].max);
      }
      long e = round(r);
      for (int i = 0; i < phrases.size(); i++) {
        e = e / 4;
        mn = 0;
      }
      min = kids.length == 1 && phrases.isEmpty() ? kids[0].min : mn;
      est = e;
      max = mx;
      double bound = 0;
      for (PostingTree k : kids) {
        bound += k.maxWeight;
      }
      maxWeight = bound;
    }

    @Override
    long docid() {
      return current < 0 ? END : current;
    }

    @Override
    boolean next() {
      if (current == END) {
        return false;
      }
      long t = current < 0 ? 0 : current + 1;
      return align(t);
    }

    @Override
    boolean skipTo(long target) {
      if (current == END) {
        return false;
      }
      if (current >= 0 && target <= current) {
        return true;
      }
      return align(Math.max(target, current + 1));
    }

    @Override
    boolean next(double wMin) {
      if (maxWeight <= wMin) {
        current = END;
        return false;
      }
      return next();
    }

    private boolean align(long target) {
      while (true) {
        if (!kids[0].skipTo(target)) {
          current = END;
          return false;
        }
        target = kids[0].docid();
        boolean ok = true;
        for (int i = 1; i < kids.length; i++) {
          if (!kids[i].skipTo(target)) {
            current = END;
            return false;
          }
          long d = kids[i].docid();
          if (d > target) {
            target = d;
            ok = false;
            break;
          }
        }
        if (ok) {
          boolean phrasesOk = true;
          for (Phrase p : phrases) {
            if (!p.matches(target)) {
              phrasesOk = false;
              break;
            }
          }
          if (phrasesOk) {
            current = target;
            return true;
          }
          target = target + 1;
        }
      }
    }

    @Override
    double weight() {
      double w = 0;
      for (PostingTree k : kids) {
        w += k.weight();
      }
      return w;
    }

    @Override
    int matchingLeaves() {
      int m = 0;
      for (PostingTree k : kids) {
        m += k.matchingLeaves();
      }
      return m;
    }

    @Override
    void leaves(List<Leaf> out) {
      for (PostingTree k : kids) {
        k.leaves(out);
      }
    }
  }

  /** The positional check of an exact phrase (window = number of terms) over leaves of an AND. */
  static final class Phrase {
    final Leaf[] terms;
    final GlassDatabase db;

    Phrase(List<Leaf> terms, GlassDatabase db) {
      this.terms = terms.toArray(new Leaf[0]);
      this.db = db;
    }

    boolean matches(long docid) {
      int[][] pos = new int[terms.length][];
      for (int i = 0; i < terms.length; i++) {
        pos[i] =
            db.positions(terms[i].term.getBytes(java.nio.charset.StandardCharsets.UTF_8), docid);
        if (pos[i].length == 0) {
          return false;
        }
      }
      for (int p : pos[0]) {
        boolean ok = true;
        for (int i = 1; i < terms.length; i++) {
          if (Arrays.binarySearch(pos[i], p + i) < 0) {
            ok = false;
            break;
          }
        }
        if (ok) {
          return true;
        }
      }
      return false;
    }
  }

  /** OR of two subtrees: w(L) + w(R) where both match. */
  static final class Or extends PostingTree {
    final PostingTree l;
    final PostingTree r;
    private long current = -1;
    private boolean lOn;
    private boolean rOn;

    Or(PostingTree l, PostingTree r, long n) {
      this.l = l;
      this.r = r;
      min = Math.max(l.min, r.min);
      est = round(l.est + r.est - (double) l.est * r.est / n);
      max = Math.min(l.max + r.max, n);
      maxWeight = l.maxWeight + r.maxWeight;
    }

    static double estimate(double a, double b, double n) {
      return a + b - a * b / n;
    }

    @Override
    long docid() {
      return current < 0 ? END : current;
    }

    private boolean settle() {
      long a = l.docid();
      long b = r.docid();
      current = Math.min(a, b);
      lOn = a == current && a != END;
      rOn = b == current && b != END;
      return current != END;
    }

    @Override
    boolean next() {
      if (current < 0) {
        l.next();
        r.next();
        return settle();
      }
      if (current == END) {
        return false;
      }
      if (lOn) {
        l.next();
      }
      if (rOn) {
        r.next();
      }
      return settle();
    }

    @Override
    boolean skipTo(long target) {
      if (current >= 0 && (current == END || target <= current)) {
        return current != END;
      }
      if (current < 0 || l.docid() < target) {
        l.skipTo(target);
      }
      if (current < 0 || r.docid() < target) {
        r.skipTo(target);
      }
      return settle();
    }

    /**
     * Xapian's OR decay: once one side cannot beat {@code wMin} alone, only documents of the other
     * side are worth weighing (AND_MAYBE), and once neither can, only documents of both (AND). The
     * side every candidate has may prune below {@code wMin} less the other side's maximum. The tree
     * and so the order of every addition stay as they are: weights are the same doubles.
     */
    @Override
    boolean next(double wMin) {
      boolean needL = r.maxWeight <= wMin; // r alone cannot beat wMin
      boolean needR = l.maxWeight <= wMin;
      if (current == END || (!needL && !needR)) {
        return next();
      }
      if (maxWeight <= wMin) {
        return finish();
      }
      boolean first = current < 0;
      if (first || lOn) {
        boolean more = needL ? l.next(remainder(wMin, r.maxWeight)) : l.next();
        if (!more && needL) {
          return finish();
        }
      }
      if (first || rOn) {
        boolean more = needR ? r.next(remainder(wMin, l.maxWeight)) : r.next();
        if (!more && needR) {
          return finish();
        }
      }
      while (true) {
        long a = l.docid();
        long b = r.docid();
        if ((needL && a == END) || (needR && b == END)) {
          return finish();
        }
        if (needL && needR) {
          if (a < b) {
            l.skipTo(b);
          } else if (b < a) {
            r.skipTo(a);
          } else {
            break;
          }
        } else if (needR) {
          if (a < b) {
            l.skipTo(b);
          }
          break;
        } else {
          if (b < a) {
            r.skipTo(a);
          }
          break;
        }
      }
      return settle();
    }

    private boolean finish() {
      current = END;
      lOn = false;
      rOn = false;
      return false;
    }

    @Override
    double weight() {
      if (lOn && rOn) {
        return l.weight() + r.weight();
      }
      return lOn ? l.weight() : r.weight();
    }

    @Override
    int matchingLeaves() {
      return (lOn ? l.matchingLeaves() : 0) + (rOn ? r.matchingLeaves() : 0);
    }

    @Override
    void leaves(List<Leaf> out) {
      l.leaves(out);
      r.leaves(out);
    }
  }

  /** L AND_NOT R: documents of L without R; weight of L only. */
  static final class AndNot extends PostingTree {
    final PostingTree l;
    final PostingTree r;

    AndNot(PostingTree l, PostingTree r, long n) {
      this.l = l;
      this.r = r;
      min = Math.max(l.min - r.max, 0);
      est = round(l.est * (1 - (double) r.est / n));
      max = l.max;
      maxWeight = l.maxWeight;
    }

    @Override
    long docid() {
      return l.docid();
    }

    private boolean filter(boolean ok) {
      while (ok) {
        long d = l.docid();
        r.skipTo(d);
        if (r.docid() != d) {
          return true;
        }
        ok = l.next();
      }
      return false;
    }

    @Override
    boolean next() {
      return filter(l.next());
    }

    @Override
    boolean next(double wMin) {
      return filter(l.next(wMin));
    }

    @Override
    boolean skipTo(long target) {
      return filter(l.skipTo(target));
    }

    @Override
    double weight() {
      return l.weight();
    }

    @Override
    int matchingLeaves() {
      return l.matchingLeaves();
    }
  }

  /** XOR: documents in exactly one side. */
  static final class Xor extends PostingTree {
    final Or or;

    Xor(PostingTree l, PostingTree r, long n) {
      this.or = new Or(l, r, n);
      min = 0;
      est = round(l.est + r.est - 2.0 * l.est * r.est / n);
      max = Math.min(l.max + r.max, n);
      maxWeight = or.maxWeight;
    }

    @Override
    long docid() {
      return or.docid();
    }

    private boolean skipBoth(boolean ok) {
      while (ok && or.l.docid() == or.r.docid()) {
        ok = or.next();
      }
      return ok;
    }

    @Override
    boolean next() {
      return skipBoth(or.next());
    }

    @Override
    boolean skipTo(long target) {
      return skipBoth(or.skipTo(target));
    }

    @Override
    double weight() {
      return or.weight();
    }

    @Override
    int matchingLeaves() {
      return or.matchingLeaves();
    }
  }

  /**
   * OP_SYNONYM (a wildcard's expansion): one virtual term whose wdf is the sum of the expanded
   * terms' wdf and whose termfreq is their OR estimate.
   */
  static final class Synonym extends PostingTree {
    final PostingTree or;
    final Bm25.@Nullable Leaf w;
    final DocLengths lengths;

    Synonym(PostingTree or, Bm25.@Nullable Leaf w, DocLengths lengths) {
      this.or = or;
      this.w = w;
      this.lengths = lengths;
      min = or.min;
      est = or.est;
      max = or.max;
      maxWeight = bound(w);
    }

    @Override
    long docid() {
      return or.docid();
    }

    @Override
    boolean next() {
      return or.next();
    }

    @Override
    boolean skipTo(long target) {
      return or.skipTo(target);
    }

    long wdf() {
      return wdfAt(or, or.docid());
    }

    /** Sums the wdf of the expanded terms on d, visiting only the OR branches that are on d. */
    private static long wdfAt(PostingTree t, long d) {
      if (t instanceof Leaf leaf) {
        return leaf.wdf();
      }
      Or o = (Or) t;
      long s = 0;
      if (o.l.docid() == d) {
        s += wdfAt(o.l, d);
      }
      if (o.r.docid() == d) {
        s += wdfAt(o.r, d);
      }
      return s;
    }

    @Override
    double weight() {
      return w == null ? 0 : w.sumpart(wdf(), lengths.get(or.docid()));
    }

    @Override
    int matchingLeaves() {
      return 1;
    }
  }
}
