package org.corpusmcp.zim.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.corpusmcp.zim.search.QueryNode.Compound;
import org.corpusmcp.zim.search.QueryNode.Op;
import org.corpusmcp.zim.search.QueryNode.Term;
import org.jspecify.annotations.Nullable;

/**
 * The part of Xapian 1.4's QueryParser that libzim uses, with the default operator AND (with the
 * flags libzim passes). Written from its observed behaviour:
 *
 * <ul>
 *   <li>Words are runs of word characters, lower-cased; {@code ' & · ׳ ‧} (and {@code ’ ‛} as
 *       {@code '}) join two words, {@code , . ;} … join two digits, zero-width characters inside a
 *       word vanish, up to three trailing {@code +}/{@code #} stay ({@code c++}) unless a word
 *       character follows; {@code U.S.A.} is the word {@code usa}.
 *   <li>Words linked by one or more of {@code . - / : \ @} form a phrase ({@code long-distance}).
 *   <li>With {@code cjk}, runs of CJK characters become their unigrams and bigrams, AND-ed.
 *   <li>With {@code booleans}: {@code AND OR NOT XOR} (upper case) and parentheses; juxtaposed
 *       items bind tighter than operators. With {@code loveHate}: {@code +a} required, {@code -a}
 *       excluded. With {@code phrases}: {@code "…"} is a phrase.
 *   <li>Stop words are dropped from a run of plain words unless all of them are stop words.
 * </ul>
 *
 * Errors (e.g. {@code a OR}) raise {@link QueryParseException}; libzim then returns no results.
 */
final class QueryParser {

  /** Stemming strategies of Xapian's QueryParser. */
  enum Stemming {
    NONE,
    SOME,
    ALL
  }

  /** Parse flags. */
  record Flags(boolean booleans, boolean phrases, boolean loveHate, boolean cjk, boolean partial) {
    static final Flags DEFAULT = new Flags(true, true, true, false, false);
    static final Flags CJK_ONLY = new Flags(false, false, false, true, false);
  }

  /** A syntax error, as Xapian's QueryParserError. */
  static final class QueryParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    QueryParseException(String m) {
      super(m);
    }
  }

  private final Stemmer stemmer;
  private final Stemming stemming;
  private final Set<String> stopwords;

  QueryParser(Stemmer stemmer, Stemming stemming, Set<String> stopwords) {
    this.stemmer = stemmer;
    this.stemming = stemming;
    this.stopwords = stopwords;
  }

  // ------------------------------------------------------------------ lexing

  private enum Kind {
    WORDS,
    AND,
    OR,
    NOT,
    XOR,
    LPAREN,
    RPAREN
  }

  /** A lexical item: a word, a phrase of linked words, or a CJK run; or an operator. */
  private static final class Tok {
    final Kind kind;
    final List<String> words = new ArrayList<>();
    final List<Integer> positions = new ArrayList<>();
    final List<Boolean> stemmable = new ArrayList<>();
    boolean phrase;
    boolean cjk;
    boolean last; // the final word touches the end of the query (FLAG_PARTIAL)
    int love; // +1 love, -1 hate

    Tok(Kind kind) {
      this.kind = kind;
    }
  }

  private int[] cps = new int[0];
  private int n;
  private int termpos;

  /** Parses a query string. An empty or word-less query gives null (Xapian's empty query). */
  @Nullable QueryNode parse(String text, Flags flags) {
    cps = text.codePoints().toArray();
    n = cps.length;
    termpos = 0;
    List<Tok> toks = lex(flags);
    if (toks.isEmpty()) {
      return null;
    }
    if (!flags.booleans()) {
      return group(toks, flags);
    }
    pos = 0;
    this.toks = toks;
    QueryNode q = expr(flags);
    while (pos < toks.size()) {
      // stray closing brackets are ignored; anything else here is an error
      if (toks.get(pos).kind == Kind.RPAREN) {
        pos++;
        QueryNode more = pos < toks.size() ? expr(flags) : null;
        if (more != null) {
          q = q == null ? more : and(List.of(q, more));
        }
      } else {
        throw new QueryParseException("Syntax error");
      }
    }
    return q;
  }

  private List<Tok> lex(Flags f) {
    List<Tok> out = new ArrayList<>();
    int i = 0;
    boolean inQuote = false;
    Tok quote = null;
    while (i < n) {
      int c = cps[i];
      if (!CharClasses.isWordChar(c)) {
        if (f.phrases() && c == '"') {
          if (inQuote) {
            inQuote = false;
            if (!quote.words.isEmpty()) {
              out.add(quote);
            }
            quote = null;
          } else {
            inQuote = true;
            quote = new Tok(Kind.WORDS);
            quote.phrase = true;
            quote.love = pendingLove(i, f);
          }
          i++;
          continue;
        }
        if (!inQuote && f.booleans() && c == '(') {
          Tok t = new Tok(Kind.LPAREN);
          t.love = pendingLove(i, f);
          out.add(t);
          i++;
          continue;
        }
        if (!inQuote && f.booleans() && c == ')') {
          out.add(new Tok(Kind.RPAREN));
          i++;
          continue;
        }
        i++;
        continue;
      }
      // a word starts at i
      if (!inQuote && f.booleans()) {
        Kind op = operatorAt(i);
        if (op != null) {
          out.add(new Tok(op));
          i += op == Kind.OR ? 2 : 3;
          continue;
        }
      }
      Tok t = inQuote ? quote : new Tok(Kind.WORDS);
      if (!inQuote) {
        t.love = pendingLove(i, f);
      }
      if (f.cjk() && CharClasses.isCjk(cps[i])) {
        int j = i;
        while (j < n && CharClasses.isCjk(cps[j])) {
          j++;
        }
        termpos++;
        if (inQuote) {
          // inside quotes: CJK n-grams join the phrase as plain words
          for (int k = i; k < j; k++) {
            addWord(t, new String(cps, k, 1), false);
          }
        } else {
          t.cjk = true;
          for (int k = i; k < j; k++) {
            t.words.add(new String(cps, k, 1));
            t.positions.add(termpos);
            t.stemmable.add(false);
            if (k + 1 < j) {
              t.words.add(new String(cps, k, 2));
              t.positions.add(termpos);
              t.stemmable.add(false);
            }
          }
          out.add(t);
        }
        i = j;
        continue;
      }
      i = readLinkedWords(t, i, f);
      t.last = i >= n;
      if (!inQuote) {
        out.add(t);
      }
    }
    if (inQuote && quote != null && !quote.words.isEmpty()) {
      out.add(quote);
    }
    return out;
  }

  /** +1/−1 when a love/hate sign directly precedes position i (after start, space or bracket). */
  private int pendingLove(int i, Flags f) {
    if (!f.loveHate() || i == 0) {
      return 0;
    }
    int s = cps[i - 1];
    if (s != '+' && s != '-') {
      return 0;
    }
    if (i >= 2) {
      int b = cps[i - 2];
      if (!(b == ' '
          || b == '\t'
          || b == '\n'
          || b == '\r'
          || b == '('
          || Character.isWhitespace(b))) {
        return 0;
      }
    }
    return s == '+' ? 1 : -1;
  }

  private @Nullable Kind operatorAt(int i) {
    for (Kind k : new Kind[] {Kind.AND, Kind.OR, Kind.NOT, Kind.XOR}) {
      String s = k.name();
      int len = s.length();
      if (i + len > n) {
        continue;
      }
      boolean eq = true;
      for (int j = 0; j < len; j++) {
        if (cps[i + j] != s.charAt(j)) {
          eq = false;
          break;
        }
      }
      if (eq
          && (i + len == n || !CharClasses.isWordChar(cps[i + len]))
          && (i == 0 || !CharClasses.isWordChar(cps[i - 1]))) {
        // an operator must stand alone: not followed by an infix joining it to a word
        return k;
      }
    }
    return null;
  }

  /** Reads one word and any words linked to it by phrase generators; returns the end. */
  private int readLinkedWords(Tok t, int i, Flags f) {
    while (true) {
      int[] end = new int[1];
      String w = readWord(i, end, f);
      termpos++;
      boolean stemmable = canStemSome(w, end[0]);
      addWord(t, w, stemmable);
      i = end[0];
      // phrase generators followed by a word character continue the phrase
      int k = i;
      while (k < n && CharClasses.isPhraseGenerator(cps[k])) {
        k++;
      }
      if (k > i
          && k < n
          && CharClasses.isWordChar(cps[k])
          && !(f.cjk() && CharClasses.isCjk(cps[k]))) {
        if (f.booleans() && operatorAt(k) != null) {
          return i;
        }
        t.phrase = true;
        i = k;
        continue;
      }
      return i;
    }
  }

  private void addWord(Tok t, String w, boolean stemmable) {
    t.words.add(w);
    t.positions.add(termpos);
    t.stemmable.add(stemmable);
  }

  /**
   * STEM_SOME stems a word starting with a letter that is not followed by <code>
   * ( / \ @ &lt; &gt; = * [ { "</code>.
   */
  private boolean canStemSome(String w, int end) {
    int first = w.codePointAt(0);
    int type = Character.getType(first);
    boolean letter =
        type == Character.LOWERCASE_LETTER
            || type == Character.TITLECASE_LETTER
            || type == Character.MODIFIER_LETTER
            || type == Character.OTHER_LETTER
            || type == Character.UPPERCASE_LETTER;
    if (!letter) {
      return false;
    }
    if (end < n && "(/\\@<>=*[{\"".indexOf(cps[end]) >= 0) {
      return false;
    }
    return true;
  }

  private String readWord(int i, int[] end, Flags f) {
    return Tokenizer.readWord(cps, n, i, end, f.cjk());
  }

  // ------------------------------------------------------------------ grammar (FLAG_BOOLEAN)

  private List<Tok> toks = List.of();
  private int pos;

  private @Nullable QueryNode expr(Flags f) {
    QueryNode left = andExpr(f);
    while (pos < toks.size() && (toks.get(pos).kind == Kind.OR || toks.get(pos).kind == Kind.XOR)) {
      Op op = toks.get(pos).kind == Kind.OR ? Op.OR : Op.XOR;
      pos++;
      QueryNode right = andExpr(f);
      if (left == null || right == null) {
        throw new QueryParseException("Syntax: <expression> " + op.label + " <expression>");
      }
      left = combine(op, left, right);
    }
    return left;
  }

  private @Nullable QueryNode andExpr(Flags f) {
    QueryNode left = prob(f);
    while (pos < toks.size()
        && (toks.get(pos).kind == Kind.AND || toks.get(pos).kind == Kind.NOT)) {
      Op op;
      String name;
      if (toks.get(pos).kind == Kind.NOT) {
        op = Op.AND_NOT;
        name = "NOT";
        pos++;
      } else {
        pos++;
        if (pos < toks.size() && toks.get(pos).kind == Kind.NOT) {
          pos++;
          op = Op.AND_NOT;
          name = "AND NOT";
        } else {
          op = Op.AND;
          name = "AND";
        }
      }
      QueryNode right = prob(f);
      if (left == null || right == null) {
        throw new QueryParseException("Syntax: <expression> " + name + " <expression>");
      }
      left =
          op == Op.AND
              ? and(List.of(left, right))
              : new Compound(Op.AND_NOT, List.of(left, right), 0);
    }
    return left;
  }

  /** Juxtaposed items: words, phrases, bracketed expressions, with love/hate. */
  private @Nullable QueryNode prob(Flags f) {
    List<Tok> items = new ArrayList<>();
    List<QueryNode> brackets = new ArrayList<>();
    while (pos < toks.size()) {
      Tok t = toks.get(pos);
      if (t.kind == Kind.WORDS) {
        items.add(t);
        pos++;
      } else if (t.kind == Kind.LPAREN) {
        pos++;
        QueryNode inner = expr(f);
        if (pos < toks.size() && toks.get(pos).kind == Kind.RPAREN) {
          pos++;
        }
        if (inner != null) {
          Tok marker = new Tok(Kind.LPAREN);
          marker.love = t.love;
          items.add(marker);
          brackets.add(inner);
        }
      } else {
        break;
      }
    }
    if (items.isEmpty()) {
      return null;
    }
    return buildGroup(items, brackets, f);
  }

  /** A whole query without FLAG_BOOLEAN: one group. */
  private @Nullable QueryNode group(List<Tok> toks, Flags f) {
    return buildGroup(toks, List.of(), f);
  }

  private @Nullable QueryNode buildGroup(List<Tok> items, List<QueryNode> brackets, Flags f) {
    // stop words: plain single words, dropped unless all plain words are stop words
    boolean allStop = true;
    boolean anyPlain = false;
    for (Tok t : items) {
      if (t.kind == Kind.WORDS && isPlain(t)) {
        anyPlain = true;
        if (!stopwords.contains(t.words.get(0))) {
          allStop = false;
        }
      }
    }
    boolean dropStops = !stopwords.isEmpty() && anyPlain && !allStop;
    boolean anyNonHate = false;
    for (Tok t : items) {
      if (t.love >= 0) {
        anyNonHate = true;
      }
    }
    List<QueryNode> pos = new ArrayList<>();
    List<QueryNode> neg = new ArrayList<>();
    int b = 0;
    for (Tok t : items) {
      QueryNode q;
      if (t.kind == Kind.LPAREN) {
        q = brackets.get(b++);
      } else {
        if (dropStops && isPlain(t) && stopwords.contains(t.words.get(0))) {
          continue;
        }
        q = itemQuery(t, f);
      }
      if (q == null) {
        continue;
      }
      if (t.love < 0 && anyNonHate) {
        neg.add(q);
      } else {
        pos.add(q);
      }
    }
    if (pos.isEmpty()) {
      return null;
    }
    QueryNode p = pos.size() == 1 ? pos.get(0) : and(pos);
    if (neg.isEmpty()) {
      return p;
    }
    QueryNode ng = neg.size() == 1 ? neg.get(0) : new Compound(Op.OR, neg, 0);
    return new Compound(Op.AND_NOT, List.of(p, ng), 0);
  }

  private static boolean isPlain(Tok t) {
    return t.love == 0 && !t.phrase && !t.cjk && t.words.size() == 1;
  }

  private @Nullable QueryNode itemQuery(Tok t, Flags f) {
    if (t.cjk) {
      List<QueryNode> terms = new ArrayList<>();
      for (int i = 0; i < t.words.size(); i++) {
        terms.add(new Term(termFor(t.words.get(i), false), t.positions.get(i)));
      }
      return terms.size() == 1 ? terms.get(0) : new Compound(Op.AND, terms, 0);
    }
    boolean inPhrase = t.words.size() > 1;
    List<QueryNode> terms = new ArrayList<>();
    for (int i = 0; i < t.words.size(); i++) {
      String w = t.words.get(i);
      boolean stemOk = t.stemmable.get(i) && !inPhrase;
      Term term = new Term(termFor(w, stemOk), t.positions.get(i));
      if (f.partial() && t.last && !inPhrase && i == t.words.size() - 1) {
        terms.add(new Compound(Op.OR, List.of(new QueryNode.Wildcard(w, 100, false), term), 0));
      } else {
        terms.add(term);
      }
    }
    if (terms.size() == 1) {
      return terms.get(0);
    }
    return new Compound(Op.PHRASE, terms, terms.size());
  }

  private String termFor(String word, boolean stemSomeOk) {
    switch (stemming) {
      case ALL -> {
        return stemmer.stem(word);
      }
      case SOME -> {
        if (stemSomeOk && !stemmer.isNone()) {
          return "Z" + stemmer.stem(word);
        }
        return word;
      }
      default -> {
        return word;
      }
    }
  }

  /** The terms of a parsed query in query-position order (Xapian's get_terms_begin()). */
  static List<Term> terms(@Nullable QueryNode q) {
    List<Term> out = new ArrayList<>();
    if (q != null) {
      collectTerms(q, out);
    }
    out.sort(java.util.Comparator.comparingInt(Term::pos));
    return out;
  }

  private static void collectTerms(QueryNode q, List<Term> out) {
    if (q instanceof Term t) {
      out.add(t);
    } else if (q instanceof Compound c) {
      for (QueryNode k : c.children()) {
        collectTerms(k, out);
      }
    }
  }

  private static QueryNode and(List<QueryNode> parts) {
    return new Compound(Op.AND, parts, 0);
  }

  private static QueryNode combine(Op op, QueryNode l, QueryNode r) {
    return new Compound(op, List.of(l, r), 0);
  }
}
