package org.corpusmcp.markdown;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a table whose cells are already rendered: as a pipe table, as key/value lines (an
 * infobox: every two-cell row a header cell and a data cell), or, inside another table's cell, as
 * one run of text. Each layout is written twice, as Markdown and as plain text, line for line.
 *
 * <p>Spans keep rows aligned: a {@code colspan} cell is followed by empty cells, and a {@code
 * rowspan} cell is repeated in each row it covers, so every row read alone still has its year,
 * album or label (discographies span those over many rows).
 */
final class TableLayout {

  /** Columns beyond this are dropped: no real table is wider, hostile ones may be. */
  static final int MAX_COLUMNS = 100;

  private static final int MAX_SPAN = 50;

  /** One rendered cell. */
  record Cell(Rendered content, boolean header, int colspan, int rowspan) {
    static final Cell EMPTY = new Cell(Rendered.EMPTY, false, 1, 1);

    boolean isEmpty() {
      return content.markdown().isEmpty();
    }
  }

  /** A layout's lines: Markdown, and plain text (without the pipe table's delimiter row). */
  record Lines(List<String> markdown, List<String> text) {
    Lines() {
      this(new ArrayList<>(), new ArrayList<>());
    }

    void add(String md, String plain) {
      markdown.add(md);
      text.add(plain);
    }
  }

  private TableLayout() {}

  /** A {@code colspan}/{@code rowspan} value: 1 unless a number from 1 to 50. */
  static int span(String value) {
    String span = value.strip();
    if (span.isEmpty() || span.length() > 3) {
      return 1;
    }
    try {
      return Math.max(1, Math.min(MAX_SPAN, Integer.parseInt(span)));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  /** The block layout: an optional caption line, then key/value lines or a pipe table. */
  static Lines block(Rendered caption, List<List<Cell>> rows) {
    Lines lines = new Lines();
    if (!caption.markdown().isEmpty()) {
      lines.add(bold(caption.markdown()), caption.text());
    }
    if (isKeyValue(rows)) {
      keyValue(rows, lines);
    } else {
      pipe(rows, lines);
    }
    return lines;
  }

  /**
   * A table inside a table cell cannot be a pipe table: its cells are joined with {@code ", "} and
   * its rows with {@code "; "} ({@code key: value} for key/value rows).
   */
  static Rendered inline(List<List<Cell>> rows) {
    boolean keyValue = isKeyValue(rows);
    List<String> md = new ArrayList<>();
    List<String> text = new ArrayList<>();
    for (List<Cell> row : rows) {
      List<Cell> cells = new ArrayList<>();
      for (Cell c : row) {
        if (!c.isEmpty()) {
          cells.add(c);
        }
      }
      if (cells.isEmpty()) {
        continue;
      }
      if (keyValue && cells.size() == 2) {
        Rendered k = cells.get(0).content();
        Rendered v = cells.get(1).content();
        md.add(k.markdown() + keySeparator(k.markdown()) + v.markdown());
        text.add(k.text() + keySeparator(k.text()) + v.text());
      } else {
        md.add(String.join(", ", cells.stream().map(c -> c.content().markdown()).toList()));
        text.add(String.join(", ", cells.stream().map(c -> c.content().text()).toList()));
      }
    }
    return new Rendered(String.join("; ", md), String.join("; ", text));
  }

  static boolean isKeyValue(List<List<Cell>> rows) {
    int pairs = 0;
    for (List<Cell> row : rows) {
      if (row.size() > 2) {
        return false;
      }
      if (row.size() == 2) {
        if (row.get(1).header()) {
          return false;
        }
        if (row.get(0).header()) {
          pairs++;
        }
      }
    }
    return pairs > 0;
  }

  private static void keyValue(List<List<Cell>> rows, Lines lines) {
    for (List<Cell> row : rows) {
      if (row.size() == 1) {
        Cell only = row.get(0);
        if (!only.isEmpty()) {
          Rendered c = only.content();
          lines.add(only.header() ? bold(c.markdown()) : c.markdown(), c.text());
        }
        continue;
      }
      Rendered key = row.get(0).content();
      Rendered value = row.get(1).content();
      if (key.markdown().isEmpty() && value.markdown().isEmpty()) {
        continue;
      }
      if (key.markdown().isEmpty()) {
        lines.add("- " + value.markdown(), value.text());
      } else {
        String k = row.get(0).header() ? bold(key.markdown()) : key.markdown();
        lines.add(
            "- " + k + keySeparator(key.markdown()) + value.markdown(),
            key.text() + keySeparator(key.text()) + value.text());
      }
    }
  }

  private static void pipe(List<List<Cell>> rows, Lines lines) {
    List<List<Cell>> grid = expandSpans(rows);
    int width = 0;
    for (List<Cell> row : grid) {
      width = Math.max(width, row.size());
    }
    for (int r = 0; r < grid.size(); r++) {
      List<Cell> row = grid.get(r);
      StringBuilder md = new StringBuilder("|");
      StringBuilder text = new StringBuilder();
      for (int c = 0; c < width; c++) {
        Rendered cell = c < row.size() ? row.get(c).content() : Rendered.EMPTY;
        md.append(cell.markdown().isEmpty() ? " " : " " + cell.markdown() + " ").append('|');
        if (c > 0) {
          text.append('\t');
        }
        text.append(cell.text());
      }
      lines.add(md.toString(), text.toString());
      if (r == 0) {
        lines.markdown().add("|" + " --- |".repeat(width)); // the delimiter has no text form
      }
    }
  }

  /**
   * The rows with every span written out: a colspan cell followed by empty cells, a rowspan cell
   * repeated below. Rows without content of their own are dropped.
   */
  static List<List<Cell>> expandSpans(List<List<Cell>> rows) {
    Cell[] carried = new Cell[MAX_COLUMNS];
    int[] remaining = new int[MAX_COLUMNS];
    List<List<Cell>> grid = new ArrayList<>();
    for (List<Cell> row : rows) {
      List<Cell> out = new ArrayList<>();
      boolean any = false;
      int col = 0;
      for (Cell cell : row) {
        col = takeCarried(out, col, carried, remaining);
        if (col >= MAX_COLUMNS) {
          break;
        }
        any |= !cell.isEmpty();
        out.add(cell);
        if (cell.rowspan() > 1) {
          carried[col] = cell;
          remaining[col] = cell.rowspan() - 1;
        }
        col++;
        for (int i = 1; i < cell.colspan() && col < MAX_COLUMNS; i++, col++) {
          out.add(Cell.EMPTY);
        }
      }
      int last = MAX_COLUMNS - 1;
      while (last >= col && remaining[last] == 0) {
        last--;
      }
      while (col <= last) {
        if (remaining[col] > 0) {
          col = takeCarried(out, col, carried, remaining);
        } else {
          out.add(Cell.EMPTY);
          col++;
        }
      }
      if (any) {
        grid.add(out);
      }
    }
    return grid;
  }

  /**
   * Adds the cells carried down into {@code col} and the columns after it; the next free column.
   */
  private static int takeCarried(List<Cell> out, int col, Cell[] carried, int[] remaining) {
    while (col < MAX_COLUMNS && remaining[col] > 0) {
      out.add(carried[col]);
      remaining[col]--;
      col++;
    }
    return col;
  }

  /** Wraps rendered Markdown in {@code **…**} unless it already holds bold text. */
  static String bold(String markdown) {
    return markdown.contains("**") ? markdown : "**" + markdown + "**";
  }

  /** {@code ": "}, or just a space when the key already ends with a colon ("Chinese:"). */
  static String keySeparator(String key) {
    return key.endsWith(":") || key.endsWith("：") ? " " : ": ";
  }
}
