package org.corpusmcp.zim.search;

import java.util.List;

/**
 * A parsed query, as Xapian's {@code Query} would hold it. {@link #describe} prints Xapian's {@code
 * get_description()} format, e.g. {@code (run@1 AND dog@2)}, so parses can be compared with the
 * oracle's {@code query_description}.
 */
sealed interface QueryNode {

  /** A term with its query position (0 = none) and within-query frequency. */
  record Term(String term, int pos, int wqf) implements QueryNode {
    public Term(String term, int pos) {
      this(term, pos, 1);
    }
  }

  /** Operators used by libzim's queries. */
  enum Op {
    AND("AND"),
    OR("OR"),
    AND_NOT("AND_NOT"),
    XOR("XOR"),
    AND_MAYBE("AND_MAYBE"),
    PHRASE("PHRASE"),
    SYNONYM("SYNONYM");

    final String label;

    Op(String label) {
      this.label = label;
    }
  }

  /** A compound query; {@code window} is the PHRASE window. */
  record Compound(Op op, List<QueryNode> children, int window) implements QueryNode {
    public Compound {
      children = List.copyOf(children);
    }
  }

  /**
   * All terms starting with {@code prefix}, combined as one synonym (libzim: at most 100, most
   * frequent).
   */
  record Wildcard(String prefix, int limit, boolean errorOnLimit) implements QueryNode {}

  /** Xapian's description of a query, without the {@code Query(...)} wrapper. */
  static String describe(QueryNode n) {
    if (n instanceof Term t) {
      return t.term() + (t.wqf() != 1 ? "#" + t.wqf() : "") + (t.pos() != 0 ? "@" + t.pos() : "");
    }
    if (n instanceof Wildcard w) {
      return "WILDCARD SYNONYM " + w.prefix();
    }
    Compound c = (Compound) n;
    String sep = c.op() == Op.PHRASE ? " PHRASE " + c.window() + " " : " " + c.op().label + " ";
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < c.children().size(); i++) {
      if (i > 0) {
        b.append(sep);
      }
      b.append(describe(c.children().get(i)));
    }
    return b.append(')').toString();
  }

  /**
   * Number of weighted leaf subqueries, Xapian's total_subqs: terms count once each (a wildcard
   * once); the unweighted right-hand side of AND_NOT does not count.
   */
  static int leafCount(QueryNode n) {
    if (n instanceof Compound c) {
      int s = 0;
      for (int i = 0; i < c.children().size(); i++) {
        if (c.op() == Op.AND_NOT && i > 0) {
          continue;
        }
        s += leafCount(c.children().get(i));
      }
      return s;
    }
    return 1;
  }
}
