package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which libraries' documents are copies of each other. wikipedia_en_100_mini is listed twice as one
 * file ("A", "B") and once more as a copy whose header UUID is changed ("Renamed"), so the copy is
 * the same content in what is not the same file; wikipedia_en_ray_charles mini and maxi are two
 * snapshots whose "Ray_Charles" article differs (libzim: 7,860 and 171,938 bytes).
 */
class SameDocumentsTest {

  @TempDir static Path root;
  private static Corpus corpus;

  @BeforeAll
  static void open() throws IOException {
    Files.createDirectories(root.resolve("zim"));
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED), root.resolve("zim/hundred.zim"));
    Path renamed =
        Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.HUNDRED), root.resolve("zim/renamed.zim"));
    try (RandomAccessFile file = new RandomAccessFile(renamed.toFile(), "rw")) {
      file.seek(8); // the header's 16-byte UUID follows the magic number and the version
      file.write(0x00); // the first UUID byte is 0xfb (libzim: fb118225-…)
    }
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MINI), root.resolve("zim/mini.zim"));
    Files.copy(TestCorpus.SAMPLES.resolve(TestCorpus.RAY_MAXI), root.resolve("zim/maxi.zim"));
    Map<String, String> libraries = new LinkedHashMap<>();
    libraries.put("A", "zim/hundred.zim");
    libraries.put("B", "zim/hundred.zim");
    libraries.put("Renamed", "zim/renamed.zim");
    libraries.put("Mini", "zim/mini.zim");
    libraries.put("Maxi", "zim/maxi.zim");
    Path config = TestCorpus.writeConfig(root.resolve("config"), libraries);
    corpus =
        Corpus.open(
            CorpusSettings.builder(root, config).logQueries(false).build(),
            TestCorpus.adapters(),
            null);
  }

  @AfterAll
  static void close() {
    corpus.close();
  }

  private static Candidate candidate(String library, String path) {
    Library l = corpus.library(library);
    return Candidate.in(l, 0, l.entry(path)).strength(1).build();
  }

  @Test
  void oneArchiveListedTwiceIsOneFileAndAChangedHeaderIsNot() {
    assertTrue(corpus.library("A").holdsSameFileAs(corpus.library("B")));
    assertFalse(corpus.library("A").holdsSameFileAs(corpus.library("Renamed")));
    assertFalse(corpus.library("Mini").holdsSameFileAs(corpus.library("Maxi")));
  }

  @Test
  void copiesAreListedOnceUnderTheFirstWhetherOrNotTheyShareAFile() {
    Map<DocumentKey, List<Candidate>> copies = new LinkedHashMap<>();
    List<Candidate> kept =
        new SameDocuments(copies)
            .keepNew(
                List.of(
                    candidate("A", "Perth"),
                    candidate("B", "Perth"),
                    candidate("Renamed", "Perth"),
                    candidate("B", "Hoover_Dam")));
    assertEquals(
        List.of("A:Perth", "B:Hoover_Dam"),
        kept.stream().map(c -> c.library().name() + ":" + c.entry().rawPath()).toList());
    assertEquals(
        List.of("B", "Renamed"),
        copies.get(new DocumentKey("A", "Perth")).stream().map(c -> c.library().name()).toList());
  }

  @Test
  void twoSnapshotsOfOneTitleWithOtherContentAreBothKept() {
    Map<DocumentKey, List<Candidate>> copies = new LinkedHashMap<>();
    List<Candidate> kept =
        new SameDocuments(copies)
            .keepNew(List.of(candidate("Mini", "Ray_Charles"), candidate("Maxi", "Ray_Charles")));
    assertEquals(2, kept.size());
    assertEquals(Map.of(), copies);
  }
}
