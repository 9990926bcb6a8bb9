package org.corpusmcp.zim.search;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.search.QueryNode.Compound;
import org.corpusmcp.zim.search.QueryNode.Op;

/**
 * Snippets as Xapian 1.4's {@code MSet::snippet} cuts them for libzim (zim-and-libzim-search.md
 * §D.5), re-derived from that section and from black-box experiments with python3-xapian:
 *
 * <ul>
 *   <li>The text is split into words as the indexer splits it; each word ends at byte offset e.
 *   <li>A word's relevance: a query term (lower-cased word, else "Z"+stem) scores its BM25 upper
 *       bound plus the largest one (×1.015625); words that occur in the query only inside phrases
 *       score nothing alone; a word completing the query's exact phrase (the last one in query
 *       order) scores largest × phrase length for the whole phrase; a word starting with a wildcard
 *       prefix scores largest + smallest; with the background model, another word scores
 *       largest·ln((N+1−tf)/tf)/((length+1)·ln(N+1)).
 *   <li>Relevance belongs to the term: each occurrence entering the window adds the term's current
 *       value and halves it; an occurrence leaving doubles it back and subtracts it.
 *   <li>The window holds the latest words whose span, from the end of the word before the window
 *       to the end of the newest word, is at most length + 1 bytes. After each word, a window whose
 *       sum is ≥ the best so far becomes the best (ties → later). Without the exhaustive flag the
 *       scan stops once the window has moved wholly past a best window with a positive sum.
 *   <li>Output: "..." unless the window starts the text or a sentence (". ", "? ", "! "); up to
 *       4 opening punctuation characters before the first word; the words and the text between
 *       them (escaped), matches in {@code <b>…</b>}; after the last word either the sentence end
 *       (a run of . ? ! followed by a space or the end), or up to 4 closing punctuation characters;
 *       "..." unless the text ended.
 * </ul>
 *
 * <p>Known gaps (about 1–2 % of snippets on the parity corpus): Xapian also highlights a phrase
 * whose words are separated by other words ("Charles <b>R Darwin</b>"), keeps a trailing "+" of
 * a word followed by a letter in the highlight, and treats text after the last word or a
 * "space + period" ending differently in some cases.
 */
final class Snippets {
  private static final double DECAY = 2.0;
  private static final int MAX_WORD_BYTES = 64;

  private final GlassDatabase db;
  private final Stemmer stemmer;
  private final Map<String, Double> termMaxPart = new HashMap<>();
  private final Map<String, Double> allMaxPart = new HashMap<>();
  private final java.util.Set<String> phraseTerms = new java.util.HashSet<>();
  /** The exact phrase checked for: Xapian keeps one, the last in query order. */
  private List<String> lastPhrase = List.of();
  private final List<String> wildcards = new ArrayList<>();
  private double maxTw;
  private double minTw;

  Snippets(GlassDatabase db, QueryNode query, Stemmer stemmer, Bm25 bm25) {
    this.db = db;
    this.stemmer = stemmer;
    collect(query, bm25, true, false);
    double mx = 0;
    double mn = Double.MAX_VALUE;
    for (double v : allMaxPart.values()) {
      if (v > 0) {
        mx = Math.max(mx, v);
        mn = Math.min(mn, v);
      }
    }
    maxTw = mx == 0 ? 1 : mx * 1.015625;
    minTw = mn == Double.MAX_VALUE ? 0 : mn;
  }

  private void collect(QueryNode q, Bm25 bm25, boolean weighted, boolean inPhrase) {
    if (q instanceof QueryNode.Term t) {
      double mp = weighted ? maxPart(t.term(), t.wqf(), bm25) : 0;
      allMaxPart.merge(t.term(), mp, Double::sum);
      if (inPhrase) {
        phraseTerms.add(t.term()); // words of a phrase count only as the whole phrase
      } else {
        termMaxPart.merge(t.term(), mp, Double::sum);
      }
      return;
    }
    if (q instanceof QueryNode.Wildcard w) {
      wildcards.add(w.prefix());
      return;
    }
    Compound c = (Compound) q;
    boolean phrase = c.op() == Op.PHRASE;
    if (c.op() == Op.PHRASE && c.window() == c.children().size()) {
      List<String> terms = new ArrayList<>();
      for (QueryNode k : c.children()) {
        if (k instanceof QueryNode.Term t) {
          terms.add(t.term());
        }
      }
      if (terms.size() == c.children().size() && terms.size() > 1) {
        lastPhrase = terms;
      }
    }
    for (int i = 0; i < c.children().size(); i++) {
      boolean w = weighted && !(c.op() == Op.AND_NOT && i > 0);
      collect(c.children().get(i), bm25, w, inPhrase || phrase);
    }
  }

  private double maxPart(String term, int wqf, Bm25 bm25) {
    GlassDatabase.TermStats st = db.termStats(term);
    if (st.termFreq() == 0) {
      return 0;
    }
    long wdfMax = st.wdfUpperBound(db.header().wdfUpperBound());
    return bm25.leaf(db.docCount(), db.averageLength(), db.header().doclenLowerBound(), st.termFreq(), wqf, 1.0,
        wdfMax).maxpart();
  }

  /** One word entering the window. */
  private static final class Piece {
    final int start;
    final int end;
    double[] relevance; // shared per term (null: none)
    int highlight;

    Piece(int start, int end, double[] relevance, int highlight) {
      this.start = start;
      this.end = end;
      this.relevance = relevance;
      this.highlight = highlight;
    }
  }

  /** A word of the text: byte range and lower-cased form. */
  record Word(int start, int end, String lower) {}

  /** Cuts a snippet of about {@code length} bytes from {@code text}. */
  String snippet(String text, int length, boolean backgroundModel) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    List<Word> words = Tokenizer.words(text, bytes);
    int limit = length + 1;
    boolean exhaustive = backgroundModel; // libzim: suggestions use the default flags, full text 0
    Map<String, double[]> rel = new HashMap<>();
    ArrayDeque<Piece> pipe = new ArrayDeque<>();
    List<Piece> all = new ArrayList<>();
    List<String> matched = new ArrayList<>();
    int begin = 0;
    double sum = 0;
    double bestSum = 0;
    int bestBegin = 0;
    int bestEnd = 0;
    for (Word w : words) {
      if (w.end() - w.start() > MAX_WORD_BYTES || w.lower().getBytes(StandardCharsets.UTF_8).length > MAX_WORD_BYTES) {
        continue;
      }
      String term = null;
      double r = 0;
      int h = 0;
      String lower = w.lower();
      String phraseTerm = null;
      Double mp = termMaxPart.get(lower);
      if (mp != null) {
        term = lower;
      } else {
        String z = "Z" + stemmer.stem(lower);
        mp = termMaxPart.get(z);
        if (mp != null) {
          term = z;
        } else if (phraseTerms.contains(lower)) {
          phraseTerm = lower;
        } else if (phraseTerms.contains(z)) {
          phraseTerm = z;
        }
      }
      String key;
      if (term != null) {
        r = mp + maxTw;
        h = 1;
        key = "T" + term;
      } else {
        key = "W" + lower;
        boolean wild = false;
        for (String p : wildcards) {
          if (lower.startsWith(p)) {
            wild = true;
            break;
          }
        }
        if (wild) {
          r = maxTw + minTw;
          h = 1;
        } else if (backgroundModel) {
          r = background(lower, length);
        }
      }
      matched.add(term != null ? term : phraseTerm != null ? phraseTerm : lower);
      // phrase completing here?
      int phraseLen = 0;
      List<String> ph = lastPhrase;
      if (!ph.isEmpty() && ph.get(ph.size() - 1).equals(matched.get(matched.size() - 1))) {
        int k = ph.size();
        if (matched.size() >= k && ph.equals(matched.subList(matched.size() - k, matched.size()))
            && pipe.size() >= k - 1) {
          phraseLen = k;
        }
      }
      Piece piece;
      if (phraseLen > 1) {
        final int plen = phraseLen;
        double[] pr = rel.computeIfAbsent("P" + String.join("\u0000", matched.subList(matched.size() - phraseLen,
            matched.size())), x -> new double[] {maxTw * plen});
        Piece first = (Piece) pipe.toArray()[pipe.size() - (phraseLen - 1)];
        if (first.relevance != null) {
          first.relevance[0] *= DECAY;
          sum -= first.relevance[0];
        }
        sum += pr[0];
        first.relevance = pr;
        first.highlight = phraseLen;
        pr[0] /= DECAY;
        piece = new Piece(w.start(), w.end(), null, 0);
      } else {
        double[] rr = null;
        if (r != 0) {
          final double rv = r;
          rr = rel.computeIfAbsent(key, x -> new double[] {rv});
          sum += rr[0];
          rr[0] /= DECAY;
        }
        piece = new Piece(w.start(), w.end(), rr, h);
      }
      pipe.addLast(piece);
      all.add(piece);
      int t = w.end();
      while (t - begin > limit && !pipe.isEmpty()) {
        Piece f = pipe.pollFirst();
        if (f.relevance != null) {
          f.relevance[0] *= DECAY;
          sum -= f.relevance[0];
        }
        begin = f.end;
      }
      if (sum >= bestSum) {
        bestSum = sum;
        bestBegin = begin;
        bestEnd = t;
      } else if (!exhaustive && bestSum > 0 && bestEnd < begin) {
        break;
      }
    }
    return render(text, bytes, all, bestBegin, bestEnd);
  }

  private double background(String lower, int length) {
    long tf = db.termStats(lower).termFreq();
    if (tf == 0) {
      tf = db.termStats("Z" + stemmer.stem(lower)).termFreq();
    }
    if (tf == 0) {
      return 0;
    }
    double n1 = db.docCount() + 1.0;
    return maxTw * GlibcLog.log((n1 - tf) / tf) / ((length + 1) * GlibcLog.log(n1));
  }

  private static String render(String text, byte[] b, List<Piece> all, int bestBegin, int bestEnd) {
    List<Piece> win = new ArrayList<>();
    for (Piece p : all) {
      if (p.end > bestBegin && p.end <= bestEnd) {
        win.add(p);
      }
    }
    StringBuilder out = new StringBuilder();
    if (win.isEmpty()) {
      return "";
    }
    int first = win.get(0).start;
    // leading: "..." unless at the start of the text or of a sentence; then opening punctuation
    int lead = first;
    int cnt = 0;
    int q = first;
    while (q > 0) {
      int prev = prevCodePointStart(b, q);
      int cp = decode(b, prev);
      if (!isLeadPunct(cp)) {
        break;
      }
      cnt++;
      q = prev;
      if (cnt > 4) {
        break;
      }
    }
    if (cnt <= 4) {
      lead = q;
    }
    boolean atStart = onlyNonWordBefore(b, lead, all, win.get(0));
    if (!atStart && !sentenceBefore(b, lead)) {
      out.append("...");
    }
    appendEscaped(out, b, lead, first);
    int pos = first;
    int hiUntil = -1;
    for (int i = 0; i < win.size(); i++) {
      Piece p = win.get(i);
      appendEscaped(out, b, pos, p.start);
      if (p.highlight > 0 && hiUntil < 0) {
        out.append("<b>");
        hiUntil = i + p.highlight - 1;
      }
      appendEscaped(out, b, p.start, p.end);
      if (hiUntil == i) {
        out.append("</b>");
        hiUntil = -1;
      }
      pos = p.end;
    }
    if (hiUntil >= 0) {
      out.append("</b>");
    }
    // trailing: closing punctuation (at most 4), then a sentence end, else "..." unless the text ended
    int end = win.get(win.size() - 1).end;
    int n = b.length;
    int k = end;
    int c = 0;
    while (k < n && c <= 4) {
      int cp = decode(b, k);
      if (!isTrailPunct(cp)) {
        break;
      }
      k += Character.toString(cp).getBytes(StandardCharsets.UTF_8).length;
      c++;
    }
    if (c > 4) {
      k = end;
    }
    int s = k;
    while (s < n && (b[s] == '.' || b[s] == '?' || b[s] == '!')) {
      s++;
    }
    if (s > k && (s == n || isSpace(b[s]))) {
      appendEscaped(out, b, end, s);
      return out.toString();
    }
    appendEscaped(out, b, end, k);
    if (k < n) {
      out.append("...");
    }
    return out.toString();
  }

  /** True when no pumped word precedes the window's first word. */
  private static boolean onlyNonWordBefore(byte[] b, int lead, List<Piece> all, Piece first) {
    return all.get(0) == first && firstWordIsFirst(all, first);
  }

  private static boolean firstWordIsFirst(List<Piece> all, Piece first) {
    return all.indexOf(first) == 0;
  }

  private static boolean sentenceBefore(byte[] b, int at) {
    int q = at;
    int spaces = 0;
    while (q > 0 && isSpace(b[q - 1])) {
      q--;
      spaces++;
    }
    return spaces > 0 && q > 0 && (b[q - 1] == '.' || b[q - 1] == '?' || b[q - 1] == '!');
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 11 || c == 12;
  }

  static boolean isLeadPunct(int cp) {
    int t = Character.getType(cp);
    return t == Character.CURRENCY_SYMBOL || t == Character.START_PUNCTUATION || t == Character.INITIAL_QUOTE_PUNCTUATION
        || "\"#%&'+-/<@\\`~\u00a1\u00a7\u00bf".indexOf(cp) >= 0;
  }

  static boolean isTrailPunct(int cp) {
    int t = Character.getType(cp);
    return t == Character.CURRENCY_SYMBOL || t == Character.END_PUNCTUATION || t == Character.FINAL_QUOTE_PUNCTUATION
        || "\"%'+-/>@\\`~".indexOf(cp) >= 0;
  }

  private static int prevCodePointStart(byte[] b, int q) {
    int p = q - 1;
    while (p > 0 && (b[p] & 0xC0) == 0x80) {
      p--;
    }
    return p;
  }

  private static int decode(byte[] b, int at) {
    int c = b[at] & 0xFF;
    if (c < 0x80) {
      return c;
    }
    int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    if (at + len > b.length) {
      return 0xFFFD;
    }
    return new String(b, at, len, StandardCharsets.UTF_8).codePointAt(0);
  }

  private static void appendEscaped(StringBuilder out, byte[] b, int from, int to) {
    if (to <= from) {
      return;
    }
    String s = new String(b, from, to - from, StandardCharsets.UTF_8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&':
          out.append("&amp;");
          break;
        case '<':
          out.append("&lt;");
          break;
        case '>':
          out.append("&gt;");
          break;
        default:
          out.append(c);
      }
    }
  }
}
