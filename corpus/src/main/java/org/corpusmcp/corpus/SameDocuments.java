package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Recognises the same document in two libraries (two snapshots of one wiki, one archive listed
 * twice) among ranked candidates, so it is listed once: the same title (compared lexically) and the
 * same raw content, by size and then by a CRC-32C of the bytes. The content is read only when a
 * title repeats in another library, so the check costs nothing for most searches. The copy kept is
 * the one ranked first; equal documents in one collection weigh the same, so that is the one of the
 * library listed first in corpus.toml. Runs before diversity, which would otherwise move a copy up
 * in place of another library's own result.
 */
final class SameDocuments {

  private SameDocuments() {}

  /**
   * {@code ranked} without copies of an earlier candidate; each kept candidate's copies in {@code
   * copies}.
   */
  static List<FederatedSearch.Candidate> dropCopies(
      List<FederatedSearch.Candidate> ranked,
      Map<DocumentKey, List<FederatedSearch.Candidate>> copies) {
    Map<String, List<FederatedSearch.Candidate>> byTitle = new LinkedHashMap<>();
    List<FederatedSearch.Candidate> out = new ArrayList<>(ranked.size());
    for (FederatedSearch.Candidate c : ranked) {
      String title;
      try {
        title = Lexical.normalize(c.entry().title());
      } catch (RuntimeException e) {
        out.add(c); // unreadable here: kept, and reported when it is loaded
        continue;
      }
      List<FederatedSearch.Candidate> same = byTitle.computeIfAbsent(title, k -> new ArrayList<>());
      FederatedSearch.Candidate original = null;
      for (FederatedSearch.Candidate earlier : same) {
        if (!earlier.library().name().equals(c.library().name()) && sameContent(earlier, c)) {
          original = earlier;
          break;
        }
      }
      if (original == null) {
        same.add(c);
        out.add(c);
      } else {
        copies
            .computeIfAbsent(
                new DocumentKey(original.library().name(), original.entry().rawPath()),
                k -> new ArrayList<>())
            .add(c);
      }
    }
    return out;
  }

  private static boolean sameContent(FederatedSearch.Candidate a, FederatedSearch.Candidate b) {
    try {
      if (a.entry().size() != b.entry().size()) {
        return false;
      }
      return fingerprint(a.entry().content().bytes()) == fingerprint(b.entry().content().bytes());
    } catch (RuntimeException e) {
      return false; // unreadable: not known to be the same, so both stay
    }
  }

  private static long fingerprint(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return crc.getValue();
  }
}
