package org.corpusmcp.mediawiki;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;

/**
 * Removes navigation widgets from infoboxes before the page is cleaned: rows whose text is mostly
 * invisible. Wikipedia's locator maps are drawn that way: the element infobox's "Oxygen in the
 * periodic table" row is a grid of 118 cells, each a coloured box whose label (the element's name)
 * is written in transparent ink, followed by the neighbours ("nitrogen ← oxygen → fluorine"). A
 * reader sees a small picture; rendered as text it is a list of 118 names that says nothing about
 * oxygen. The row goes, and so does a header row that only titles it.
 *
 * <p>"Mostly" (at least half of the row's characters) keeps ordinary rows that only carry a
 * transparent alignment digit (the {@code {{0}}} template). The invisible text elsewhere is removed
 * by {@link MediaWikiPolicy} itself.
 */
final class NavigationWidgets {

  /** Text a reader never sees: ink coloured transparent ({@code background-color} is not ink). */
  static final String INVISIBLE_INK = "[style~=(?i)(^|;)\\s*color\\s*:\\s*transparent]";

  // The infobox's own rows (rows of a table nested in a cell belong to the widget, if any); parsed
  // once, as parsing it took a good part of this pass on every page. Evaluators are thread-safe.
  private static final Evaluator INFOBOX_ROWS_WITH_INK =
      QueryParser.parse(
          "table.infobox > tbody > tr:has("
              + INVISIBLE_INK
              + "), table.infobox > tr:has("
              + INVISIBLE_INK
              + ")");

  private static final Evaluator INK = QueryParser.parse(INVISIBLE_INK);

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private NavigationWidgets() {}

  static void removeFrom(Document dom) {
    List<Element> widgets = new ArrayList<>();
    for (Element row : dom.select(INFOBOX_ROWS_WITH_INK)) {
      if (isMostlyInvisible(row) && !widgets.contains(row)) {
        widgets.add(row);
      }
    }
    for (Element row : widgets) {
      Element before = row.previousElementSibling();
      if (before != null && isHeaderOnly(before)) {
        before.remove();
      }
      row.remove();
    }
  }

  private static boolean isMostlyInvisible(Element row) {
    int all = visibleLength(row.text());
    if (all == 0) {
      return false;
    }
    int invisible = 0;
    for (Element ink : row.select(INK)) {
      if (ink.parents().stream().noneMatch(up -> up.is(INVISIBLE_INK))) {
        invisible += visibleLength(ink.text());
      }
    }
    return invisible * 2 >= all;
  }

  /** A row holding one header cell and nothing else: the title of the widget below it. */
  private static boolean isHeaderOnly(Element row) {
    return row.is("tr") && row.childrenSize() == 1 && row.child(0).is("th");
  }

  private static int visibleLength(String text) {
    return WHITESPACE.matcher(text).replaceAll("").length();
  }
}
