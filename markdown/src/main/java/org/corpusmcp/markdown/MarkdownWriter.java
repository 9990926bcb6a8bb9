package org.corpusmcp.markdown;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.jsoup.nodes.Node;
import org.jspecify.annotations.Nullable;

/**
 * The two outputs of one walk, Markdown and plain text, and the layout rules they share: pending
 * line and paragraph breaks, the line prefixes of quotes and list items (with an item's marker on
 * its first line), spaces between words, and inline markers ({@code **}, {@code *}, {@code ~~},
 * links) opened lazily before their first visible text and closed at every break. The plain text
 * takes the Markdown's breaks and spaces but none of its markers, prefixes or escapes.
 */
final class MarkdownWriter {

  /** An inline wrapper whose opening marker is written lazily, before its first visible text. */
  private static final class Frame {
    final Node owner;
    final String open;
    final String close;
    boolean flushed;

    Frame(Node owner, String open, String close) {
      this.owner = owner;
      this.open = open;
      this.close = close;
    }
  }

  private final boolean inline;
  private final StringBuilder out = new StringBuilder();
  private final StringBuilder text = new StringBuilder();

  // Block layout.
  private int pendingBreaks; // newlines wanted before the next content (0, 1 or 2)
  // The prefix the pending breaks' blank lines may carry: what was open both when the break was
  // asked for and now. A paragraph followed by a quote gets "a\n\n> b", not "a\n>\n> b".
  private String breakPrefix = "";
  private boolean lineStart = true;
  private boolean pendingSpace;
  private final Deque<String> prefixes = new ArrayDeque<>(); // one per blockquote/list item
  private String joinedPrefix = "";
  private int indentDepth;
  private int itemDepth;
  private @Nullable String pendingMarker; // "- " / "3. " / ": " waiting for the item's content
  private int markerPrefixStart; // joinedPrefix length before the item's own continuation
  private int markerPrefixLength; // length of the item's continuation prefix

  // The plain text's own pending layout: taken over from the Markdown's when content starts, and
  // written only before plain text, so Markdown-only tokens ("---", markers) leave no gaps.
  private int textBreaks;
  private boolean textSpace;

  // Inline markers.
  private final List<Frame> frames = new ArrayList<>();
  private String lastClose = ""; // the last inline closer written, to merge "**a****b**"
  private int lastCloseEnd = -1;

  /**
   * @param inline true for a table cell: one line, breaks become spaces
   */
  MarkdownWriter(boolean inline) {
    this.inline = inline;
  }

  boolean inline() {
    return inline;
  }

  /** True inside a list item or a quote, where headings are written as bold text. */
  boolean nested() {
    return itemDepth > 0 || !prefixes.isEmpty();
  }

  boolean isEmpty() {
    return out.length() == 0;
  }

  // --- inline markers -------------------------------------------------------------------------

  void push(Node owner, String open, String close) {
    frames.add(new Frame(owner, open, close));
  }

  /** Closes the frame owned by {@code owner} if it is on top; true if there was one. */
  boolean pop(Node owner) {
    if (frames.isEmpty() || !frames.get(frames.size() - 1).owner.equals(owner)) {
      return false;
    }
    Frame f = frames.remove(frames.size() - 1);
    if (f.flushed) {
      out.append(f.close);
      lastClose = f.close;
      lastCloseEnd = out.length();
    }
    return true;
  }

  /** Writes pending breaks, the line prefix or a pending space, then unflushed frame openers. */
  private void startContent() {
    if (inline) {
      if (pendingSpace && out.length() > 0) {
        out.append(' ');
        textSpace = true;
      }
      pendingSpace = false;
    } else {
      if (pendingBreaks > 0 && out.length() > 0) {
        String blank = commonPrefix(breakPrefix, joinedPrefix).stripTrailing();
        for (int i = 1; i < pendingBreaks; i++) {
          out.append('\n').append(blank);
        }
        out.append('\n');
        lineStart = true;
        textBreaks = Math.max(textBreaks, pendingBreaks);
      }
      pendingBreaks = 0;
      if (lineStart) {
        out.append(linePrefix());
        pendingMarker = null;
        lineStart = false;
        pendingSpace = false;
      } else if (pendingSpace) {
        out.append(' ');
        pendingSpace = false;
        textSpace = true;
      }
    }
    for (Frame f : frames) {
      if (!f.flushed) {
        if (f.open.equals(lastClose) && out.length() == lastCloseEnd && !f.open.equals("[")) {
          out.setLength(out.length() - lastClose.length()); // "**a****b**" → "**ab**"
        } else {
          out.append(f.open);
        }
        f.flushed = true;
      }
    }
  }

  /** Appends plain text after the breaks or the space the Markdown had before it. */
  private void appendText(String plain) {
    if (plain.isEmpty()) {
      return;
    }
    if (text.length() > 0) {
      if (textBreaks > 0) {
        text.append("\n".repeat(textBreaks));
      } else if (textSpace && text.charAt(text.length() - 1) != ' ') {
        text.append(' ');
      }
    }
    textBreaks = 0;
    textSpace = false;
    text.append(plain);
  }

  private String linePrefix() {
    if (pendingMarker == null) {
      return joinedPrefix;
    }
    int end = Math.min(joinedPrefix.length(), markerPrefixStart + markerPrefixLength);
    return joinedPrefix.substring(0, Math.min(markerPrefixStart, joinedPrefix.length()))
        + pendingMarker
        + joinedPrefix.substring(end);
  }

  // --- text -----------------------------------------------------------------------------------

  /** Writes text from the page: whitespace collapsed, escaped for where it lands. */
  void text(String source, boolean inLink) {
    String raw = SafeText.strip(source);
    if (raw.isEmpty()) {
      return;
    }
    String collapsed = Whitespace.collapse(raw);
    boolean leading = collapsed.charAt(0) == ' ';
    boolean trailing = collapsed.charAt(collapsed.length() - 1) == ' ';
    String core = collapsed.strip();
    if (core.isEmpty()) {
      space();
      return;
    }
    if (leading) {
      space();
    }
    if (pendingSpace && !leading && startsWithClosingPunctuation(core)) {
      // "word )" and "word ," are left behind when cleaning removed what stood between them
      // ("(listen)" links, citation markers); a browser would never have shown that space.
      pendingSpace = false;
    }
    boolean atStart = !inline && (lineStart || pendingBreaks > 0 || out.length() == 0);
    boolean framesToOpen = false;
    for (Frame f : frames) {
      framesToOpen |= !f.flushed;
    }
    startContent();
    out.append(MarkdownEscapes.text(core, atStart && !framesToOpen, inLink, inline));
    appendText(core);
    if (trailing) {
      space();
    }
  }

  private static boolean startsWithClosingPunctuation(String s) {
    char c = s.charAt(0);
    return c == ')' || c == ',' || c == ';' || c == '.';
  }

  void space() {
    if (out.length() > 0 && (inline || !lineStart)) {
      pendingSpace = true;
    }
  }

  /** Writes a literal token (already Markdown) as content, and its plain form beside it. */
  void token(String markdown, String plain) {
    startContent();
    out.append(markdown);
    appendText(plain);
  }

  /** Writes {@code separator} right after the last content, in both outputs (no space before). */
  void joinWith(String separator) {
    pendingSpace = false;
    startContent();
    out.append(separator);
    if (text.length() > 0) {
      text.append(separator);
    }
  }

  // --- blocks ---------------------------------------------------------------------------------

  /** A paragraph-level break: a blank line, or a single newline inside list items. */
  void blockBreak() {
    breakLines(itemDepth > 0 ? 1 : 2);
  }

  /** A break that starts a new line without a blank line. */
  void lineBreak() {
    breakLines(1);
  }

  private void breakLines(int n) {
    if (inline) {
      space();
      return;
    }
    // Close flushed inline markers at the break; they reopen before the next text.
    for (int i = frames.size() - 1; i >= 0; i--) {
      Frame f = frames.get(i);
      if (f.flushed) {
        out.append(f.close);
        f.flushed = false;
      }
    }
    pendingSpace = false;
    if (out.length() > 0 || pendingMarker != null) {
      breakPrefix = pendingBreaks == 0 ? joinedPrefix : commonPrefix(breakPrefix, joinedPrefix);
      pendingBreaks = Math.max(pendingBreaks, n);
    }
  }

  private static String commonPrefix(String a, String b) {
    int n = 0;
    int max = Math.min(a.length(), b.length());
    while (n < max && a.charAt(n) == b.charAt(n)) {
      n++;
    }
    return a.substring(0, n);
  }

  void pushPrefix(String prefix) {
    String effective = indentDepth < MarkdownRenderer.MAX_INDENT_DEPTH ? prefix : "";
    indentDepth++;
    prefixes.push(effective);
    joinedPrefix = joinedPrefix + effective;
  }

  void popPrefix() {
    if (prefixes.isEmpty()) {
      return;
    }
    String p = prefixes.pop();
    indentDepth--;
    joinedPrefix = joinedPrefix.substring(0, joinedPrefix.length() - p.length());
  }

  /**
   * Starts a list item: a new line whose first line carries {@code marker} and whose further lines
   * are indented by its width. Inline, only counts the nesting.
   */
  void openItem(String marker) {
    if (inline) {
      itemDepth++;
      return;
    }
    if (pendingMarker != null) {
      startContent(); // an item with no text of its own before a nested item: write its marker
    }
    itemDepth++;
    lineBreak();
    if (out.length() == 0) {
      pendingBreaks = 0;
    }
    markerPrefixStart = joinedPrefix.length();
    pushPrefix(" ".repeat(marker.length()));
    markerPrefixLength = prefixes.peek().length();
    pendingMarker = indentDepth <= MarkdownRenderer.MAX_INDENT_DEPTH ? marker : "";
    if (pendingMarker.isEmpty()) {
      pendingMarker = null;
    }
  }

  void closeItem() {
    if (inline) {
      itemDepth = Math.max(0, itemDepth - 1);
      return;
    }
    pendingMarker = null;
    popPrefix();
    itemDepth = Math.max(0, itemDepth - 1);
    lineBreak();
  }

  /** Lines that are Markdown already (a table, a fence), each carrying the current prefix. */
  void lines(List<String> markdown, String plain) {
    if (markdown.isEmpty()) {
      return;
    }
    blockBreak();
    startContent();
    out.append(markdown.get(0));
    for (int i = 1; i < markdown.size(); i++) {
      out.append('\n').append(joinedPrefix).append(markdown.get(i));
    }
    appendText(plain);
    blockBreak();
  }

  // --- finishing ------------------------------------------------------------------------------

  Rendered finish() {
    for (int i = frames.size() - 1; i >= 0; i--) {
      Frame f = frames.get(i);
      if (f.flushed) {
        out.append(f.close);
      }
    }
    frames.clear();
    if (inline) {
      return new Rendered(out.toString().strip(), text.toString().strip());
    }
    return new Rendered(
        Whitespace.trimLines(out.toString()), Whitespace.trimLines(text.toString()));
  }
}
