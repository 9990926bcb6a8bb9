package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.corpus.FetchResponse.SectionView;

/**
 * Fits a fetch reply into its budget as the client receives it: the reply serialized as the tool's
 * text block, JSON escaping and indentation included, not just the Markdown inside, bounded both in
 * characters ({@code MAX_FETCH_CHARS}) and in estimated tokens ({@code MAX_FETCH_TOKENS}). A client
 * that refuses an oversized tool result gives the agent nothing at all, so the bound has to hold
 * for the whole text.
 *
 * <p>Sections are kept in order while they fit; every section after the first that does not fit is
 * named in {@code omitted_sections}, so the reply is always a readable prefix of what was asked for
 * and the rest can be asked for by id. When not even the first section fits, it is cut at the end
 * of a line (a paragraph, list item or table row; never inside a code fence) and ends with a
 * visible marker saying so.
 */
final class FetchBudget {

  /** What went into the reply: the sections kept, the ids left out, and whether one was cut. */
  record Fitted(List<SectionView> sections, List<String> omitted, boolean cut) {
    boolean truncated() {
      return cut || !omitted.isEmpty();
    }
  }

  /** Re-renders a cut piece (its content changed, so its hash and size do too). */
  interface Recut {
    SectionView withContent(SectionView piece, String content, int fullLength);
  }

  /**
   * The most a reply's text block may hold.
   *
   * @param maxChars characters, at least 1
   * @param maxTokens estimated tokens ({@link TokenEstimate}); 0 for no token bound
   */
  record Limit(int maxChars, int maxTokens) {
    /** How much of the budget a text of this size takes: 1 or less fits. */
    double load(TextSize text) {
      double chars = (double) text.chars() / maxChars;
      if (maxTokens <= 0 || chars > 1) {
        return chars;
      }
      return Math.max(chars, (double) text.tokens() / maxTokens);
    }

    boolean holds(TextSize text) {
      return load(text) <= 1;
    }
  }

  private final Limit limit;

  FetchBudget(Limit limit) {
    this.limit = limit;
  }

  /**
   * @param reply the reply without sections (none kept, none omitted, not truncated)
   * @param recut called once, for the section that is cut, if one is
   */
  Fitted fit(FetchResponse reply, List<SectionView> pieces, Recut recut) {
    FetchReplySize size = new FetchReplySize(reply, pieces);
    if (limit.holds(size.prefix(pieces.size()))) {
      return new Fitted(List.copyOf(pieces), List.of(), false);
    }
    // Keep a prefix; shrink it from a first guess made from per-piece sizes until it fits.
    int keep = Math.min(pieces.size(), Math.max(1, firstGuess(size, pieces)));
    while (keep > 0) {
      if (limit.holds(size.prefix(keep))) {
        return prefix(pieces, keep);
      }
      keep--;
    }
    return cutFirst(size, pieces, recut);
  }

  private int firstGuess(FetchReplySize size, List<SectionView> pieces) {
    double room = 1 - limit.load(size.prefix(0));
    int keep = 0;
    for (SectionView p : pieces) {
      // the piece's own text, with some room for its indentation inside the reply
      long indentation = 8L * (fields(p) + 2);
      double cost = limit.load(size.alone(p).plus(new TextSize(indentation, 0, indentation)));
      if (cost > room) {
        break;
      }
      room -= cost;
      keep++;
    }
    return keep;
  }

  /**
   * How many fields a section's JSON object has: id, title, level, content, hash and the optional
   * ones.
   */
  private static int fields(SectionView s) {
    return 5 + (s.truncated() ? 2 : 0) + (s.metadata().isEmpty() ? 0 : 1);
  }

  private Fitted cutFirst(FetchReplySize size, List<SectionView> pieces, Recut recut) {
    if (pieces.isEmpty()) {
      return new Fitted(List.of(), List.of(), false);
    }
    SectionView first = pieces.get(0);
    String content = first.content();
    // the longest prefix cut at the end of a line whose reply fits; then, when the next line is a
    // long paragraph, as much of it as fits, cut between words (never inside a fence or table row)
    List<Integer> lineCuts = blockBoundaries(content);
    int line = longestFitting(size, first, lineCuts);
    if (line < 0) {
      // not even the marker fits beside the outline: return the outline alone
      List<String> omitted = new ArrayList<>();
      pieces.forEach(p -> omitted.add(p.id()));
      return new Fitted(List.of(), omitted, true);
    }
    int from = lineCuts.get(line);
    int to = line + 1 < lineCuts.size() ? lineCuts.get(line + 1) : content.length();
    String next = content.substring(from, to).stripLeading();
    boolean prose = !(next.startsWith("```") || next.startsWith("~~~") || next.startsWith("|"));
    List<Integer> words = prose ? wordBoundaries(content, from, to) : List.of(from);
    int word = longestFitting(size, first, words);
    String marked = cutAt(first, words.get(Math.max(word, 0)));
    List<String> omitted = new ArrayList<>();
    for (int i = 1; i < pieces.size(); i++) {
      omitted.add(pieces.get(i).id());
    }
    return new Fitted(List.of(recut.withContent(first, marked, content.length())), omitted, true);
  }

  /** The index of the last cut in {@code cuts} (ascending) whose reply fits, or -1. */
  private int longestFitting(FetchReplySize size, SectionView first, List<Integer> cuts) {
    int lo = 0;
    int hi = cuts.size() - 1;
    int best = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      // measured with the whole section's hash: every content_hash is 64 hex digits, so the cut's
      // own hash has the same size and is computed once, for the cut that is kept
      SectionView cut =
          new SectionView(
              first.id(),
              first.title(),
              first.level(),
              cutAt(first, cuts.get(mid)),
              first.contentHash(),
              first.content().length(),
              first.metadata());
      if (limit.holds(size.cut(cut))) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return best;
  }

  /**
   * Word breaks inside one long line, from {@code from} (included) to {@code to}: spaces outside
   * link syntax ({@code [text](target)}), so a cut never leaves half a link.
   */
  static List<Integer> wordBoundaries(String markdown, int from, int to) {
    List<Integer> out = new ArrayList<>();
    out.add(from);
    int brackets = 0;
    boolean inTarget = false;
    for (int i = from; i < to; i++) {
      char c = markdown.charAt(i);
      if (inTarget) {
        inTarget = c != ')';
      } else if (c == '[') {
        brackets++;
      } else if (c == ']' && brackets > 0) {
        brackets--;
        inTarget = i + 1 < to && markdown.charAt(i + 1) == '(';
      } else if (c == ' ' && brackets == 0) {
        out.add(i);
      }
    }
    return out;
  }

  /** The section's content up to {@code end}, with the marker saying what was left out. */
  private static String cutAt(SectionView first, int end) {
    String content = first.content();
    String shown = content.substring(0, end).stripTrailing();
    return shown
        + (shown.isEmpty() ? "" : "\n\n")
        + marker(first.id(), shown.length(), content.length());
  }

  static String marker(String id, int shown, int total) {
    String name = id.isEmpty() ? "the lead section" : "section \"" + id + "\"";
    return "[…truncated: "
        + shown
        + " of "
        + total
        + " characters of "
        + name
        + " shown; it is"
        + " larger than the fetch budget. The sections in omitted_sections can be fetched by id.]";
  }

  /**
   * Where a section's Markdown may be cut: at its start and at the start of every line outside a
   * code fence. The renderer writes a paragraph, a list item or a table row as one line, so a cut
   * there leaves whole paragraphs, items and rows (a table cut between rows is still a table), and
   * never splits a fence.
   */
  static List<Integer> blockBoundaries(String markdown) {
    List<Integer> out = new ArrayList<>();
    out.add(0);
    boolean inFence = false;
    int lineStart = 0;
    while (lineStart < markdown.length()) {
      int lineEnd = markdown.indexOf('\n', lineStart);
      if (lineEnd < 0) {
        lineEnd = markdown.length();
      }
      String line = markdown.substring(lineStart, lineEnd).stripLeading();
      boolean fence = line.startsWith("```") || line.startsWith("~~~");
      if (fence && inFence) {
        inFence = false;
        if (lineEnd < markdown.length()) {
          out.add(lineEnd + 1); // just after the closing fence
        }
      } else if (fence) {
        inFence = true;
      } else if (!inFence && lineStart > 0 && out.get(out.size() - 1) != lineStart) {
        out.add(lineStart);
      }
      lineStart = lineEnd + 1;
    }
    return out;
  }

  private static Fitted prefix(List<SectionView> pieces, int keep) {
    List<SectionView> kept = new ArrayList<>();
    List<String> omitted = new ArrayList<>();
    for (int i = 0; i < pieces.size(); i++) {
      if (i < keep) {
        kept.add(pieces.get(i));
      } else {
        omitted.add(pieces.get(i).id());
      }
    }
    return new Fitted(kept, omitted, false);
  }

  /** The reply with these sections. */
  static FetchResponse assemble(FetchResponse reply, Fitted fitted) {
    return reply.withSections(fitted.sections(), fitted.truncated(), fitted.omitted());
  }
}
