package org.corpusmcp.zim.search;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.jspecify.annotations.Nullable;

/**
 * The ranking libzim asks of suggestions: weight descending, then a value slot (the title)
 * ascending in byte order, then docid, keeping only the best document per non-empty collapse value
 * (Xapian's {@code set_sort_by_relevance_then_value} with {@code set_collapse_key}).
 *
 * <p>Matches arrive in ascending docid order. Only the collapse value is read for every match (the
 * estimate needs the number of distinct ones, and the values stream forward with the docids). Sort
 * values decide only ties, so they are read for two documents of one collapse group with equal
 * weights and, at the end, for the documents whose weight reaches the page's lowest weight: a
 * one-letter query on a 96,000-title index matches tens of thousands of titles, but the page needs
 * the titles of a handful.
 */
final class ValueOrderedRanking {
  private static final Comparator<Matcher.Hit> ORDER =
      Comparator.comparingDouble(Matcher.Hit::weight)
          .reversed()
          .thenComparing((a, b) -> Arrays.compareUnsigned(a.sortKey(), b.sortKey()))
          .thenComparingLong(Matcher.Hit::docid);

  private final GlassDatabase.ValueReader sortValues;
  private final GlassDatabase.@Nullable ValueReader collapseValues;
  private final Map<String, Integer> groupSlot;
  private long[] docids;
  private double[] weights;
  private int size;

  /** {@code expectedMatches}: the query's estimate, to size the tables once. */
  ValueOrderedRanking(GlassDatabase db, int sortSlot, int collapseSlot, long expectedMatches) {
    this.sortValues = db.valueReader(sortSlot);
    this.collapseValues = collapseSlot < 0 ? null : db.valueReader(collapseSlot);
    int expected =
        (int) Math.max(16, Math.min(expectedMatches, 1 << 16)); // grows past that if needed
    this.groupSlot = new HashMap<>(collapseSlot < 0 ? 16 : expected * 4 / 3 + 1);
    this.docids = new long[expected];
    this.weights = new double[expected];
  }

  /** One match; docids must ascend. */
  void add(long docid, double weight) {
    if (collapseValues != null) {
      byte[] key = collapseValues.get(docid);
      if (key.length > 0) {
        Integer slot = groupSlot.putIfAbsent(new String(key, StandardCharsets.ISO_8859_1), size);
        if (slot != null) {
          // the earlier document has the lower docid, so it stays unless this one ranks higher
          if (weight > weights[slot]
              || (weight == weights[slot]
                  && Arrays.compareUnsigned(sortValues.get(docid), sortValues.get(docids[slot]))
                      < 0)) {
            docids[slot] = docid;
            weights[slot] = weight;
          }
          return;
        }
      }
    }
    if (size == docids.length) {
      docids = Arrays.copyOf(docids, size * 2);
      weights = Arrays.copyOf(weights, size * 2);
    }
    docids[size] = docid;
    weights[size] = weight;
    size++;
  }

  /** Documents left after collapsing: Xapian's count of unique matches. */
  int kept() {
    return size;
  }

  /** Ranks {@code start .. end} (exclusive) of the collapsed ranking, with their sort values. */
  List<Matcher.Hit> page(int start, int end) {
    if (end <= start || size == 0) {
      return List.of();
    }
    double lowest = lowestOfTop(Math.min(end, size));
    List<Integer> chosen = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      if (weights[i] >= lowest) {
        chosen.add(i);
      }
    }
    // read the sort values in docid order, the order the value reader streams in
    chosen.sort(Comparator.comparingLong(i -> docids[i]));
    List<Matcher.Hit> top = new ArrayList<>(chosen.size());
    for (int i : chosen) {
      top.add(new Matcher.Hit(docids[i], weights[i], 0, sortValues.get(docids[i])));
    }
    top.sort(ORDER);
    return top.subList(Math.min(start, top.size()), Math.min(end, top.size()));
  }

  /** The k-th greatest weight (k ≤ size): a sorted window of the k greatest seen so far. */
  private double lowestOfTop(int k) {
    if (k > 64) { // a deep page: sorting is cheaper than a wide window
      double[] all = Arrays.copyOf(weights, size);
      Arrays.sort(all);
      return all[size - k];
    }
    double[] best = new double[k]; // ascending; best[0] is the smallest kept
    int filled = 0;
    for (int i = 0; i < size; i++) {
      double w = weights[i];
      if (filled < k) {
        int j = filled++;
        while (j > 0 && best[j - 1] > w) {
          best[j] = best[j - 1];
          j--;
        }
        best[j] = w;
      } else if (w > best[0]) {
        int j = 0;
        while (j + 1 < k && best[j + 1] < w) {
          best[j] = best[j + 1];
          j++;
        }
        best[j] = w;
      }
    }
    return best[0];
  }
}
