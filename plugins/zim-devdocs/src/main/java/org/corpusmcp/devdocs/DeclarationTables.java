package org.corpusmcp.devdocs;

import org.jsoup.nodes.Element;

/**
 * Unfolds cppreference's declaration tables ({@code table.t-dcl-begin}) into blocks before the page
 * is rendered. Each row holds one declaration in a {@code <pre data-language="cpp">} cell and its
 * number and version notes ("(1)", "(since C++11)") in the cells beside it; the header row says
 * which header defines it. Rendered as a Markdown table, the declaration lost its code fence (a
 * table cell holds one line of inline text), so an agent read a C++ template as prose. Unfolded,
 * each declaration is a {@code cpp} code block followed by its notes.
 */
final class DeclarationTables {

  private DeclarationTables() {}

  static void unfold(Element scope) {
    for (Element table : scope.select("table.t-dcl-begin")) {
      if (table.parent() == null) {
        continue;
      }
      Element blocks = new Element("div");
      for (Element row : table.select("tr")) {
        if (!table.equals(row.closest("table"))) {
          continue;
        }
        Element notesBlock = new Element("p");
        for (Element cell : row.select("> td, > th")) {
          Element code = cell.selectFirst("pre");
          if (code != null) {
            blocks.appendChild(code.clone());
            continue;
          }
          if (!cell.text().isBlank()) {
            if (notesBlock.childNodeSize() > 0) {
              notesBlock.appendText(" ");
            }
            notesBlock.appendChildren(cell.childNodesCopy());
          }
        }
        if (notesBlock.childNodeSize() > 0) {
          blocks.appendChild(notesBlock);
        }
      }
      table.replaceWith(blocks);
    }
  }
}
