package org.corpusmcp.zim.search;

/**
 * Xapian 1.4's BM25 weighting ({@code bm25weight.cc}), evaluated in Xapian's order so weights are
 * the same doubles. Full-text search uses the defaults (k1 1, k2 0, k3 1, b 0.5, min_normlen 0.5);
 * suggestions use k1 0.001 and b 1. k2 is 0 in both, so the per-document extra term is absent.
 *
 * <p>Example (checked against python3-xapian): N 1496, avlen 190.354…, tf 530 → termweight
 * 1.2951832947511697; wdf 3 in a document of length 232 → 0.9455295924812038.
 */
record Bm25(double k1, double k3, double b, double minNormlen) {

  static final Bm25 FULLTEXT = new Bm25(1, 1, 0.5, 0.5);
  static final Bm25 SUGGESTIONS = new Bm25(0.001, 1, 1, 0.5);

  /** The per-leaf part: computed once per query leaf. */
  Leaf leaf(
      long docCount,
      double avlen,
      long doclenLowerBound,
      double termFreq,
      int wqf,
      double factor,
      long wdfMax) {
    double n = docCount;
    double tw = (n - termFreq + 0.5) / (termFreq + 0.5);
    if (tw < 2) {
      tw = tw * 0.5 + 1;
    }
    double termweight = GlibcLog.log(tw) * factor;
    if (k3 != 0) {
      termweight = termweight * ((k3 + 1) * wqf / (k3 + wqf));
    }
    termweight = termweight * (k1 + 1);
    double lenFactor = (b == 0 || k1 == 0) ? 0 : (avlen != 0 ? 1 / avlen : 0);
    double denom = k1;
    if (k1 != 0 && b != 0) {
      double normlenLb =
          Math.max(Math.max((double) wdfMax, (double) doclenLowerBound) * lenFactor, minNormlen);
      denom = denom * (normlenLb * b + (1 - b));
    }
    denom = denom + wdfMax;
    double maxpart = wdfMax == 0 ? 0 : termweight * (wdfMax / denom);
    return new Leaf(this, termweight, lenFactor, maxpart);
  }

  /** One leaf's constants. */
  record Leaf(Bm25 p, double termweight, double lenFactor, double maxpart) {
    double sumpart(long wdf, long doclen) {
      double normlen = Math.max(doclen * lenFactor, p.minNormlen);
      double denom = p.k1 * (normlen * p.b + (1 - p.b)) + wdf;
      return termweight * (wdf / denom);
    }
  }
}
