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
 * Snippets as Xapian 1.4's {@code MSet::snippet} cuts them for libzim ({@code
 * SearchIterator::getSnippet}), re-derived from black-box experiments with python3-xapian:
 *
 * <ul>
 *   <li>The text is split into words as the indexer splits it; each word ends at byte offset e.
 *   <li>A word's relevance: a query term (lower-cased word, else "Z"+stem) scores its BM25 upper
 *       bound plus the largest one (×1.015625). The bound is the matcher's maxpart, from the
 *       posting list's wdf bound without the header's cap (so "the" outranks "of" even when the
 *       header caps both at the same wdf); words that occur in the query only inside phrases score
 *       nothing alone; a word completing one of the query's exact phrases scores largest × phrase
 *       length, highlighted over that many words ending here; a word starting with a wildcard
 *       prefix scores largest + smallest; with the background model, another word scores
 *       largest·ln((N+1−tf)/tf)/((length+1)·ln(N+1)).
 *   <li>Phrases: each is matched against the last S words, S = the longest phrase of the query: its
 *       last term is the current word, its other terms the first words of that run (a term matches
 *       a word's lower-cased form or its "Z" stem). With "charles darwin" and "0posanchor charles
 *       darwin" (suggestions), "Charles R Darwin" highlights "<b>R Darwin</b>".
 *   <li>Relevance belongs to the term: each occurrence entering the window adds the term's current
 *       value and halves it; an occurrence leaving doubles it back and subtracts it. Background
 *       values live as long as this object (one query's results): a snippet that ends with a word
 *       still in its window leaves that word's value halved for the next result's snippet.
 *   <li>The window holds the latest words whose span, from the end of the word before the window to
 *       the end of the newest word, is at most length + 1 bytes. After each word, a window whose
 *       sum is ≥ the best so far (initially the empty window, sum 0) becomes the best (ties →
 *       later). Without the exhaustive flag the scan stops once the window has moved wholly past a
 *       best window with a positive sum. An empty best window gives "...".
 *   <li>A word's end includes up to three '+'/'#' that follow it even when they are not part of the
 *       term because a word character follows ("<b>a+</b>b", "<b>C++</b>98" for a and c).
 *   <li>Output: "..." unless the window starts the text or a sentence (". ", "? ", "! " – any
 *       Unicode white space – with only non-word characters between it and the first word, and not
 *       the dot of an acronym: "B.B. King" does not start a sentence at "King"); up to 4 opening
 *       punctuation characters before the first word but after the previous word; the words and the
 *       text between them (escaped), matches in {@code <b>…</b>}; after the last word the text up
 *       to a sentence end (a run of . ? ! followed by white space or the end) if only non-word
 *       characters come before it, else up to 4 closing punctuation characters and "..." unless the
 *       text ended.
 * </ul>
 */
final class XapianSnippets {
  private static final double DECAY = 2.0;
  private static final int MAX_WORD_BYTES = 64;

  private final GlassDatabase db;
  private final Map<String, GlassDatabase.TermStats> known;
  private final Stemmer stemmer;
  private final Map<String, Double> termMaxPart = new HashMap<>();
  private final Map<String, Double> allMaxPart = new HashMap<>();
  private final java.util.Set<String> phraseTerms = new java.util.HashSet<>();

  /** The query's exact phrases (all terms plain), in query order. */
  private final List<List<String>> phrases = new ArrayList<>();

  /**
   * The longest of them: every phrase is checked against a run of this many words (see snippet).
   */
  private int phraseSpan;

  private final List<String> wildcards = new ArrayList<>();

  /** Background-model relevance per word, shared by all snippets of this query (see background). */
  private final Map<String, double[]> backgroundRelevance = new HashMap<>();

  private double maxTw;
  private double minTw;

  /** "Z" + stem per word: a page of snippets stems the same words again and again. */
  private final Map<String, String> zStems = new HashMap<>();

  /** {@code known}: statistics of terms the matcher already read (Matcher.Outcome#termStats). */
  XapianSnippets(
      GlassDatabase db,
      QueryNode query,
      Stemmer stemmer,
      Bm25 bm25,
      Map<String, GlassDatabase.TermStats> known) {
    this.db = db;
    this.known = known;
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
        phrases.add(terms);
        phraseSpan = Math.max(phraseSpan, terms.size());
      }
    }
    for (int i = 0; i < c.children().size(); i++) {
      boolean w = weighted && !(c.op() == Op.AND_NOT && i > 0);
      collect(c.children().get(i), bm25, w, inPhrase || phrase);
    }
  }

  private GlassDatabase.TermStats stats(String term) {
    GlassDatabase.TermStats st = known.get(term);
    return st != null ? st : db.termStats(term);
  }

  private String zStem(String lower) {
    return zStems.computeIfAbsent(lower, w -> "Z" + stemmer.stem(w));
  }

  private double maxPart(String term, int wqf, Bm25 bm25) {
    GlassDatabase.TermStats st = stats(term);
    if (st.termFreq() == 0) {
      return 0;
    }
    long wdfMax = st.wdfUpperBound();
    return bm25.leaf(
            db.docCount(),
            db.averageLength(),
            db.header().doclenLowerBound(),
            (double) st.termFreq(),
            wqf,
            1.0,
            wdfMax)
        .maxpart();
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
    List<String> lowers = new ArrayList<>();
    List<String> stems = new ArrayList<>();
    int begin = 0;
    double sum = 0;
    double bestSum = 0;
    int bestBegin = 0;
    int bestEnd = 0;
    for (Word w : words) {
      if (w.end() - w.start() > MAX_WORD_BYTES
          || w.lower().getBytes(StandardCharsets.UTF_8).length > MAX_WORD_BYTES) {
        continue;
      }
      String term = null;
      double r = 0;
      double[] bg = null;
      int h = 0;
      String lower = w.lower();
      String phraseTerm = null;
      Double mp = termMaxPart.get(lower);
      if (mp != null) {
        term = lower;
      } else {
        String z = zStem(lower);
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
          bg = background(lower, length);
        }
      }
      matched.add(term != null ? term : phraseTerm != null ? phraseTerm : lower);
      if (!phrases.isEmpty()) { // a phrase term matches a word's lower-cased form or its "Z" stem
        lowers.add(lower);
        stems.add(zStem(lower));
      }
      // phrase completing here? Every phrase is matched against the last phraseSpan words: its last
      // term is the current word, its other terms the words at the start of that run (with phrases
      // "charles darwin" and "0posanchor charles darwin", "Charles R Darwin" highlights
      // "<b>R Darwin</b>"); a match highlights the phrase's length of words ending here.
      int phraseLen = 0;
      List<String> phraseHit = null;
      int m = matched.size() - 1;
      if (pipe.size() >= phraseSpan - 1 && m - (phraseSpan - 1) >= 0) {
        for (List<String> ph : phrases) {
          int k = ph.size();
          if (!phraseWord(ph.get(k - 1), lowers, stems, m)) {
            continue;
          }
          boolean ok = true;
          for (int i = 0; i < k - 1 && ok; i++) {
            ok = phraseWord(ph.get(i), lowers, stems, m - (phraseSpan - 1) + i);
          }
          if (ok) {
            phraseLen = k;
            phraseHit = ph;
            break;
          }
        }
      }
      Piece piece;
      if (phraseLen > 1) {
        final int plen = phraseLen;
        double[] pr =
            rel.computeIfAbsent(
                "P" + String.join("\u0000", phraseHit), x -> new double[] {maxTw * plen});
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
        double[] rr = bg;
        if (rr != null) {
          sum += rr[0];
          rr[0] /= DECAY;
        } else if (r != 0) {
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
    return render(bytes, all, bestBegin, bestEnd);
  }

  /** True when the query term matches word i: its lower-cased form or its "Z" stem. */
  private static boolean phraseWord(String term, List<String> lowers, List<String> stems, int i) {
    return term.equals(lowers.get(i)) || term.equals(stems.get(i));
  }

  /**
   * A word's background relevance. The value lives as long as this object (Xapian keeps it in the
   * MSet): an occurrence still in the chosen window when a snippet ends leaves it halved for the
   * next snippet cut with the same query, which changes later suggestions' snippets. Keyed by the
   * word if the database has it, else by its "Z" stem; looked up by word, then by stem.
   */
  private double[] background(String lower, int length) {
    double[] v = backgroundRelevance.get(lower);
    if (v != null) {
      return v;
    }
    String z = zStem(lower);
    v = backgroundRelevance.get(z);
    if (v != null) {
      return v;
    }
    long tf = stats(lower).termFreq();
    String key = lower;
    if (tf == 0) {
      tf = stats(z).termFreq();
      key = z;
    }
    double r = 0;
    if (tf != 0) {
      double n1 = db.docCount() + 1.0;
      r = maxTw * GlibcLog.log((n1 - tf) / tf) / ((length + 1) * GlibcLog.log(n1));
    }
    v = new double[] {r};
    backgroundRelevance.put(key, v);
    return v;
  }

  private static String render(byte[] b, List<Piece> all, int bestBegin, int bestEnd) {
    List<Piece> win = new ArrayList<>();
    for (Piece p : all) {
      if (p.end > bestBegin && p.end <= bestEnd) {
        win.add(p);
      }
    }
    StringBuilder out = new StringBuilder();
    if (win.isEmpty()) {
      // the best window is the empty one before the first word (every sum was negative)
      return all.isEmpty() ? "" : "...";
    }
    int first = win.get(0).start;
    // leading: "..." unless at the start of the text or of a sentence; then opening punctuation
    int lead = first;
    int cnt = 0;
    int q = first;
    while (q > bestBegin) { // not back into the word before the window (its end may include a '+')
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
    boolean atStart = all.get(0) == win.get(0); // no word of the text before the window
    if (!atStart && !sentenceBefore(b, lead, bestBegin)) {
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
    // trailing: closing punctuation (at most 4), then a sentence end, else "..." unless the text
    // ended
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
    // a sentence end after the last word: the first run of . ? ! among the non-word characters that
    // follow it, itself followed by white space or the end ("obj ) .", "hostname ?")
    int x = end;
    while (x < n) {
      int cp = decode(b, x);
      if (cp == '.' || cp == '?' || cp == '!') {
        int s = x;
        while (s < n && (b[s] == '.' || b[s] == '?' || b[s] == '!')) {
          s++;
        }
        if (s == n || isSpaceAt(b, s)) {
          appendEscaped(out, b, end, s);
          return out.toString();
        }
        break;
      }
      if (CharClasses.isWordChar(cp)) {
        break;
      }
      x += Character.toString(cp).getBytes(StandardCharsets.UTF_8).length;
    }
    appendEscaped(out, b, end, k);
    if (k < n) {
      out.append("...");
    }
    return out.toString();
  }

  /**
   * True when a sentence end (. ? ! then white space) lies among the non-word characters between
   * the previous word's end ({@code floor}) and {@code at}: "end. \u2191 As a special case" starts
   * a sentence although "\u2191 " comes between, but "B.B. King" does not, since the dot belongs to
   * the word "B.B." (an acronym).
   */
  private static boolean sentenceBefore(byte[] b, int at, int floor) {
    int q = at;
    while (q > floor) {
      int prev = prevCodePointStart(b, q);
      int cp = decode(b, prev);
      if (CharClasses.isWordChar(cp)) {
        return false;
      }
      if (isSpaceAt(b, prev)
          && prev > floor
          && (b[prev - 1] == '.' || b[prev - 1] == '?' || b[prev - 1] == '!')) {
        return true;
      }
      q = prev;
    }
    return false;
  }

  /** Unicode white space (a no-break space ends a sentence too: "p.\u00a0281"). */
  private static boolean isSpaceAt(byte[] b, int at) {
    int cp = decode(b, at);
    if (cp < 0x80) {
      return isSpace((byte) cp);
    }
    int t = Character.getType(cp);
    return t == Character.SPACE_SEPARATOR
        || t == Character.LINE_SEPARATOR
        || t == Character.PARAGRAPH_SEPARATOR;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 11 || c == 12;
  }

  static boolean isLeadPunct(int cp) {
    int t = Character.getType(cp);
    return t == Character.CURRENCY_SYMBOL
        || t == Character.START_PUNCTUATION
        || t == Character.INITIAL_QUOTE_PUNCTUATION
        || "\"#%&'+-/<@\\`~\u00a1\u00a7\u00bf".indexOf(cp) >= 0;
  }

  static boolean isTrailPunct(int cp) {
    int t = Character.getType(cp);
    return t == Character.CURRENCY_SYMBOL
        || t == Character.END_PUNCTUATION
        || t == Character.FINAL_QUOTE_PUNCTUATION
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
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        default -> out.append(c);
      }
    }
  }
}
