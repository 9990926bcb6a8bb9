package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * Recognises the same document in two libraries (two snapshots of one wiki, one archive listed
 * twice) among ranked candidates, so it is listed once: the same title (compared lexically) and the
 * same raw content: the same path in the same archive file (one archive listed twice), else the
 * same size and then the same CRC-32C of the bytes. The content is read only when a title repeats
 * in another library that is not the same file, and each document's at most once per search, so the
 * check costs nothing for most searches; libraries that share many articles in different files (a
 * copy under another UUID) still pay a cluster decode for each copy. The copy kept is the one
 * ranked first; equal documents in one collection weigh the same, so that is the one of the library
 * listed first in corpus.toml. Runs before diversity, which would otherwise move a copy up in place
 * of another library's own result.
 *
 * <p>One instance remembers every document it has kept, so the segments of one answer (strict hits,
 * then any-word hits; the typed query's, then the corrected query's) are checked against each
 * other: a document already listed in an earlier segment is not listed again, nor is its copy.
 */
final class SameDocuments {

  private final Map<DocumentKey, List<FederatedSearch.Candidate>> copies;
  private final Map<String, List<FederatedSearch.Candidate>> byTitle = new LinkedHashMap<>();
  private final Set<DocumentKey> kept = new HashSet<>();
  private final Map<DocumentKey, Long> fingerprints = new HashMap<>();

  /**
   * @param copies where each kept candidate's copies go, keyed by the kept one
   */
  SameDocuments(Map<DocumentKey, List<FederatedSearch.Candidate>> copies) {
    this.copies = copies;
  }

  /**
   * Forgets what was kept and every copy recorded, to check a new ranking from the start; what was
   * read of each document's content is kept, so it is not read again.
   */
  void startOver() {
    kept.clear();
    byTitle.clear();
    copies.clear();
  }

  /**
   * {@code ranked} without the documents kept before (by this call or an earlier one) and without
   * copies of them; each copy goes to {@code copies} under the candidate kept.
   */
  List<FederatedSearch.Candidate> keepNew(List<FederatedSearch.Candidate> ranked) {
    List<FederatedSearch.Candidate> out = new ArrayList<>(ranked.size());
    for (FederatedSearch.Candidate c : ranked) {
      if (!kept.add(key(c))) {
        continue; // this very document is listed already
      }
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
        List<FederatedSearch.Candidate> of =
            copies.computeIfAbsent(key(original), k -> new ArrayList<>());
        addOnce(of, c);
        // a copy found by an earlier dedupe (of another segment's search) stays a copy of the one
        // kept
        List<FederatedSearch.Candidate> ofCopy = copies.remove(key(c));
        if (ofCopy != null) {
          ofCopy.forEach(x -> addOnce(of, x));
        }
      }
    }
    return out;
  }

  private static void addOnce(List<FederatedSearch.Candidate> list, FederatedSearch.Candidate c) {
    for (FederatedSearch.Candidate x : list) {
      if (key(x).equals(key(c))) {
        return;
      }
    }
    list.add(c);
  }

  private static DocumentKey key(FederatedSearch.Candidate c) {
    return new DocumentKey(c.library().name(), c.entry().rawPath());
  }

  private boolean sameContent(FederatedSearch.Candidate a, FederatedSearch.Candidate b) {
    try {
      if (a.entry().size() != b.entry().size()) {
        return false;
      }
      if (a.library().holdsSameFileAs(b.library())
          && a.entry().rawPath().equals(b.entry().rawPath())) {
        return true;
      }
      return fingerprint(a) == fingerprint(b);
    } catch (RuntimeException e) {
      return false; // unreadable: not known to be the same, so both stay
    }
  }

  // Each read decodes a cluster, so a document compared with several copies is read once.
  private long fingerprint(FederatedSearch.Candidate c) {
    DocumentKey key = key(c);
    Long known = fingerprints.get(key);
    if (known != null) {
      return known;
    }
    CRC32C crc = new CRC32C();
    crc.update(c.entry().content().bytes());
    fingerprints.put(key, crc.getValue());
    return crc.getValue();
  }
}
