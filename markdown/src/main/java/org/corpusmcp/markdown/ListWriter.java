package org.corpusmcp.markdown;

import java.util.ArrayDeque;
import java.util.Deque;
import org.jsoup.nodes.Element;

/**
 * Lists ({@code ul}, {@code ol}, {@code dl}) and their items: bullets, numbers counted from an
 * {@code ol}'s {@code start} as a browser does, {@code ": "} for a definition; inside a table cell
 * a list becomes a comma-separated run ("R&amp;B, soul, blues"), since a cell is one line.
 */
final class ListWriter {

  private static final class ListFrame {
    final boolean ordered;
    long next;
    int items;

    ListFrame(boolean ordered, long next) {
      this.ordered = ordered;
      this.next = next;
    }
  }

  private final MarkdownWriter out;
  private final Deque<ListFrame> lists = new ArrayDeque<>();

  ListWriter(MarkdownWriter out) {
    this.out = out;
  }

  void openList(Element list) {
    out.blockBreak();
    lists.push(new ListFrame(list.normalName().equals("ol"), startOf(list)));
  }

  void closeList() {
    if (!lists.isEmpty()) {
      lists.pop();
    }
    out.blockBreak();
  }

  /** An {@code li}: the next bullet or number of the innermost list. */
  void openItem() {
    open(itemMarker());
  }

  /** A {@code dd}: a definition under its term. */
  void openDefinition() {
    open(": ");
  }

  void closeItem() {
    out.closeItem();
    if (out.inline()) {
      out.space();
    }
  }

  private void open(String marker) {
    if (out.inline()) {
      ListFrame list = lists.peek();
      if (list != null && list.items++ > 0 && !out.isEmpty()) {
        out.joinWith(",");
      }
      out.space();
    }
    out.openItem(marker);
  }

  private String itemMarker() {
    ListFrame list = lists.peek();
    if (list == null || !list.ordered) {
      return "- ";
    }
    return list.next++ + ". ";
  }

  private static long startOf(Element list) {
    String start = list.attr("start").strip();
    if (!start.isEmpty() && start.length() <= 9) {
      try {
        return Math.max(0, Long.parseLong(start));
      } catch (NumberFormatException ignored) {
        // not a number: count from 1 like a browser
      }
    }
    return 1;
  }
}
