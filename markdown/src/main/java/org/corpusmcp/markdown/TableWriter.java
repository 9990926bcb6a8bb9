package org.corpusmcp.markdown;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.corpusmcp.api.corpus.LinkResolver;
import org.jsoup.nodes.Element;

/**
 * A {@code table} element: its rows and cells collected from the DOM (visible cells only, with
 * their spans), each cell rendered by a nested one-line walk, then laid out by {@link TableLayout}:
 * a Markdown table in a block, a "cell; cell" run inside another table's cell, or, for a one-cell
 * layout wrapper, the cell's content as blocks. Nesting is bounded by {@link
 * MarkdownRenderer#MAX_TABLE_DEPTH}: deeper tables are written as their text.
 */
final class TableWriter {

  private final MarkdownWriter out;
  private final LinkResolver links;
  private final int tableDepth;

  /**
   * @param tableDepth how many tables enclose the walk that meets this table
   */
  TableWriter(MarkdownWriter out, LinkResolver links, int tableDepth) {
    this.out = out;
    this.links = links;
    this.tableDepth = tableDepth;
  }

  void write(Element table, boolean inLink) {
    if (tableDepth >= MarkdownRenderer.MAX_TABLE_DEPTH) {
      out.text(" " + table.text() + " ", inLink); // Element.text() walks iteratively
      return;
    }
    List<List<Element>> rows = new ArrayList<>();
    Element caption = null;
    for (Element child : table.children()) {
      String n = child.normalName();
      if (n.equals("tr")) {
        rows.add(cellElements(child));
      } else if (n.equals("thead") || n.equals("tbody") || n.equals("tfoot")) {
        for (Element tr : child.children()) {
          if (tr.nameIs("tr")) {
            rows.add(cellElements(tr));
          }
        }
      } else if (n.equals("caption") && caption == null) {
        caption = child;
      }
    }
    rows.removeIf(List::isEmpty);
    if (out.inline()) {
      Rendered joined = TableLayout.inline(rendered(rows));
      if (!joined.markdown().isEmpty()) {
        out.space();
        out.token(joined.markdown(), joined.text()); // cells are Markdown already: no escaping
        out.space();
      }
      return;
    }
    Rendered captionText = caption == null ? Rendered.EMPTY : cell(caption);
    if (rows.size() == 1 && rows.get(0).size() == 1) {
      // A layout wrapper: render the single cell's content as blocks.
      Rendered content = new RenderWalk(links, false, tableDepth + 1).run(rows.get(0).get(0));
      if (!captionText.markdown().isEmpty()) {
        TableLayout.Lines lines = new TableLayout.Lines();
        lines.add(TableLayout.bold(captionText.markdown()), captionText.text());
        emit(lines);
      }
      if (!content.markdown().isEmpty()) {
        out.lines(Arrays.asList(content.markdown().split("\n", -1)), content.text());
      }
      return;
    }
    emit(TableLayout.block(captionText, rendered(rows)));
  }

  private void emit(TableLayout.Lines lines) {
    out.lines(lines.markdown(), String.join("\n", lines.text()));
  }

  private static List<Element> cellElements(Element tr) {
    List<Element> cells = new ArrayList<>();
    for (Element c : tr.children()) {
      if ((c.nameIs("td") || c.nameIs("th")) && !RenderWalk.isHidden(c)) {
        cells.add(c);
      }
    }
    return cells;
  }

  private List<List<TableLayout.Cell>> rendered(List<List<Element>> rows) {
    List<List<TableLayout.Cell>> out = new ArrayList<>(rows.size());
    for (List<Element> row : rows) {
      List<TableLayout.Cell> cells = new ArrayList<>(row.size());
      for (Element c : row) {
        cells.add(
            new TableLayout.Cell(
                cell(c),
                c.nameIs("th"),
                TableLayout.span(c.attr("colspan")),
                TableLayout.span(c.attr("rowspan"))));
      }
      out.add(cells);
    }
    return out;
  }

  private Rendered cell(Element cell) {
    if (tableDepth >= MarkdownRenderer.MAX_TABLE_DEPTH) {
      String plain = MarkdownRenderer.normalizeSpace(SafeText.strip(cell.text()));
      return new Rendered(plain.replace("|", "\\|"), plain);
    }
    return new RenderWalk(links, true, tableDepth + 1).run(cell);
  }
}
