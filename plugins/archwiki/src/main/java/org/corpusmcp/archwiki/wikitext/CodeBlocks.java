package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Block-level code for {@code commands}: {@code {{bc}}}, {@code {{hc}}}, {@code <pre>} and
 * space-indented lines. Inline {@code {{ic}}} is never a command by itself, and nothing is inferred
 * from prose.
 *
 * <p>Order: template and {@code <pre>} blocks in document order, then indented blocks in document
 * order. A template or {@code <pre>} block whose cleaned body is blank is not emitted; its span is
 * still consumed so its lines are not rescanned as indented code.
 */
public final class CodeBlocks {

  /**
   * {@code {{bc}}} / {@code {{hc}}}, any case, surrounding whitespace allowed, the name followed by
   * {@code |} or <code>}}</code>. Departure from the Python original: the reference matched <code>
   * {{bc\b</code> — missing {@code {{ bc|…}}} (which MediaWiki and the section renderer both treat
   * as bc) and taking {@code {{bc-x}}}, a different template, for bc.
   */
  static final Pattern CODE_TEMPLATE =
      Regex.compile(
          "\\{\\{" + Regex.S + "*(bc|hc)" + Regex.S + "*(?=[|}])",
          Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

  /** {@code <pre>} with optional attributes, shortest body, case-insensitive, across lines. */
  static final Pattern PRE =
      Regex.compile(
          "<pre(?:" + Regex.S + "[^>]*)?>(.*?)</pre" + Regex.S + "*>",
          Pattern.DOTALL | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

  private static final Set<String> BC_BODY = Set.of("1");
  private static final Set<String> HC_HEADER = Set.of("1");
  private static final Set<String> HC_BODY = Set.of("2", "output");

  private CodeBlocks() {}

  private record Found(int start, int end, CodeBlock block) {}

  /** All code blocks of {@code wikitext} (a page or a section slice). */
  public static List<CodeBlock> extract(String wikitext) {
    List<int[]> nowiki = Nowiki.spans(wikitext);
    String scan = Nowiki.blank(wikitext, nowiki);
    List<Found> found = new ArrayList<>();
    List<int[]> consumed = new ArrayList<>(nowiki);

    // <pre> is an extension tag: like <nowiki>, MediaWiki takes it before templates, so a
    // {{bc}} written inside one is literal text, not a second block.
    List<Found> pres = new ArrayList<>();
    if (scan.indexOf('<') >= 0) {
      Matcher m = PRE.matcher(scan);
      while (m.find()) {
        String raw = wikitext.substring(m.start(1), m.end(1));
        String content = PyText.strip(HtmlEntities.unescape(raw), "\n");
        pres.add(
            new Found(
                m.start(),
                m.end(),
                new CodeBlock(content, raw, CodeBlock.Kind.PRE_TAG, null, null)));
      }
    }
    List<int[]> preSpans = new ArrayList<>();
    for (Found pre : pres) {
      preSpans.add(new int[] {pre.start(), pre.end()});
    }
    String templateScan = Nowiki.blank(scan, preSpans);

    List<int[]> templateSpans = new ArrayList<>();
    for (Templates.Span span : Templates.topLevel(templateScan, CODE_TEMPLATE)) {
      templateSpans.add(new int[] {span.start(), span.end()});
      String inner = wikitext.substring(span.start() + 2, span.end() - 2);
      CodeBlock block;
      if (span.name().equals("bc")) {
        String raw =
            Templates.stripParamName(Templates.param(Templates.split(inner, 1), 1), BC_BODY);
        Markup.Code body = Markup.cleanCode(raw);
        block =
            new CodeBlock(body.text(), raw, CodeBlock.Kind.TEMPLATE_BC, null, placeholders(body));
      } else {
        List<String> params = Templates.split(inner, 2);
        String header =
            Markup.cleanCode(Templates.stripParamName(Templates.param(params, 1), HC_HEADER))
                .text();
        String raw = Templates.stripParamName(Templates.param(params, 2), HC_BODY);
        Markup.Code body = Markup.cleanCode(raw);
        block =
            new CodeBlock(
                body.text(),
                raw,
                CodeBlock.Kind.TEMPLATE_HC,
                header.isEmpty() ? null : header,
                placeholders(body));
      }
      if (!PyText.isBlank(block.content())) {
        found.add(new Found(span.start(), span.end(), block));
      }
    }
    consumed.addAll(templateSpans);
    if (!pres.isEmpty()) {
      for (Found pre : pres) {
        if (!inside(pre, templateSpans)) {
          consumed.add(new int[] {pre.start(), pre.end()});
          if (!PyText.isBlank(pre.block().content())) {
            found.add(pre);
          }
        }
      }
      found.sort(Comparator.comparingInt(Found::start));
    }

    List<CodeBlock> blocks = new ArrayList<>(found.size());
    for (Found f : found) {
      blocks.add(f.block());
    }
    blocks.addAll(indented(wikitext, Nowiki.blank(wikitext, merge(consumed))));
    return blocks;
  }

  /**
   * Indented blocks: a line of the blanked text belongs to one iff it starts with an ASCII space
   * and, stripped, does not start with {@code *}. Consecutive lines form a block.
   *
   * <p>Departure from the Python original: line membership is decided on the blanked text, but each
   * line's payload is taken from the original wikitext. The reference took it from the blanked
   * copy, so a line such as {@code # pacman -U ''<nowiki>http://…</nowiki>''} came out with 64 NUL
   * characters where the URL is, and a hash that verifies against nothing.
   */
  private static List<CodeBlock> indented(String wikitext, String blanked) {
    List<CodeBlock> blocks = new ArrayList<>();
    List<String> current = new ArrayList<>();
    int lineStart = 0;
    int length = blanked.length();
    while (lineStart <= length) {
      int lineEnd = blanked.indexOf('\n', lineStart);
      if (lineEnd < 0) {
        lineEnd = length;
      }
      if (lineEnd > lineStart
          && blanked.charAt(lineStart) == ' '
          && !PyText.lstrip(blanked.substring(lineStart, lineEnd)).startsWith("*")) {
        current.add(wikitext.substring(lineStart + 1, lineEnd));
      } else if (!current.isEmpty()) {
        blocks.add(indentedBlock(current));
        current.clear();
      }
      lineStart = lineEnd + 1;
    }
    if (!current.isEmpty()) {
      blocks.add(indentedBlock(current));
    }
    return blocks;
  }

  private static CodeBlock indentedBlock(List<String> lines) {
    String raw = String.join("\n", lines);
    Markup.Code body = Markup.cleanCode(raw);
    return new CodeBlock(body.text(), raw, CodeBlock.Kind.INDENTED_BLOCK, null, placeholders(body));
  }

  private static boolean inside(Found pre, List<int[]> spans) {
    for (int[] span : spans) {
      if (pre.start() >= span[0] && pre.end() <= span[1]) {
        return true;
      }
    }
    return false;
  }

  private static @Nullable List<String> placeholders(Markup.Code body) {
    return body.placeholders().isEmpty() ? null : body.placeholders();
  }

  /** Sorted union of possibly overlapping spans (a template body may hold a whole nowiki span). */
  static List<int[]> merge(List<int[]> spans) {
    List<int[]> sorted = new ArrayList<>(spans);
    sorted.sort(Comparator.comparingInt((int[] s) -> s[0]).thenComparingInt(s -> s[1]));
    List<int[]> merged = new ArrayList<>();
    for (int[] s : sorted) {
      if (!merged.isEmpty() && s[0] <= merged.get(merged.size() - 1)[1]) {
        int[] last = merged.get(merged.size() - 1);
        last[1] = Math.max(last[1], s[1]);
      } else {
        merged.add(new int[] {s[0], s[1]});
      }
    }
    return merged;
  }
}
