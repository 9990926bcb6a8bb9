package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;

/**
 * Title search for archives without a usable full-text index: prefix matches on the title listing,
 * for the query as typed and in its capitalised form (STRICT), or for each of its words (RELAXED).
 * Deterministic: title-listing order within each probe, probes in a fixed order.
 */
final class TitleSearcher implements LibrarySearcher {

  private final Archive archive;

  TitleSearcher(Archive archive) {
    this.archive = archive;
  }

  @Override
  public List<Hit> search(Query query, Mode mode, int count) {
    String q = query.text().strip();
    if (q.isEmpty()) {
      return List.of();
    }
    List<String> probes = new ArrayList<>();
    if (mode == Mode.STRICT) {
      probes.add(q);
      probes.add(Lexical.capitalizeFirst(q));
      probes.add(capitalizeWords(q));
    } else {
      for (String word : q.split("\\s+", -1)) {
        if (word.codePointCount(0, word.length()) >= 3) {
          probes.add(word);
          probes.add(Lexical.capitalizeFirst(word));
        }
      }
    }
    Map<Integer, Hit> hits = new LinkedHashMap<>();
    for (String probe : probes) {
      for (Entry e : archive.findByTitlePrefix(probe, count)) {
        hits.putIfAbsent(e.index(), new Hit(e));
        if (hits.size() >= count) {
          return List.copyOf(hits.values());
        }
      }
    }
    return List.copyOf(hits.values());
  }

  private static String capitalizeWords(String q) {
    StringBuilder out = new StringBuilder();
    for (String word : q.split(" ", -1)) {
      if (out.length() > 0) {
        out.append(' ');
      }
      out.append(Lexical.capitalizeFirst(word));
    }
    return out.toString();
  }
}
