package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.corpus.ArchiveFaults;
import org.corpusmcp.corpus.ByteFingerprint;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.zim.StoredBlob;

/**
 * Recognises the same document in two libraries (two snapshots of one wiki, one archive listed
 * twice) among ranked candidates, so it is listed once: the same title (compared lexically) and the
 * same raw content. Content is compared as cheaply as the two archives allow: the same path in the
 * same archive file (one archive listed twice) reads nothing; the same blob of byte-identical
 * stored clusters (a copy of an archive under another UUID) reads each cluster once while its
 * library is open and decodes nothing; otherwise documents of one size are compared by a 64-bit
 * fingerprint of their decoded bytes, each computed at most once per search. Nothing is read unless
 * a title repeats in another library. The copy kept is the one ranked first; equal documents in one
 * collection weigh the same, so that is the one of the library listed first in corpus.toml. Runs
 * before diversity, which would otherwise move a copy up in place of another library's own result.
 *
 * <p>One instance remembers every document it has kept, so the segments of one answer (strict hits,
 * then any-word hits; the typed query's, then the corrected query's) are checked against each
 * other: a document already listed in an earlier segment is not listed again, nor is its copy.
 */
final class SameDocuments {

  private final Map<DocumentKey, List<Candidate>> copies;
  private final Map<String, List<Candidate>> byTitle = new LinkedHashMap<>();
  private final Set<DocumentKey> kept = new HashSet<>();
  private final Map<DocumentKey, Long> contentFingerprints = new HashMap<>();

  /**
   * @param copies where each kept candidate's copies go, keyed by the kept one
   */
  SameDocuments(Map<DocumentKey, List<Candidate>> copies) {
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
  List<Candidate> keepNew(List<Candidate> ranked) {
    List<Candidate> out = new ArrayList<>(ranked.size());
    for (Candidate c : ranked) {
      if (!kept.add(c.key())) {
        continue; // this very document is listed already
      }
      // the title of a dirent decoded already: nothing is read, so nothing can be damaged
      String title = Lexical.normalize(c.entry().title());
      List<Candidate> same = byTitle.computeIfAbsent(title, k -> new ArrayList<>());
      Candidate original = null;
      for (Candidate earlier : same) {
        if (!earlier.library().name().equals(c.library().name()) && sameContent(earlier, c)) {
          original = earlier;
          break;
        }
      }
      if (original == null) {
        same.add(c);
        out.add(c);
      } else {
        List<Candidate> of = copies.computeIfAbsent(original.key(), k -> new ArrayList<>());
        addOnce(of, c);
        // a copy found by an earlier dedupe (of another segment's search) stays a copy of the one
        // kept
        List<Candidate> ofCopy = copies.remove(c.key());
        if (ofCopy != null) {
          ofCopy.forEach(x -> addOnce(of, x));
        }
      }
    }
    return out;
  }

  private static void addOnce(List<Candidate> list, Candidate c) {
    for (Candidate x : list) {
      if (x.key().equals(c.key())) {
        return;
      }
    }
    list.add(c);
  }

  private boolean sameContent(Candidate a, Candidate b) {
    try {
      if (a.library().holdsSameFileAs(b.library())
          && a.entry().rawPath().equals(b.entry().rawPath())) {
        return true;
      }
      if (sameStoredBlob(a, b)) {
        return true;
      }
      if (a.entry().size() != b.entry().size()) {
        return false;
      }
      return contentFingerprint(a) == contentFingerprint(b);
    } catch (RuntimeException e) {
      if (!ArchiveFaults.isArchiveFault(e)) {
        throw e; // a bug, not damage: the search reports an internal failure
      }
      return false; // unreadable: not known to be the same, so both stay
    }
  }

  /**
   * The same blob of the same stored cluster: a copy of an archive under another UUID, or a
   * snapshot that kept the cluster. Reading a stored cluster costs a fraction of decoding it, and
   * each is read once while its library is open, however many of its blobs are compared.
   */
  private boolean sameStoredBlob(Candidate a, Candidate b) {
    StoredBlob sa = a.entry().storedBlob();
    StoredBlob sb = b.entry().storedBlob();
    // the fingerprint covers the stored bytes' length too, and is kept by cluster number, so a
    // cluster known already is neither read nor measured again
    return sa != null
        && sb != null
        && sa.blob() == sb.blob()
        && a.library().storedClusterFingerprint(sa) == b.library().storedClusterFingerprint(sb);
  }

  private long contentFingerprint(Candidate c) {
    return contentFingerprints.computeIfAbsent(
        c.key(), k -> ByteFingerprint.of(c.entry().content().source()));
  }
}
