package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;

/**
 * A few documents of a library, found by reading a few directory entries at fixed places (a third
 * and two thirds through the archive), never by listing them: what a fresh server's warm-up
 * searches for and fetches. Bounded: at most {@value #LOOK} directory entries read per place.
 */
public final class SampleDocuments {

  /** A document: its title and the ref that fetches it. */
  public record Sample(String title, String ref) {}

  /** Directory entries read looking for one document, at most. */
  private static final int LOOK = 512;

  private SampleDocuments() {}

  /** Up to two documents of {@code library}, distinct, in the order found. */
  public static List<Sample> of(Library library) {
    int n = library.archive().allEntryCount();
    List<Sample> found = new ArrayList<>(2);
    for (int at : new int[] {n / 3, 2 * n / 3}) {
      Entry entry = document(library, at);
      if (entry != null) {
        Sample sample =
            new Sample(entry.title(), Refs.encode(library.name(), library.refPath(entry)));
        if (!found.contains(sample)) {
          found.add(sample);
        }
      }
    }
    return found;
  }

  /** The first document at or after {@code index}, within {@value #LOOK} entries, or null. */
  private static @Nullable Entry document(Library library, int index) {
    int n = library.archive().allEntryCount();
    for (int i = index; i < n && i < index + LOOK; i++) {
      Entry entry = library.archive().entryAt(i);
      if (library.isDocument(entry) && !entry.title().isBlank()) {
        return entry;
      }
    }
    return null;
  }
}
